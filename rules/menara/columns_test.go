package menara_test

import (
	"fmt"
	"testing"

	mr "github.com/tablebot/tablebot/rules/menara"
)

// TestColumnsGroups lists the groups of columns a hand may give and the
// camp offer for them: every size smallest first, or n of them without
// the colours skipped.
func TestColumnsGroups(t *testing.T) {
	cols := func(s string) mr.Columns {
		t.Helper()
		c, ok := mr.ParseColumns(s)
		if !ok {
			t.Fatalf("columns %q", s)
		}
		return c
	}
	tests := []struct {
		from, skip string
		n          int
		want       string
	}{
		{"YYR", "", 0, "[R Y YR YY YYR]"},
		{"YYRB", "Y", 2, "[RB]"},
		{"YRB", "R", 1, "[B Y]"},
		{"Y", "Y", 0, "[]"},
	}
	for _, tt := range tests {
		t.Run(tt.from+"/"+tt.skip, func(t *testing.T) {
			var skip mr.Columns
			if tt.skip != "" {
				skip = cols(tt.skip)
			}
			if got := fmt.Sprint(cols(tt.from).Groups(skip, tt.n)); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}
