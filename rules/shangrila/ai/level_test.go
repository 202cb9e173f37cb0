package ai

import "testing"

// TestNewLevel checks that a player plays the level it was made for (the
// levels' names are read by rules.ParseLevel, tested there).
func TestNewLevel(t *testing.T) {
	for _, l := range Levels {
		if got := New(l, 1, Options{}).Level(); got != l {
			t.Errorf("New(%v).Level() = %v", l, got)
		}
	}
}
