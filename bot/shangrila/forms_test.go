package shangrila

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	sl "github.com/tablebot/tablebot/rules/shangrila"
)

// actAt is an Act of the player to move in the position after plies
// plies of playedTo, in English.
func actAt(t *testing.T, plies int) *bot.Act {
	t.Helper()
	pos := playedTo(t, plies)
	seat, _ := pos.Seat(pos.Turn())
	return &bot.Act{Request: &bot.Request{}, State: bot.NewReplay[sl.Position, sl.Move, *sl.Effects](engine{}, pos), Seat: seat,
		Printer: catalog(t).Printer(i18n.English)}
}

// TestPlaceByPhase: one game's place makes a starting master in the
// setup and a placement in play, whichever came first.
func TestPlaceByPhase(t *testing.T) {
	g := New(Options{})
	for _, tt := range []struct {
		name   string
		plies  int
		values map[string]string
		want   string
	}{
		{"in the setup", atSetup, map[string]string{optVillage: "A", optMaster: "R"}, "red setup A rainmaker"},
		{"in play", atStart, map[string]string{optVillage: " b ", optMaster: "yeti whisperer"}, "red place B yeti-whisperer"},
		{"in the setup again", atSetup, map[string]string{optVillage: "A", optMaster: "rainmaker"}, "red setup A rainmaker"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := actAt(t, tt.plies)
			a.Command, a.Request.Options = stepPlace, tt.values
			out, err := g.Act(context.Background(), a)
			if err != nil || out.Move != tt.want {
				t.Errorf("place %v = %q, %v; want %q", tt.values, out.Move, err, tt.want)
			}
		})
	}
}

// TestRecruitChain follows the Recruit button's chain at the start of
// play: two masters of one village at once, or one and then the offer to
// stop or to add a second elsewhere.
func TestRecruitChain(t *testing.T) {
	g := New(Options{})
	board := bot.Action{Kind: Kind, Game: "g", Position: 1}
	step := func(t *testing.T, action bot.Action, values ...string) bot.Outcome {
		t.Helper()
		a := actAt(t, atStart)
		a.Action, a.Request.Values = &action, values
		out, err := g.Act(context.Background(), a)
		if err != nil {
			t.Fatalf("%s %v: %v", action.ID(), values, err)
		}
		return out
	}
	menuOf := func(out bot.Outcome) *bot.Menu { return out.Reply.Message.Rows[0].Menu }
	if m := menuOf(step(t, board.With(stepRecruit), "J")); m.Max != 2 || len(m.Options) != 2 {
		t.Errorf("J's masters: %+v, want two, both at once", m)
	}
	if out := step(t, board.With(stepRecruit, "J"), "yeti-whisperer", "dragonbreeder"); out.Move != "red recruit J yeti-whisperer J dragonbreeder" {
		t.Errorf("two at once: %+v", out)
	}
	offer := step(t, board.With(stepRecruit, "H"), "rainmaker")
	var ids []string
	for _, b := range offer.Reply.Message.Rows[0].Buttons {
		ids = append(ids, b.ID)
	}
	if want := []string{"shangrila:g:v1:recruit!:H:rainmaker", "shangrila:g:v1:recruit+0:H:rainmaker", "shangrila:g:v1:x"}; !slices.Equal(ids, want) ||
		!strings.Contains(offer.Reply.Message.Content, "Rainmaker in village H") {
		t.Errorf("the offer: %q %v, want %v", offer.Reply.Message.Content, ids, want)
	}
	if out := step(t, board.With(stepRecruit+"!", "H", "rainmaker")); out.Move != "red recruit H rainmaker" {
		t.Errorf("just this one: %+v", out)
	}
	var villages []string
	for _, o := range menuOf(step(t, board.With(stepRecruit+"+0", "H", "rainmaker"))).Options {
		villages = append(villages, o.Value)
	}
	if want := []string{"A", "B", "E", "G", "J"}; !slices.Equal(villages, want) {
		t.Errorf("a second elsewhere: %v, want %v (not H)", villages, want)
	}
}

func TestTyped(t *testing.T) {
	g := New(Options{})
	tests := []struct {
		name, words string
		ok, err     bool
		want        bot.Typed
	}{
		{"setup, a place", "setup A rainmaker", true, false, bot.Typed{Command: stepPlace, Options: map[string]string{optVillage: "A", optMaster: "rainmaker"}}},
		{"a master of two words", "Recruit a yeti whisperer B R", true, false, bot.Typed{Command: stepRecruit,
			Options: map[string]string{optVillage: "A", optMaster: "yeti-whisperer", optVillage2: "B", optMaster2: "rainmaker"}}},
		{"journey", "journey A B", true, false, bot.Typed{Command: stepJourney, Options: map[string]string{optFrom: "A", optTo: "B"}}},
		{"garbage", "place Z rainmaker", true, true, bot.Typed{}},
		{"a pass while one can act", "pass", true, true, bot.Typed{}},
		{"resign is the host's", "resign", false, false, bot.Typed{}},
		{"no move", "dance", false, false, bot.Typed{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := actAt(t, atStart)
			got, ok, err := g.Typed(a.State, a.Seat, strings.Fields(tt.words), a.Printer)
			if ok != tt.ok || (err != nil) != tt.err || got.Command != tt.want.Command || len(got.Options) != len(tt.want.Options) {
				t.Fatalf("Typed = %+v, %v, %v; want %+v, %v, error %v", got, ok, err, tt.want, tt.ok, tt.err)
			}
			for k, v := range tt.want.Options {
				if got.Options[k] != v {
					t.Errorf("option %s = %q, want %q", k, got.Options[k], v)
				}
			}
		})
	}
}
