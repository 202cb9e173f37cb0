package menara

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// hintedTo returns the state of a two-player easy game of seed 1 after
// its first moves steps, each the engine's hint: fixed positions of every
// stage for the tests of the menus and autocomplete.
func hintedTo(t *testing.T, moves int) *State {
	t.Helper()
	o := mr.Options{Players: notation.PlayerNames(2), Difficulty: mr.Easy}
	g, err := mr.NewGame(o, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := bot.NewReplay[mr.Position, mr.Step, *mr.Effects](engine{players: o.Players}, g.Start())
	for s.Moves() < moves {
		step, _ := ai.Plain(positionOf(s))
		if _, err := s.Play(s.Line(step)); err != nil {
			t.Fatalf("hint %s: %v", step, err)
		}
	}
	return s
}

// Fixed positions of hintedTo's game, by what the player to act does.
const (
	atExchange = 0   // exchange or reveal
	atColumn   = 1   // place columns
	atNewFloor = 5   // place the new floor, or extend the base
	atClose    = 16  // end the turn
	atMove     = 93  // move columns
	atLift     = 102 // move a floor
)

// outcomeSummary says what an answer of Act was, in one line: the error's
// code and English words; the move made; or the reply, its first line and
// what its components do.
func outcomeSummary(p *i18n.Printer, out bot.Outcome, err error) string {
	if err != nil {
		text, _ := p.Error(err)
		return fmt.Sprint(rules.ErrorCode(err), ": ", text)
	}
	if out.Move != "" {
		return "move: " + out.Move
	}
	r := out.Reply
	first, _, _ := strings.Cut(r.Message.Content, "\n")
	var parts []string
	for _, row := range r.Message.Rows {
		if row.Menu != nil {
			a, _ := bot.ParseAction(row.Menu.ID)
			parts = append(parts, fmt.Sprintf("menu %s%v×%d", a.Step, a.Args, len(row.Menu.Options)))
		}
		for _, b := range row.Buttons {
			a, _ := bot.ParseAction(b.ID)
			parts = append(parts, a.Step+fmt.Sprint(a.Args))
		}
	}
	return fmt.Sprintf("private %v update %v: %s | %s", r.Private, r.Update, first, strings.Join(parts, " "))
}

// TestChainSteps pins the answer to every step of the menu chains, its
// arguments and chosen values read or refused, at positions where the
// step can be made and where it cannot.
func TestChainSteps(t *testing.T) {
	p := catalog(t).Printer(i18n.English)
	g := New(Options{})
	tests := []struct {
		name   string
		at     int
		step   string
		args   []string
		values []string
		want   string
	}{
		{"unknown step", atColumn, "zz", nil, nil, "stale: This button no longer does anything."},
		{"exchange", atExchange, cmdExchange, nil, nil, "private true update false: Exchange with the camp: choose the columns you give. You hold YYRRWWBB, the camp holds YYRRKW; you take as many back, of other colours. One exchange a turn, before the reveal. | menu exchange[]×8 x[]"},
		{"reveal", atExchange, cmdReveal, []string{"yellow"}, nil, "private true update false: Reveal the top card of the yellow pile? It cannot be taken back. 12 cards are left in it, in an order nobody knows: Place 3 columns ×4, Place 2 columns on one floor ×4, Place 3 columns on one floor ×2, Place 4 columns ×2. | ok[reveal yellow] x[]"},
		{"reveal, not a pile", atExchange, cmdReveal, []string{"green"}, nil, "invalid: \"green\" is not a pile: blue, yellow or red."},
		{"place", atColumn, cmdPlace, nil, nil, "private true update false: Place a column: which colour? | menu place[]×2 x[]"},
		{"floor", atNewFloor, cmdFloor, nil, nil, "private true update false: Place floor Q: where? 12 places, the steadiest temple first; the places beside the base (one more level to build) come after those on columns. | menu floor[]×12 x[]"},
		{"move", atMove, cmdMove, nil, nil, "private true update false: Move a column up: which one? | menu move[]×25 move+0[] move+1[] x[]"},
		{"lift", atLift, cmdLift, nil, nil, "private true update false: Move a floor with its columns: which floor? | menu lift[]×2 x[]"},
		{"give up", atColumn, cmdGiveUp, []string{"false"}, nil, "private true update false: Give up your card? It goes to the level row: the temple must then reach 4 levels. What you built stays, and your turn ends. | ok[giveup false] ok[giveup true] x[]"},
		{"done", atClose, cmdDone, []string{"false"}, nil, "private true update false: End your turn? Your card goes to the level row: the temple must then reach 4 levels. | ok[done false] ok[done true] x[]"},
		{"give", atExchange, cmdExchange, nil, []string{"Y0", "W0"}, "private false update true: You give YW: choose the 2 columns you take from the camp (YYRRKW). | menu exchange[YW]×3 x[]"},
		{"give, too many", atExchange, cmdExchange, nil, []string{"K0"}, "stale: This button no longer does anything."},
		{"take", atExchange, cmdExchange, []string{"W"}, []string{"K0"}, "move: ana exchange W for K"},
		{"take, too few", atExchange, cmdExchange, []string{"YW"}, []string{"K0"}, "stale: This button no longer does anything."},
		{"take, not columns", atExchange, cmdExchange, []string{"?"}, []string{"K0"}, "invalid: \"?\" is not a set of columns: write them by letters, Y yellow, R red, K black, W white, B blue (such as YY or RB)."},
		{"colour", atColumn, cmdPlace, nil, []string{"Y"}, "private false update true: Place a yellow column: on which base? | menu place[Y]×5 x[]"},
		{"colour, two chosen", atColumn, cmdPlace, nil, []string{"Y", "R"}, "stale: This button no longer does anything."},
		{"colour, not a colour", atColumn, cmdPlace, nil, []string{"Z"}, "private false update true: Place a yellow column: on which base? | menu place[Z]×9 x[]"},
		{"base", atColumn, cmdPlace, []string{"Y"}, []string{"D1"}, "move: ana column Y on D1"},
		{"base, not legal", atColumn, cmdPlace, []string{"Y"}, []string{"A1"}, "illegal: Floor A is not in the temple."},
		{"base, not a colour", atColumn, cmdPlace, []string{"Z"}, []string{"D1"}, "invalid: \"Z\" is not a colour: Y yellow, R red, K black, W white, B blue."},
		{"base, not a base", atColumn, cmdPlace, []string{"Y"}, []string{"D9"}, "invalid: \"D9\" is not a base: a base is a floor letter and a number, such as K3."},
		{"from", atMove, cmdMove, nil, []string{"B1"}, "private false update true: Move the column on B1: to which base? (an empty base of its colour, on a higher level) | menu move[B1]×1 x[]"},
		{"to", atMove, cmdMove, []string{"B1"}, []string{"H4"}, "move: bob move B1 to H4"},
		{"to, not a base", atMove, cmdMove, []string{"?"}, []string{"H4"}, "invalid: \"?\" is not a base: a base is a floor letter and a number, such as K3."},
		{"lift floor", atLift, cmdLift, nil, []string{"H"}, "private false update true: Move floor H: where to? 12 places, the steadiest temple first. | menu lift[H]×12 x[]"},
		{"placement", atNewFloor, cmdFloor, nil, []string{"fQ-2,-3t1L"}, "private false update true: **Floor Q** on D1 D2 D3 · level 1 · turned 60° · light side · margin 6.8 mm, steady | ok[floor fQ-2,-3t1L] floor+0[] x[]"},
		{"page", atMove, cmdMove + "+1", nil, nil, "private false update true: Move a column up: which one? | menu move[]×20 move+0[] move+1[] x[]"},
		{"page, not a number", atMove, cmdMove + "+x", nil, nil, "stale: This button no longer does anything."},
		{"confirm", atColumn, bot.StepConfirm, []string{cmdPlace, "Y", "D1"}, nil, "move: ana column Y on D1"},
		{"confirm, give up", atColumn, bot.StepConfirm, []string{cmdGiveUp, "true"}, nil, "move: ana give up renew"},
		{"confirm, no form", atColumn, bot.StepConfirm, nil, nil, "stale: This button no longer does anything."},
		{"confirm, a placement gone", atNewFloor, bot.StepConfirm, []string{cmdFloor, "fQ9,9t1L"}, nil, "illegal: That place is not among the floor's places now: choose again from the list."},
	}
	states := map[int]*State{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, ok := states[tt.at]
			if !ok {
				s = hintedTo(t, tt.at)
				states[tt.at] = s
			}
			board := bot.Action{Kind: Kind, Game: "abc123", Position: uint64(s.Moves())}
			a := board
			a.Step, a.Args = tt.step, tt.args
			req := &bot.Request{Kind: bot.ComponentRequest, Values: tt.values}
			out, err := g.Act(t.Context(), &bot.Act{Request: req, Action: &a, Board: board, State: s, Seat: positionOf(s).Turn(), Printer: p, Names: playersOf(s)})
			if got := outcomeSummary(p, out, err); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}
