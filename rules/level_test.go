package rules

import "testing"

func TestParseLevel(t *testing.T) {
	tests := []struct {
		in   string
		want Level
		ok   bool
	}{
		{"random", Random, true}, {"easy", Easy, true}, {" Medium ", Medium, true}, {"HARD", Hard, true},
		{"", 0, false}, {"expert", 0, false}, {"hard2", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := ParseLevel(tt.in)
			if got != tt.want || ok != tt.ok {
				t.Errorf("ParseLevel(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
	for _, l := range Levels {
		if got, ok := ParseLevel(l.String()); !ok || got != l {
			t.Errorf("%v does not read back", l)
		}
	}
	if got := Level(9).String(); got != "level?" {
		t.Errorf("Level(9) = %q", got)
	}
}
