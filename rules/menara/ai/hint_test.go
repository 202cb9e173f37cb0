package ai

import (
	"context"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/menara"
)

// reasonArgs lists, for every reason key, its arguments and their types as
// the package documentation gives them.
var reasonArgs = map[string]map[string]string{
	ReasonExchange:       {"give": "columns", "take": "columns", "pile": "pile"},
	ReasonRevealSafe:     {"pile": "pile"},
	ReasonRevealColour:   {"pile": "pile", "other": "pile", "colour": "colour"},
	ReasonRevealRisk:     {"pile": "pile", "other": "pile", "percent": "int"},
	ReasonRevealFinish:   {"pile": "pile"},
	ReasonReveal:         {"pile": "pile", "percent": "int"},
	ReasonColumnFill:     {"colour": "colour", "base": "base", "floor": "floor", "next": "floor"},
	ReasonColumnPush:     {"colour": "colour", "base": "base", "floor": "floor"},
	ReasonColumnSupport:  {"colour": "colour", "base": "base", "level": "int"},
	ReasonColumnSteady:   {"colour": "colour", "base": "base"},
	ReasonColumn:         {"colour": "colour", "base": "base"},
	ReasonMoveSupport:    {"from": "base", "to": "base", "level": "int"},
	ReasonMoveFill:       {"from": "base", "to": "base", "floor": "floor", "next": "floor"},
	ReasonMove:           {"from": "base", "to": "base"},
	ReasonFloorUp:        {"floor": "floor", "level": "int"},
	ReasonFloorSteady:    {"floor": "floor", "level": "int"},
	ReasonExtendNowhere:  {"floor": "floor"},
	ReasonExtend:         {"floor": "floor"},
	ReasonLiftUp:         {"floor": "floor", "level": "int"},
	ReasonLift:           {"floor": "floor", "level": "int"},
	ReasonGiveUpCannot:   {"renew": "bool"},
	ReasonGiveUpCollapse: {"renew": "bool"},
	ReasonGiveUpStuck:    {"floor": "floor", "renew": "bool"},
	ReasonGiveUpBetter:   {"renew": "bool"},
	ReasonDone:           {"renew": "bool"},
	ReasonNone:           {},
}

// checkReason fails unless r has a documented key and exactly its
// arguments, of their types, and reads as a plain English line.
func checkReason(t *testing.T, r Reason) {
	t.Helper()
	want, ok := reasonArgs[r.Key]
	if !ok {
		t.Fatalf("undocumented key %q", r.Key)
	}
	if len(r.Args) != len(want) {
		t.Errorf("%s: args %v, want the keys of %v", r.Key, r.Args, want)
	}
	for k, typ := range want {
		var ok bool
		switch typ {
		case "columns":
			_, ok = r.Args[k].(menara.Columns)
		case "pile":
			_, ok = r.Args[k].(menara.Pile)
		case "colour":
			_, ok = r.Args[k].(menara.Colour)
		case "base":
			_, ok = r.Args[k].(menara.Base)
		case "floor":
			_, ok = r.Args[k].(menara.FloorID)
		case "int":
			_, ok = r.Args[k].(int)
		case "bool":
			_, ok = r.Args[k].(bool)
		}
		if !ok {
			t.Errorf("%s: arg %s = %#v, want a %s", r.Key, k, r.Args[k], typ)
		}
	}
	s := r.String()
	if s == r.Key || strings.Contains(s, "%!") || strings.Contains(s, "<nil>") || strings.Contains(s, "?") {
		t.Errorf("%s reads %q", r.Key, s)
	}
}

// TestHintReasons asks for hints all through games and checks each step
// is legal and each reason well formed.
func TestHintReasons(t *testing.T) {
	wholeGames(t)
	t.Parallel()
	seen := map[string]int{}
	for i := range games(12) {
		o := testOptions(1+i%4, menara.Difficulty(i%3))
		ps := gamePositions(t, o, uint64(40+i), Easy, pinned)
		for _, p := range choices(ps, 8) {
			s, r := Hint(context.Background(), &p, 3)
			if err := p.Check(s); err != nil {
				t.Fatalf("hint %s is illegal: %v", s, err)
			}
			checkReason(t, r)
			seen[r.Key]++
		}
	}
	t.Logf("reasons given: %v", seen)
}

// TestExplainSituations finds situations in random games and checks the
// reason Explain gives for a step there.
func TestExplainSituations(t *testing.T) {
	tests := []struct {
		name    string
		find    func(p *menara.Position) (menara.Step, bool)
		wantKey string
	}{
		{"nothing to build", func(p *menara.Position) (menara.Step, bool) {
			if p.Stage() != menara.Building {
				return menara.Step{}, false
			}
			for _, s := range p.LegalSteps(nil) {
				if s.Kind != menara.GiveUp {
					return menara.Step{}, false
				}
			}
			return menara.GiveUpStep(p.Turn(), false), true
		}, ReasonGiveUpCannot},
		{"a floor up", func(p *menara.Position) (menara.Step, bool) {
			if p.Stage() != menara.NewFloor {
				return menara.Step{}, false
			}
			for _, pl := range p.Placements(nil) {
				if !pl.Extension && !pl.Collapse && pl.Level > p.Height() {
					return pl.Step, true
				}
			}
			return menara.Step{}, false
		}, ReasonFloorUp},
		{"nowhere but beside the base", func(p *menara.Position) (menara.Step, bool) {
			if p.Stage() != menara.NewFloor {
				return menara.Step{}, false
			}
			places := p.Placements(nil)
			for _, pl := range places {
				if !pl.Extension && !pl.Collapse {
					return menara.Step{}, false
				}
			}
			for _, pl := range places {
				if pl.Extension {
					return pl.Step, true
				}
			}
			return menara.Step{}, false
		}, ReasonExtendNowhere},
		{"a column pushed in", func(p *menara.Position) (menara.Step, bool) {
			if p.Stage() != menara.Building {
				return menara.Step{}, false
			}
			for _, s := range p.LegalSteps(nil) {
				if s.Kind != menara.PlaceColumn {
					continue
				}
				if _, e, err := p.Preview(s); err == nil && e.PushedUnder.Valid() && !e.Filled.Valid() && !e.Collapse {
					return s, true
				}
			}
			return menara.Step{}, false
		}, ReasonColumnPush},
		{"the turn closes", func(p *menara.Position) (menara.Step, bool) {
			return menara.DoneStep(p.Turn(), false), p.Stage() == menara.Closing
		}, ReasonDone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for seed := uint64(1); seed < 200; seed++ {
				for _, p := range gamePositions(t, testOptions(1+int(seed%4), menara.Medium), seed, Random, pinned) {
					if p.Phase() != menara.Playing {
						continue
					}
					s, ok := tt.find(&p)
					if !ok {
						continue
					}
					r := Explain(context.Background(), &p, s, 1)
					checkReason(t, r)
					if r.Key != tt.wantKey {
						t.Fatalf("%s in a %s stage: %s (%s), want %s", s, p.Stage(), r.Key, r, tt.wantKey)
					}
					return
				}
			}
			t.Fatalf("no such situation found")
		})
	}
}

// TestReasonWording pins the English wording of every key (the package
// documentation lists the same).
func TestReasonWording(t *testing.T) {
	k3 := menara.Base{Floor: 10, N: 3}
	m1 := menara.Base{Floor: 12, N: 1}
	tests := []struct {
		r    Reason
		want string
	}{
		{Reason{ReasonExchange, map[string]any{"give": menara.Columns{2, 0, 0, 0, 0}, "take": menara.Columns{0, 1, 0, 0, 1}, "pile": menara.YellowPile}},
			"Exchange YY for RB: with them the yellow pile's cards can be built"},
		{Reason{ReasonRevealSafe, map[string]any{"pile": menara.BluePile}}, "Reveal blue: whatever card it shows, you can build it now"},
		{Reason{ReasonRevealColour, map[string]any{"pile": menara.BluePile, "other": menara.YellowPile, "colour": menara.Red}},
			"Reveal blue: neither your hand nor the camp has red for the yellow pile's cards"},
		{Reason{ReasonRevealRisk, map[string]any{"pile": menara.YellowPile, "other": menara.RedPile, "percent": 40}},
			"Reveal yellow: 40% of the red pile's cards could not be built now"},
		{Reason{ReasonRevealFinish, map[string]any{"pile": menara.YellowPile}}, "Reveal yellow: the temple is high enough, and its cards bring the end nearer"},
		{Reason{ReasonReveal, map[string]any{"pile": menara.RedPile, "percent": 60}}, "Reveal red: 60% of its cards can be built now, the best chance"},
		{Reason{ReasonColumnFill, map[string]any{"colour": menara.Black, "base": k3, "floor": menara.FloorID(10), "next": menara.FloorID(3)}},
			"Put a black column on K3: it fills floor K, and the new floor D can go up"},
		{Reason{ReasonColumnPush, map[string]any{"colour": menara.Black, "base": k3, "floor": menara.FloorID(12)}},
			"Put a black column on K3: pushed in under floor M, it carries it too"},
		{Reason{ReasonColumnSupport, map[string]any{"colour": menara.Black, "base": k3, "level": 2}},
			"Put a black column on K3: a support for the next floor, on level 2"},
		{Reason{ReasonColumnSteady, map[string]any{"colour": menara.Black, "base": k3}}, "Put a black column on K3: there it leaves every floor steadiest"},
		{Reason{ReasonColumn, map[string]any{"colour": menara.Black, "base": k3}}, "Put a black column on K3"},
		{Reason{ReasonMoveSupport, map[string]any{"from": k3, "to": m1, "level": 1}}, "Move K3 to M1: a support for the next floor, on level 1"},
		{Reason{ReasonMoveFill, map[string]any{"from": k3, "to": m1, "floor": menara.FloorID(12), "next": menara.FloorID(3)}},
			"Move K3 to M1: it fills floor M, and the new floor D can go up"},
		{Reason{ReasonMove, map[string]any{"from": k3, "to": m1}}, "Move K3 to M1"},
		{Reason{ReasonFloorUp, map[string]any{"floor": menara.FloorID(12), "level": 3}}, "Put floor M on level 3: the temple rises to level 3"},
		{Reason{ReasonFloorSteady, map[string]any{"floor": menara.FloorID(12), "level": 1}},
			"Put floor M on level 1: there it stands steadiest and leaves room to build"},
		{Reason{ReasonExtendNowhere, map[string]any{"floor": menara.FloorID(1)}},
			"Put floor B beside the base: no three free columns can carry it (the level row grows by one)"},
		{Reason{ReasonExtend, map[string]any{"floor": menara.FloorID(1)}},
			"Put floor B beside the base: on columns it would leave the temple too shaky (the level row grows by one)"},
		{Reason{ReasonLiftUp, map[string]any{"floor": menara.FloorID(12), "level": 4}}, "Move floor M up to level 4: the temple rises to level 4"},
		{Reason{ReasonLift, map[string]any{"floor": menara.FloorID(12), "level": 1}}, "Move floor M to level 1: there it stands steadier"},
		{Reason{ReasonGiveUpCannot, map[string]any{"renew": false}}, "Give up this card: your columns cannot build it"},
		{Reason{ReasonGiveUpCollapse, map[string]any{"renew": true}}, "Give up this card: every way to build it brings the temple down, and renew the camp"},
		{Reason{ReasonGiveUpStuck, map[string]any{"floor": menara.FloorID(2), "renew": false}},
			"Give up this card: building it fills a floor, and the next floor C fits nowhere, so the base would grow anyway"},
		{Reason{ReasonGiveUpBetter, map[string]any{"renew": false}},
			"Give up this card: building it would leave the temple worse off than one more level to build"},
		{Reason{ReasonDone, map[string]any{"renew": true}}, "End your turn and renew the camp: your card goes to the level row"},
		{Reason{ReasonDone, map[string]any{"renew": false}}, "End your turn: your card goes to the level row"},
		{Reason{Key: ReasonNone}, "The game is over"},
	}
	covered := map[string]bool{}
	for _, tt := range tests {
		checkReason(t, tt.r)
		if got := tt.r.String(); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.r.Key, got, tt.want)
		}
		covered[tt.r.Key] = true
	}
	for k := range reasonArgs {
		if !covered[k] {
			t.Errorf("no wording test for %s", k)
		}
	}
}

// TestReasonWordingEdges pins the wording of reasons with an unknown key,
// or with arguments missing or of another type: an unknown key is its own
// wording, a missing argument prints as fmt prints nil, a number or colour
// of another type as zero, and a renew that is not a bool as false.
func TestReasonWordingEdges(t *testing.T) {
	tests := []struct {
		name string
		r    Reason
		want string
	}{
		{"unknown key", Reason{Key: "hint.nothing", Args: map[string]any{"renew": true}}, "hint.nothing"},
		{"no key", Reason{}, ""},
		{"no arguments", Reason{Key: ReasonRevealRisk}, "Reveal <nil>: 0% of the <nil> pile's cards could not be built now"},
		{"a percent not an int", Reason{ReasonReveal, map[string]any{"pile": menara.RedPile, "percent": 60.0}},
			"Reveal red: 0% of its cards can be built now, the best chance"},
		{"a column without its arguments", Reason{Key: ReasonColumnFill}, "Put a yellow column on <nil>: it fills floor <nil>, and the new floor <nil> can go up"},
		{"a colour by name", Reason{ReasonColumn, map[string]any{"colour": "red", "base": "K3"}}, "Put a yellow column on K3"},
		{"a level not an int", Reason{ReasonLiftUp, map[string]any{"floor": "M", "level": "4"}}, "Move floor M up to level 0: the temple rises to level 0"},
		{"renew not a bool", Reason{ReasonDone, map[string]any{"renew": "yes"}}, "End your turn: your card goes to the level row"},
		{"renew missing", Reason{Key: ReasonGiveUpCannot}, "Give up this card: your columns cannot build it"},
		{"renew on a reason without it", Reason{ReasonMove, map[string]any{"from": "K3", "to": "M1", "renew": true}}, "Move K3 to M1"},
		{"give up stuck and renew", Reason{ReasonGiveUpStuck, map[string]any{"floor": "C", "renew": true}},
			"Give up this card: building it fills a floor, and the next floor C fits nowhere, so the base would grow anyway, and renew the camp"},
		{"game over with arguments", Reason{ReasonNone, map[string]any{"renew": true}}, "The game is over"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.r.String(); got != tt.want {
				t.Errorf("\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestHintWith: with a small node cap (and no time cap) HintWith gives a
// legal step, the same every time, with a well-formed reason.
func TestHintWith(t *testing.T) {
	wholeGames(t)
	t.Parallel()
	ps := choices(gamePositions(t, testOptions(2, menara.Medium), 9, Easy, pinned), 6)
	small := Options{Nodes: 1500, Think: uncapped}
	for i, p := range ps {
		s, r := HintWith(context.Background(), &p, 5, small)
		if err := p.Check(s); err != nil {
			t.Fatalf("position %d: %s is illegal: %v", i, s, err)
		}
		checkReason(t, r)
		if again, why := HintWith(context.Background(), &p, 5, small); again != s || why.String() != r.String() {
			t.Errorf("position %d: %s (%s), then %s (%s)", i, s, r, again, why)
		}
	}
}
