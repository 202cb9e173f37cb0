package shangrila

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	sl "github.com/tablebot/tablebot/rules/shangrila"
)

// playedTo returns the four-player suggested start after its first plies
// moves, each a fixed pick among the legal moves; -1 for the setup's start.
func playedTo(t *testing.T, plies int) sl.Position {
	t.Helper()
	if plies < 0 {
		return newPosition(t, fourPlayers, sl.StartSetup)
	}
	pos := newPosition(t, fourPlayers, sl.StartSuggested)
	for i := range plies {
		ms := pos.LegalMoves(nil)
		next, _, err := pos.Apply(ms[(i*7)%len(ms)])
		if err != nil {
			t.Fatal(err)
		}
		pos = next
	}
	return pos
}

// legalOf lists the values a form's parameter may take in pos, given
// the other values fixed (the focused one's own left out, as the host
// does); "" for no such parameter.
func legalOf(pos sl.Position, command, focused string, fixed map[string]string) string {
	for _, x := range moveForms().List {
		for _, q := range x.Params {
			if x.Name != command || q.Name != focused {
				continue
			}
			v := bot.Values{}
			for k, val := range fixed {
				if k != focused {
					v[k] = val
				}
			}
			sep := ""
			if focused == optMaster || focused == optMaster2 {
				sep = " "
			}
			return strings.Join(q.Legal(bot.NewReplay[sl.Position, sl.Move, *sl.Effects](engine{}, pos), 0, v), sep)
		}
	}
	return ""
}

// Positions of playedTo: the setup, the start of play (placements and
// recruitments of one and two students), and play with journeys too.
const (
	atSetup   = -1
	atStart   = 0
	atJourney = 22
)

// TestLegalByOption pins the villages and disciplines each option of each
// move's subcommand may take, narrowed by the options already chosen: the
// one place autocomplete and the menus ask.
func TestLegalByOption(t *testing.T) {
	tests := []struct {
		name             string
		at               int
		command, focused string
		fixed            map[string]string
		want             string
	}{
		{"unknown command", atStart, "dance", optVillage, nil, ""},
		{"setup village", atSetup, stepPlace, optVillage, nil, "ABCDEFGHIJKLM"},
		{"setup master in a village", atSetup, stepPlace, optMaster, map[string]string{optVillage: " A "}, "rainmaker priest yeti-whisperer astrologer dragonbreeder healer firekeeper"},
		{"place village", atStart, stepPlace, optVillage, nil, "ABEGHJ"},
		{"place village, its own value ignored", atStart, stepPlace, optVillage, map[string]string{optVillage: "A"}, "ABEGHJ"},
		{"place village of a master", atStart, stepPlace, optVillage, map[string]string{optMaster: "healer"}, "BEGHJ"},
		{"place master", atStart, stepPlace, optMaster, nil, "rainmaker priest yeti-whisperer astrologer dragonbreeder healer firekeeper"},
		{"place master in a village", atStart, stepPlace, optMaster, map[string]string{optVillage: "B"}, "rainmaker priest yeti-whisperer healer firekeeper"},
		{"place master, a village that does not read", atStart, stepPlace, optMaster, map[string]string{optVillage: "Z9"}, "rainmaker priest yeti-whisperer astrologer dragonbreeder healer firekeeper"},
		{"place master, both fixed", atStart, stepPlace, optMaster, map[string]string{optVillage: "B", optMaster: "priest"}, "rainmaker priest yeti-whisperer healer firekeeper"},
		{"place, not a placement", atJourney, stepPlace, optVillage, map[string]string{optMaster: "rainmaker"}, "BG"},
		{"recruit village", atStart, stepRecruit, optVillage, nil, "ABEGHJ"},
		{"recruit master", atStart, stepRecruit, optMaster, nil, "rainmaker priest yeti-whisperer astrologer dragonbreeder healer firekeeper"},
		{"recruit master in a village", atStart, stepRecruit, optMaster, map[string]string{optVillage: "J"}, "yeti-whisperer dragonbreeder"},
		{"recruit village of a master", atStart, stepRecruit, optVillage, map[string]string{optMaster: "dragonbreeder"}, "J"},
		{"recruit second village", atStart, stepRecruit, optVillage2, nil, "ABEGHJ"},
		{"recruit second village, first fixed", atStart, stepRecruit, optVillage2, map[string]string{optVillage: "H", optMaster: "rainmaker"}, "ABEGJ"},
		{"recruit second master, first village fixed", atStart, stepRecruit, optMaster2, map[string]string{optVillage: "J"}, "rainmaker priest yeti-whisperer astrologer dragonbreeder healer firekeeper"},
		{"recruit second master, first master fixed", atStart, stepRecruit, optMaster2, map[string]string{optMaster: "yeti-whisperer"}, "rainmaker priest astrologer dragonbreeder healer firekeeper"},
		{"recruit first village, second fixed", atStart, stepRecruit, optVillage, map[string]string{optVillage2: "J", optMaster2: "dragonbreeder"}, "ABEGHJ"},
		{"recruit first master, second village fixed", atStart, stepRecruit, optMaster, map[string]string{optVillage2: "J"}, "rainmaker priest yeti-whisperer astrologer dragonbreeder healer firekeeper"},
		{"recruit first master, second master fixed", atStart, stepRecruit, optMaster, map[string]string{optMaster2: "healer"}, "rainmaker priest yeti-whisperer astrologer dragonbreeder healer firekeeper"},
		{"recruit in play", atJourney, stepRecruit, optVillage, nil, "BILM"},
		{"recruit second in play", atJourney, stepRecruit, optMaster2, nil, "rainmaker yeti-whisperer dragonbreeder firekeeper"},
		{"journey from", atJourney, stepJourney, optFrom, nil, "GHIL"},
		{"journey to", atJourney, stepJourney, optTo, nil, "ADEFHIJKLM"},
		{"journey from, to fixed", atJourney, stepJourney, optFrom, map[string]string{optTo: "D"}, "G"},
		{"journey to, from fixed", atJourney, stepJourney, optTo, map[string]string{optFrom: "H"}, "EIKL"},
		{"journey, none", atStart, stepJourney, optFrom, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos := playedTo(t, tt.at)
			if got := legalOf(pos, tt.command, tt.focused, tt.fixed); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}
