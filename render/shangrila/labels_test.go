package shangrila

import (
	"testing"

	"github.com/tablebot/tablebot/rules/shangrila"
)

func TestEnglishMove(t *testing.T) {
	tests := []struct {
		name string
		m    MoveWords
		want string
	}{
		{"place", MoveWords{Kind: shangrila.Place, Player: "Ana", Village: "D", Discipline: "Astrologer"}, "Last move: Ana placed an Astrologer in D"},
		{"one student", MoveWords{Kind: shangrila.Recruit, Player: "Ana", Sites: []SiteWords{{"K", "Healer"}}}, "Last move: Ana recruited a student for the Healer in K"},
		{"two in one village", MoveWords{Kind: shangrila.Recruit, Player: "Ana", Sites: []SiteWords{{"K", "Dragonbreeder"}, {"K", "Firekeeper"}}},
			"Last move: Ana recruited students for the Dragonbreeder and the Firekeeper in K"},
		{"two villages", MoveWords{Kind: shangrila.Recruit, Player: "Ana", Sites: []SiteWords{{"A", "Priest"}, {"J", "Priest"}}},
			"Last move: Ana recruited students for the Priest in A and the Priest in J"},
		{"journey", MoveWords{Kind: shangrila.Journey, Player: "Bo", From: "L", To: "K", Promoted: 2, SentHome: 1, DrivenOut: 1, Stones: []string{"L", "K"}},
			"Last move: Bo sent the students of L to K: 2 promoted, 1 sent home, 1 master driven out; stone on L and K"},
		{"pass", MoveWords{Kind: shangrila.Pass, Player: "Bo"}, "Last move: Bo passed"},
		{"resign", MoveWords{Kind: shangrila.Resign, Player: "Bo"}, "Last move: Bo resigned"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := englishMove(tc.m); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestEnglishLabels(t *testing.T) {
	lb := EnglishLabels()
	for _, tc := range []struct{ got, want string }{
		{lb.Strength(8, 5), "8/5"},
		{lb.Bridges(1), "1 bridge"},
		{lb.StonesLeft(4), "4 stones left"},
		{lb.Winners([]string{"Ana"}), "Ana wins"},
		{lb.Winners([]string{"Ana", "Bo", "Cy"}), "Ana, Bo and Cy share the win"},
		{lb.Rank(1) + lb.Rank(2) + lb.Rank(3) + lb.Rank(4) + lb.Rank(11), "1st2nd3rd4th11th"},
		{lb.Colours[shangrila.Violet], "Violet"},
		{lb.Disciplines[shangrila.YetiWhisperer], "Yeti-Whisperer"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
