package bot

import "testing"

func TestClip(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly", 7, "exactly"},
		{"too long", 5, "too …"},
		{"città di là", 6, "città…"},
	}
	for _, tt := range tests {
		t.Run(tt.s, func(t *testing.T) {
			if got := Clip(tt.s, tt.n); got != tt.want {
				t.Errorf("Clip(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
			}
		})
	}
}
