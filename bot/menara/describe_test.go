package menara

import (
	"fmt"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
)

// effectsOf returns the effects of step with nothing else happening, then
// changed by with: a base for the cases of TestDescribe.
func effectsOf(step mr.Step, with func(e *mr.Effects)) *mr.Effects {
	e := &mr.Effects{Step: step, PushedUnder: mr.NoFloor, Unsupported: mr.NoFloor, Floor: mr.NoFloor,
		Filled: mr.NoFloor, NewFloor: mr.NoFloor, Risk: mr.Risk{Floor: mr.NoFloor}}
	if with != nil {
		with(e)
	}
	return e
}

// TestDescribe pins the line said for every kind of step, done and failed
// (shaky hands), and for every consequence that follows it, in the order
// they are said.
func TestDescribe(t *testing.T) {
	p := catalog(t).Printer(i18n.English)
	names := []string{"ana", "bob"}
	k2, m3 := mr.Base{Floor: 10, N: 2}, mr.Base{Floor: 12, N: 3}
	yy, _ := mr.ParseColumns("YY")
	rb, _ := mr.ParseColumns("RB")
	on := mr.NewBaseSet(k2, m3)
	floor := mr.FloorStep(1, 12, on, 2, mr.Dark, mr.Hex{Q: 3, R: -1})
	extend := mr.ExtendStep(0, 13, mr.Hex{Q: 5, R: -3}, 1, mr.Light)
	lift := mr.LiftStep(0, 12, on, 0, mr.Hex{})
	failed := func(e *mr.Effects) { e.Failed, e.Risk = true, mr.Risk{Num: 1, Den: 3, Floor: 10} }
	tests := []struct {
		name  string
		e     *mr.Effects
		names []string
		want  string
	}{
		{"exchange", effectsOf(mr.ExchangeStep(0, yy, rb), nil), names, "🔁 ana exchanged YY for RB with the camp."},
		{"reveal", effectsOf(mr.RevealStep(1, mr.BluePile), func(e *mr.Effects) { e.Card = mr.Card{Pile: mr.BluePile, Type: mr.PlaceCard, N: 2, Rim: mr.DarkRim} }), names, "🃏 bob revealed a blue card: **Place 2 columns** (New floors: dark side up)."},
		{"column", effectsOf(mr.ColumnStep(0, mr.Red, k2), nil), names, "🏛️ ana placed a red column on K2."},
		{"column failed", effectsOf(mr.ColumnStep(0, mr.Red, k2), failed), names, "✋ ana's hand shook: the red column did not stand on K2 (risk 33%). Nothing changed, but the card goes to the level row."},
		{"move", effectsOf(mr.MoveStep(1, k2, m3), nil), names, "⬆️ bob moved the column K2 to M3."},
		{"move failed", effectsOf(mr.MoveStep(1, k2, m3), failed), names, "✋ bob's hand shook: the column K2 did not reach M3 (risk 33%). Nothing changed, but the card goes to the level row."},
		{"floor", effectsOf(floor, func(e *mr.Effects) { e.Level = 2 }), names, "🧱 bob placed floor M on level 2, on K2 M3."},
		{"floor failed", effectsOf(floor, failed), names, "✋ bob's hand shook: floor M did not stay (risk 33%). Nothing changed, but the card goes to the level row."},
		{"extend", effectsOf(extend, nil), names, "🧱 ana extended the base with floor N: this card goes to the level row, one more level to build."},
		{"extend failed", effectsOf(extend, failed), names, "✋ ana's hand shook: floor N did not stay (risk 33%). Nothing changed, but the card goes to the level row."},
		{"lift", effectsOf(lift, func(e *mr.Effects) { e.FromLevel, e.Level = 1, 3 }), names, "🏗️ ana moved floor M from level 1 to level 3, onto K2 M3."},
		{"lift failed", effectsOf(lift, failed), names, "✋ ana's hand shook: floor M did not land (risk 33%). Nothing changed, but the card goes to the level row."},
		{"give up", effectsOf(mr.GiveUpStep(0, true), nil), names, "🏳️ ana gave up the card."},
		{"done", effectsOf(mr.DoneStep(1, false), nil), names, "✅ bob ended the turn."},
		{"done, its card done", effectsOf(mr.DoneStep(1, false), func(e *mr.Effects) { e.CardDone = true }), names, "✅ bob ended the turn."},
		{"a seat without a name", effectsOf(mr.DoneStep(1, false), nil), names[:1], "✅ Player 2 ended the turn."},
		{"an unknown kind", effectsOf(mr.Step{Kind: mr.Done + 1}, nil), names, ""},
		{"pushed under, unsupported", effectsOf(mr.ColumnStep(0, mr.Red, k2), func(e *mr.Effects) { e.PushedUnder, e.Unsupported = 12, 10 }), names, "🏛️ ana placed a red column on K2. Pushed in under floor M, it carries it. Floor K lost a support."},
		{"collapse", effectsOf(mr.MoveStep(0, k2, m3), func(e *mr.Effects) {
			e.Unsupported, e.Collapse, e.Fallen, e.Failed, e.NewFloor = 10, true, []mr.FloorID{10, 12}, true, 13
		}), names, "✋ ana's hand shook: the column K2 did not reach M3 (risk 0%). 💥 Floor K, M fell: the temple collapsed."},
		{"collapse explained", effectsOf(floor, func(e *mr.Effects) {
			e.Level, e.Collapse, e.Fallen = 2, true, []mr.FloorID{12}
			e.Falls = []mr.Fall{{Floor: 12, Level: 2, Supports: []mr.Base{k2, m3, {Floor: 12, N: 1}}, Margin: -1150, HasMargin: true, Need: 750}}
		}), names, "🧱 bob placed floor M on level 2, on K2 M3. 💥 Floor M fell: the temple collapsed. Floor M fell: its load centre was 1.2 mm outside its columns K2 M1 M3."},
		{"collapse on too few columns", effectsOf(floor, func(e *mr.Effects) {
			e.Level, e.Collapse, e.Fallen = 2, true, []mr.FloorID{12}
			e.Falls = []mr.Fall{{Floor: 12, Level: 2, Supports: []mr.Base{k2, m3}}}
		}), names, "🧱 bob placed floor M on level 2, on K2 M3. 💥 Floor M fell: the temple collapsed. Floor M fell: it rested on too few columns in a line (K2 M3)."},
		{"lift fell", effectsOf(lift, func(e *mr.Effects) {
			e.FromLevel, e.Level, e.LiftFell, e.CardDone, e.ToLevelRow = 1, 3, true, true, true
			e.Falls = []mr.Fall{{Floor: 12, Level: 3, Supports: []mr.Base{k2, m3, {Floor: 12, N: 1}}, Margin: 200, HasMargin: true, Need: 1000}}
		}), names, "🚧 ana tried to move floor M to level 3, onto K2 M3, but it would have fallen there: the lift is not made. Floor M would have fallen: its load centre would have been only 0.2 mm inside K2 M1 M3, 1.0 mm needed. The card goes to the level row: one more level to build."},
		{"failed, a floor filled", effectsOf(mr.ColumnStep(0, mr.Red, k2), func(e *mr.Effects) { failed(e); e.Filled = 10 }), names, "✋ ana's hand shook: the red column did not stand on K2 (risk 33%). Nothing changed, but the card goes to the level row."},
		{"a new floor", effectsOf(mr.ColumnStep(0, mr.Red, k2), func(e *mr.Effects) { e.Filled, e.NewFloor = 10, 13 }), names, "🏛️ ana placed a red column on K2. Floor K is full: floor N must be placed now."},
		{"a floor filled", effectsOf(mr.ColumnStep(0, mr.Red, k2), func(e *mr.Effects) { e.Filled = 10 }), names, "🏛️ ana placed a red column on K2. Floor K is full."},
		{"card done", effectsOf(mr.ColumnStep(0, mr.Red, k2), func(e *mr.Effects) { e.CardDone = true }), names, "🏛️ ana placed a red column on K2. The card is done."},
		{"card done to the level row", effectsOf(mr.ColumnStep(0, mr.Red, k2), func(e *mr.Effects) { e.CardDone, e.ToLevelRow = true, true }), names, "🏛️ ana placed a red column on K2. The card goes to the level row: one more level to build."},
		{"renewed, drawn", effectsOf(mr.DoneStep(0, true), func(e *mr.Effects) {
			e.ToLevelRow, e.Renewed, e.NewCamp, e.TurnOver, e.Drawn = true, true, rb, true, yy
		}), names, "✅ ana ended the turn. The card goes to the level row: one more level to build. The camp is renewed: RB. ana draws YY."},
		{"turn over, nothing drawn", effectsOf(mr.DoneStep(0, false), func(e *mr.Effects) { e.TurnOver = true }), names, "✅ ana ended the turn."},
		{"drawn, the turn not over", effectsOf(mr.DoneStep(0, false), func(e *mr.Effects) { e.Drawn = yy }), names, "✅ ana ended the turn."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := describe(p, tt.e, tt.names); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
	g := New(Options{})
	if got := g.Describe(p, nil, names); got != "" {
		t.Errorf("Describe(nil) = %q", got)
	}
	if got := g.Describe(p, "not an effect", names); got != "" {
		t.Errorf("Describe(a string) = %q", got)
	}
	if got, want := g.Describe(p, effectsOf(mr.DoneStep(1, false), nil), names), describe(p, effectsOf(mr.DoneStep(1, false), nil), names); got != want {
		t.Errorf("Describe = %q, want describe's %q", got, want)
	}
}

// TestDescribePlayed pins the lines said for steps of a real game, whose
// margins (which only the engine sets) make a floor shaky (below δ_safe,
// 1.5 mm) once; margins of 2.5 to 4.5 mm, amber with the first band, are
// said no more.
func TestDescribePlayed(t *testing.T) {
	p := catalog(t).Printer(i18n.English)
	tests := []struct {
		at   int
		want string
	}{
		{80, "🏛️ bob placed a yellow column on J4."},
		{87, "🧱 bob placed floor H on level 3, on G2 G3 J4."},
		{90, "🏛️ ana placed a blue column on A3."},
		{115, "⬆️ bob moved the column C1 to N1. The card is done."},
		{118, "⬆️ ana moved the column B3 to N5. Floor N is full: floor I must be placed now. ⚠️ Floor R is shaky now (margin 1.4 mm)."},
		{120, "⬆️ ana moved the column F2 to I3. Floor Q lost a support. The card is done."},
		{123, "🏛️ bob placed a yellow column on I4."},
	}
	s := hintedTo(t, 0)
	said := map[int]string{}
	for !s.Over() && s.Moves() <= tests[len(tests)-1].at {
		step, _ := ai.Plain(positionOf(s))
		e, err := s.Play(s.Line(step))
		if err != nil {
			t.Fatal(err)
		}
		said[s.Moves()-1] = describe(p, e.(*mr.Effects), playersOf(s))
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.at), func(t *testing.T) {
			if got := said[tt.at]; got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// playersOf returns the record's names of the players of a state.
func playersOf(s *State) []string { return s.Engine().(engine).players }
