package menara

import (
	"errors"
	"strings"
	"testing"
)

// TestWords: every name the engine writes reads back, in any case.
func TestWords(t *testing.T) {
	for _, c := range Colours {
		for _, s := range []string{c.String(), strings.ToUpper(c.String()), string(c.Letter()), strings.ToLower(string(c.Letter()))} {
			if got, ok := ParseColour(s); !ok || got != c {
				t.Errorf("ParseColour(%q) = %v, %v", s, got, ok)
			}
		}
	}
	for pl := Pile(0); pl < NumPiles; pl++ {
		if got, ok := ParsePile(strings.ToUpper(pl.String())); !ok || got != pl {
			t.Errorf("ParsePile(%s)", pl)
		}
	}
	for d := Easy; d <= Hard; d++ {
		if got, ok := ParseDifficulty(d.String()); !ok || got != d {
			t.Errorf("ParseDifficulty(%s)", d)
		}
	}
	for _, h := range []Hands{Steady, Shaky} {
		if got, ok := ParseHands(h.String()); !ok || got != h {
			t.Errorf("ParseHands(%s)", h)
		}
	}
	for _, s := range []Side{Light, Dark} {
		if got, ok := ParseSide(s.String()); !ok || got != s {
			t.Errorf("ParseSide(%s)", s)
		}
	}
	for f := FloorID(0); f < NumFloors; f++ {
		for n := uint8(1); n <= MaxBases; n++ {
			b := Base{f, n}
			if got, ok := ParseBase(strings.ToLower(b.String())); !ok || got != b {
				t.Errorf("ParseBase(%s)", b)
			}
		}
	}
	bad := []string{"", "K", "K0", "K7", "S1", "K+1", "K-1", "KK", "1K"}
	for _, s := range bad {
		if _, ok := ParseBase(s); ok {
			t.Errorf("ParseBase(%q) accepted", s)
		}
	}
	for _, s := range []string{"", "G", "greenish", "YY"} {
		if _, ok := ParseColour(s); ok {
			t.Errorf("ParseColour(%q) accepted", s)
		}
	}
	if _, ok := ParseColumns("YQ"); ok {
		t.Errorf("ParseColumns(YQ) accepted")
	}
	if c, _ := ParseColumns("bkyy"); c.String() != "YYKB" || len(c.List()) != 4 || (Columns{}).String() != "-" {
		t.Errorf("columns %v", c)
	}
	names := map[string]string{
		Card{Type: PlaceCard, N: 1}.String():    "place 1 column",
		Card{Type: OneFloorCard, N: 3}.String(): "place 3 columns on one floor",
		Card{Type: MoveCard, N: 2}.String():     "move 2 columns up",
		Card{Type: FillCard, N: 1}.String():     "fill a floor",
		Card{Type: LiftCard, N: 1}.String():     "move a floor",
		OneFloorCard.String():                   "one-floor",
		Over.String() + Playing.String():        "overplaying",
		NewFloor.String():                       "new-floor",
		FloorsUsed.String():                     "floors",
		DarkRim.String():                        "dark",
	}
	for got, want := range names {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
	m := StatModel()
	if m.PitchMM != 30 || m.ColumnG != 10 || m.FloorGPerCell != 3 || Delta(2) != delta0UM+2*delta1UM || Safe() != safeUM || m.Delta0MM != delta0UM/1000.0 {
		t.Errorf("model %+v", m)
	}
}

// TestEffectsMargins: a column on a floor of level 1 changes its margin
// and the margins of the floors below.
func TestEffectsMargins(t *testing.T) {
	p := temple(t, 1, 1)
	f := p.quarry[p.drawn-1]
	before, _ := p.Margin(f)
	seat := p.Turn()
	spot := p.FloorBases(f)[0]
	var h Columns
	h[spot.Colour] = 1
	p.setHand(t, seat, h)
	p.setCard(t, PlaceCard, 1, FreeRim, true)
	b := Base{f, 1}
	if p.Column(b) {
		t.Skip("base taken")
	}
	e := mustApply(t, p, ColumnStep(seat, spot.Colour, b))
	found := false
	for _, mc := range e.Margins() {
		if mc.Floor == f {
			found = mc.HadBefore && mc.HasAfter && mc.Before == before && mc.After != before && mc.Holds == p.Holds(f)
		}
	}
	if !found {
		t.Errorf("margins %+v do not report floor %s's change from %d", e.Margins(), f, before)
	}
}

func TestReplayError(t *testing.T) {
	g, _ := NewGame(testOptions(2, Easy), 3)
	start := g.Position()
	steps := []Step{RevealStep(start.Turn(), BluePile), DoneStep(start.Turn(), false)}
	_, err := Replay(g.Start(), steps)
	var re *ReplayError
	if !errors.As(err, &re) || re.Index != 1 || !strings.Contains(err.Error(), "step 2 (done)") || errors.Unwrap(err) == nil {
		t.Fatalf("got %v", err)
	}
	if _, err := g.Play(steps[0]); err != nil || len(g.Steps()) != 1 || g.Steps()[0] != steps[0] {
		t.Fatalf("steps %v, %v", g.Steps(), err)
	}
}

// TestKindBuilds: the kinds that build the temple are those of its
// columns and floors.
func TestKindBuilds(t *testing.T) {
	for k := Exchange; k <= Done; k++ {
		want := k == PlaceColumn || k == MoveColumn || k == PlaceFloor || k == Extend || k == Lift
		if got := k.Builds(); got != want {
			t.Errorf("%s.Builds() = %v, want %v", k, got, want)
		}
	}
}
