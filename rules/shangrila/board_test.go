package shangrila_test

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// TestNeighbours checks the board graph against the table of the board
// notes (neighbours with 4 players).
func TestNeighbours(t *testing.T) {
	want := map[string]string{
		"A": "B D E G", "B": "A C F", "C": "B F J", "D": "A E G K", "E": "A D F H",
		"F": "B C E I", "G": "A D K", "H": "E I K L", "I": "F H J M", "J": "C I M",
		"K": "D G H L", "L": "H K M", "M": "I J L",
	}
	for key, w := range want {
		t.Run(key, func(t *testing.T) {
			var got []string
			for _, n := range village(t, key).Neighbours() {
				got = append(got, n.String())
			}
			if g := strings.Join(got, " "); g != w {
				t.Errorf("got %s, want %s", g, w)
			}
		})
	}
}

func TestBridges(t *testing.T) {
	var got []string
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		got = append(got, b.String())
		x, y := b.Ends()
		if bb, ok := shangrila.BridgeBetween(y, x); !ok || bb != b {
			t.Errorf("BridgeBetween(%s, %s) = %v, %v", y, x, bb, ok)
		}
	}
	want := "A-B A-D A-E A-G B-C B-F C-F C-J D-E D-G D-K E-F E-H F-I G-K H-I H-K H-L I-J I-M J-M K-L L-M"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("got %s\nwant %s", g, want)
	}
	if _, ok := shangrila.BridgeBetween(shangrila.VillageA, shangrila.VillageM); ok {
		t.Error("A and M are not neighbours")
	}
	if _, ok := shangrila.BridgeBetween(shangrila.VillageA, shangrila.VillageA); ok {
		t.Error("a village is not its own neighbour")
	}
}

func TestParseWords(t *testing.T) {
	tests := []struct {
		in   string
		want shangrila.Discipline
		ok   bool
	}{
		{"rainmaker", shangrila.Rainmaker, true},
		{"R", shangrila.Rainmaker, true},
		{"r", shangrila.Rainmaker, true},
		{"Yeti", shangrila.YetiWhisperer, true},
		{"yeti-whisperer", shangrila.YetiWhisperer, true},
		{"YETI_WHISPERER", shangrila.YetiWhisperer, true},
		{"a", shangrila.Astrologer, true},
		{"Dragonbreeder", shangrila.Dragonbreeder, true},
		{"h", shangrila.Healer, true},
		{"firekeeper", shangrila.Firekeeper, true},
		{"x", 0, false},
		{"", 0, false},
		{"wizard", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := shangrila.ParseDiscipline(tt.in)
			if ok != tt.ok || ok && got != tt.want {
				t.Errorf("got %v %v, want %v %v", got, ok, tt.want, tt.ok)
			}
		})
	}
	for _, s := range []string{"a", "M", "m"} {
		if _, ok := shangrila.ParseVillage(s); !ok {
			t.Errorf("ParseVillage(%q) failed", s)
		}
	}
	for _, s := range []string{"N", "", "AB", "1"} {
		if _, ok := shangrila.ParseVillage(s); ok {
			t.Errorf("ParseVillage(%q) succeeded", s)
		}
	}
}
