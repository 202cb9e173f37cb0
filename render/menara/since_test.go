package menara_test

import (
	"bytes"
	"image/png"
	"math/rand/v2"
	"slices"
	"testing"

	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/rules/menara"
)

// TestSinceHighlights plays seeded games of three and, at every turn's
// start, checks the view of the steps since the player to act last
// played: the columns ringed are those the steps placed or moved that
// still stand, the floors outlined (styled Last on the temple) those they
// placed, extended or lifted, and the header still says the last step.
// One view that gathers two floors and two columns or more is laid out,
// and drawn and decoded but under -short (the race detector).
func TestSinceHighlights(t *testing.T) {
	drawn := false
	for seed := uint64(1); seed <= 6 && !drawn; seed++ {
		p, err := menara.NewPosition(opts(3, menara.Easy), seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		var history []*menara.Effects
		for p.Phase() != menara.Over && len(history) < 400 {
			next, e, err := p.Apply(p.RandomStep(rng))
			if err != nil {
				t.Fatal(err)
			}
			p, history = next, append(history, &e)
			if !e.TurnOver || e.GameOver {
				continue
			}
			from := len(history)
			for from > 0 && int(history[from-1].Step.Seat) != p.Turn() {
				from--
			}
			since := history[from:]
			columns, floors := built(&p, since)
			v := rmenara.SinceOf(&p, since)
			checkSince(t, &p, since, v, columns, floors)
			if !drawn && len(columns) >= 2 && len(floors) >= 2 {
				drawSince(t, &p, since, v, !testing.Short())
				drawn = true
			}
		}
	}
	if !drawn {
		t.Error("no turn's start followed two floors and two columns: the test draws nothing")
	}
}

// built returns the columns the steps of since placed or moved that still
// stand in p, and the floors they placed, extended or lifted.
func built(p *menara.Position, since []*menara.Effects) ([]menara.Base, []menara.FloorID) {
	var columns []menara.Base
	var floors []menara.FloorID
	for _, e := range since {
		if e.Failed || e.LiftFell {
			continue
		}
		switch e.Step.Kind {
		case menara.PlaceColumn, menara.MoveColumn:
			if p.Column(e.To) && !slices.Contains(columns, e.To) {
				columns = append(columns, e.To)
			}
		case menara.PlaceFloor, menara.Extend, menara.Lift:
			if !slices.Contains(floors, e.Floor) {
				floors = append(floors, e.Floor)
			}
		}
	}
	return columns, floors
}

// checkSince checks view v of the steps since against what they built.
func checkSince(t *testing.T, p *menara.Position, since []*menara.Effects, v rmenara.View, columns []menara.Base, floors []menara.FloorID) {
	t.Helper()
	last := rmenara.ViewOf(p, since[len(since)-1])
	if len(since) < 2 || len(columns)+len(floors) == 0 {
		if v.Step != nil {
			t.Errorf("%d steps building nothing gather a change", len(since))
		}
		return
	}
	c := v.Change
	if v.Step == nil || c == nil || v.Step.Step != last.Change.Step {
		t.Fatalf("the header's step is not the last one")
	}
	got := slices.Clone(c.Columns)
	slices.SortFunc(got, cmpBase)
	want := slices.Clone(columns)
	slices.SortFunc(want, cmpBase)
	if !slices.Equal(got, want) {
		t.Errorf("columns ringed %v, want %v", got, want)
	}
	gotFloors := append([]menara.FloorID{}, c.Built...)
	if c.Floor.Valid() {
		gotFloors = append(gotFloors, c.Floor)
	}
	slices.Sort(gotFloors)
	slices.Sort(floors)
	if !slices.Equal(gotFloors, floors) {
		t.Errorf("floors outlined %v, want %v", gotFloors, floors)
	}
}

func cmpBase(a, b menara.Base) int {
	if a.Floor != b.Floor {
		return int(a.Floor) - int(b.Floor)
	}
	return int(a.N) - int(b.N)
}

// drawSince lays out view v, and draws it when draw is set: every floor
// the steps built is styled Last on the temple, every column ringed, and
// the PNG decodes, unlike the image of the last step alone.
func drawSince(t *testing.T, p *menara.Position, since []*menara.Effects, v rmenara.View, draw bool) {
	t.Helper()
	o := options(t)
	l := rmenara.NewLayout(&v, o)
	columns, floors := built(p, since)
	var last []menara.FloorID
	for _, layer := range l.Temple.Layers {
		for _, s := range layer.Slabs {
			if s.Style == rmenara.Last {
				last = append(last, s.Floor)
			}
		}
	}
	slices.Sort(last)
	if !slices.Equal(last, floors) {
		t.Errorf("slabs styled Last %v, want %v", last, floors)
	}
	if len(l.Temple.Rings) < len(columns) {
		t.Errorf("%d rings for %d columns", len(l.Temple.Rings), len(columns))
	}
	if !draw {
		return
	}
	r := renderer(t)
	var all, one bytes.Buffer
	if err := r.WritePNG(&all, &v, o); err != nil {
		t.Fatal(err)
	}
	if err := r.WritePosition(&one, p, since[len(since)-1], o); err != nil {
		t.Fatal(err)
	}
	a, err := png.Decode(bytes.NewReader(all.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	b, err := png.Decode(bytes.NewReader(one.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if a.Bounds() != b.Bounds() {
		return // a header of other height: they differ
	}
	differ := 0
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Error("the image of the steps since is the last step's")
	}
}
