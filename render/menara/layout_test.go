package menara_test

import (
	"fmt"
	"image"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/render"
	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/rules/menara"
)

// layoutCase is a scenario to lay out and what to check beyond what every
// layout obeys.
type layoutCase struct {
	sc    scenario
	check func(t *testing.T, g game, v *rmenara.View, l *rmenara.Layout)
}

func layoutCases() []layoutCase {
	return []layoutCase{
		{scStart, func(t *testing.T, g game, v *rmenara.View, l *rmenara.Layout) {
			if len(l.Temple.Layers) != 1 || len(l.Temple.Layers[0].Slabs) != menara.BaseFloors || len(l.Temple.Layers[0].Columns) != 0 {
				t.Errorf("the start: %d layers, want one of %d slabs and no column", len(l.Temple.Layers), menara.BaseFloors)
			}
			if l.Header.Step.S != "" || len(l.Temple.Rings)+len(l.Temple.Arrows)+len(l.Temple.Ghosts) != 0 {
				t.Errorf("no step yet, but the header says %q and %d marks are drawn", l.Header.Step.S, len(l.Temple.Rings))
			}
			if got, want := l.Panel.Named[rmenara.TextInPlay].S, labels(t, i18n.English).NoCard; got != want {
				t.Errorf("card in play %q, want %q", got, want)
			}
			// Every base of the start is empty and in view: each is named.
			if got, want := len(l.Temple.Tags), countBases(v, func(b rmenara.Base) bool { return !b.Column }); got != want {
				t.Errorf("%d names on the temple, want one per base: %d", got, want)
			}
		}},
		{scMid, func(t *testing.T, g game, v *rmenara.View, l *rmenara.Layout) {
			if g.pos.Height() < 3 || len(v.Floors) < 10 {
				t.Fatalf("%v: want a temple of height 3 and 10 floors", g)
			}
			wantRings(t, l, 1, g.last.To)
			wantNamed(t, l, g.last.To)
			if !strings.Contains(l.Header.Step.S, g.last.To.String()) {
				t.Errorf("step line %q does not name %v", l.Header.Step.S, g.last.To)
			}
		}},
		{scTall, func(t *testing.T, g game, v *rmenara.View, l *rmenara.Layout) {
			if len(l.Plans) != g.pos.Height()+1 || len(l.Temple.Layers) != g.pos.Height()+1 {
				t.Errorf("%d plans and %d layers for a temple of height %d", len(l.Plans), len(l.Temple.Layers), g.pos.Height())
			}
			slab := findSlab(l, g.last.Floor)
			if slab == nil || slab.Style != rmenara.Last {
				t.Errorf("the floor just placed, %v, is not drawn as the last step's", g.last.Floor)
			}
		}},
		{scCrowded, func(t *testing.T, g game, v *rmenara.View, l *rmenara.Layout) {
			if slab := findSlab(l, g.last.Floor); slab == nil || slab.Style != rmenara.Last || slab.Level != 0 {
				t.Errorf("the base's new floor %v is not drawn as the last step's on level 0", g.last.Floor)
			}
		}},
		{scWon, func(t *testing.T, g game, v *rmenara.View, l *rmenara.Layout) {
			lb := labels(t, i18n.English)
			if want := lb.Won(g.pos.Height(), g.pos.Required()); l.Header.Status.S != want {
				t.Errorf("headline %q, want %q", l.Header.Status.S, want)
			}
			if !l.Panel.ToAct.Empty() {
				t.Error("a player is marked to act in a finished game")
			}
		}},
		{scCollapse, func(t *testing.T, g game, v *rmenara.View, l *rmenara.Layout) {
			lb := labels(t, i18n.English)
			if want := lb.Lost(menara.Collapse, g.pos.Height(), g.pos.Required()); l.Header.Status.S != want {
				t.Errorf("headline %q, want %q", l.Header.Status.S, want)
			}
			fell := 0
			for _, f := range g.last.Fallen {
				if s := findSlab(l, f); s == nil || s.Style != rmenara.Fell {
					t.Errorf("fallen floor %v not drawn as fallen", f)
				}
				fell++
			}
			if fell == 0 {
				t.Error("a collapse without a fallen floor")
			}
			for _, b := range g.last.FallenColumns.Bases() {
				if c := findColumn(l, b); c == nil || c.Style != rmenara.Fell {
					t.Errorf("fallen column %v not drawn as fallen", b)
				}
			}
			for _, tg := range l.Temple.Tags {
				if g.pos.ColumnFallen(tg.Base) || g.pos.Fallen(tg.Base.Floor) {
					t.Errorf("%v fell but is named as if it could be acted on", tg.Base)
				}
			}
		}},
		{scMove, func(t *testing.T, g game, v *rmenara.View, l *rmenara.Layout) {
			if len(l.Temple.Arrows) != 1 {
				t.Errorf("%d arrows, want one for the moved column", len(l.Temple.Arrows))
			}
			dashed := 0
			for _, r := range l.Temple.Rings {
				if r.Dashed {
					dashed++
				}
			}
			if dashed != 1 {
				t.Errorf("%d dashed rings, want one where the column stood", dashed)
			}
			wantNamed(t, l, g.last.To)
		}},
		{scLift, func(t *testing.T, g game, v *rmenara.View, l *rmenara.Layout) {
			s := findSlab(l, g.last.Floor)
			if s == nil || s.Style != rmenara.Last || s.Level != g.last.Level {
				t.Errorf("the lifted floor %v is not drawn as the last step's on level %d", g.last.Floor, g.last.Level)
			}
			dashed := 0
			for _, r := range l.Temple.Rings {
				if r.Dashed {
					dashed++
				}
			}
			if dashed != g.last.Freed.Len() {
				t.Errorf("%d dashed rings, want one per column the lift freed (%d)", dashed, g.last.Freed.Len())
			}
		}},
		{scPreview, func(t *testing.T, g game, v *rmenara.View, l *rmenara.Layout) {
			checkProposal(t, g, v, l)
			if l.Header.Warning.S != "" {
				t.Errorf("a stable placement warns %q", l.Header.Warning.S)
			}
		}},
		{scPreviewCollapse, func(t *testing.T, g game, v *rmenara.View, l *rmenara.Layout) {
			checkProposal(t, g, v, l)
			if want := labels(t, i18n.English).Collapse; !strings.Contains(l.Header.Warning.S, want) {
				t.Errorf("a collapsing placement warns %q, want %q", l.Header.Warning.S, want)
			}
			falls := false
			for _, b := range l.Temple.Badges {
				falls = falls || b.Stability == rmenara.Falls
			}
			if !falls {
				t.Error("no badge says which floor would fall")
			}
		}},
	}
}

// checkProposal checks what every preview shows: the proposed floor
// traced over everything, its supports ringed, the panel as before the
// step, the badges of the margins it would change outlined.
func checkProposal(t *testing.T, g game, v *rmenara.View, l *rmenara.Layout) {
	t.Helper()
	c := v.Change
	if c == nil || !c.Proposed || !c.Floor.Valid() {
		t.Fatalf("the preview's change is %+v", c)
	}
	if !l.Header.Proposal || !strings.Contains(l.Header.Step.S, c.Floor.String()) {
		t.Errorf("header: proposal %v, line %q", l.Header.Proposal, l.Header.Step.S)
	}
	if len(l.Temple.Ghosts) != 1 || !l.Temple.Ghosts[0].Proposal {
		t.Errorf("%d ghosts, want the proposed floor's outline", len(l.Temple.Ghosts))
	}
	supports := 0
	for _, r := range l.Temple.Rings {
		if r.Support {
			supports++
		}
	}
	if supports != len(c.Supports) || supports < menara.MinSupports {
		t.Errorf("%d supports ringed, want %d (at least %d)", supports, len(c.Supports), menara.MinSupports)
	}
	marked := 0
	for _, pl := range l.Plans {
		for _, b := range pl.Bases {
			if b.Support {
				marked++
			}
		}
	}
	if marked != len(c.Supports) {
		t.Errorf("%d supports marked on the plans, want %d", marked, len(c.Supports))
	}
	var badge *rmenara.Badge
	for i := range l.Temple.Badges {
		if l.Temple.Badges[i].Floor == c.Floor {
			badge = &l.Temple.Badges[i]
		}
	}
	if badge == nil || !badge.Changed || badge.Margin.S == "" {
		t.Errorf("the proposed floor's badge is %+v, want its margin, outlined", badge)
	}
	// The panel is the position's before the step: the floor is still to
	// be placed.
	if got, want := l.Panel.Named[rmenara.TextNextFloor].S, labels(t, i18n.English).NextFloor(c.Floor.String()); got != want {
		t.Errorf("next floor %q, want %q (the panel as it stands before the step)", got, want)
	}
}

func TestNewLayout(t *testing.T) {
	for _, tc := range layoutCases() {
		t.Run(tc.sc.name, func(t *testing.T) {
			g := tc.sc.get(t)
			v := tc.sc.viewOf(t)
			l := rmenara.NewLayout(&v, options(t))
			checkLayout(t, &v, &l)
			tc.check(t, g, &v, &l)
		})
	}
}

// checkLayout checks what every layout must show of its view.
func checkLayout(t *testing.T, v *rmenara.View, l *rmenara.Layout) {
	t.Helper()
	lb := labels(t, i18n.English)
	bounds := image.Rectangle{Max: l.Size}
	if l.Size.X != rmenara.Width || l.Size.Y < 1200 || l.Size.Y > 3200 {
		t.Errorf("size %v, want %d wide and 1200 to 3200 high", l.Size, rmenara.Width)
	}
	for _, r := range []image.Rectangle{l.Header.Rect, l.Temple.Rect, l.Panel.Rect} {
		if !r.In(bounds) {
			t.Errorf("%v outside the image %v", r, bounds)
		}
	}
	if l.Temple.Rect.Overlaps(l.Panel.Rect) {
		t.Errorf("the temple %v overlaps the panel %v", l.Temple.Rect, l.Panel.Rect)
	}

	// Every floor is one slab on its level; every base is an empty base's
	// mark on its slab or a column on its level, once.
	maxLevel := 0
	for _, f := range v.Floors {
		maxLevel = max(maxLevel, f.Level)
	}
	if len(l.Temple.Layers) != maxLevel+1 {
		t.Fatalf("%d layers for a temple of level %d", len(l.Temple.Layers), maxLevel)
	}
	seen := map[menara.Base]int{}
	slabs := 0
	for lvl, layer := range l.Temple.Layers {
		if layer.Level != lvl {
			t.Errorf("layer %d says level %d", lvl, layer.Level)
		}
		for i, s := range layer.Slabs {
			slabs++
			if s.Level != lvl {
				t.Errorf("slab %v of level %d in layer %d", s.Floor, s.Level, lvl)
			}
			if i > 0 && s.Bottom < layer.Slabs[i-1].Bottom {
				t.Errorf("level %d: slab %v painted before a slab nearer the viewer", lvl, s.Floor)
			}
			for _, d := range s.Discs {
				seen[d.Base]++
				if d.Base.Floor != s.Floor {
					t.Errorf("base %v drawn on slab %v", d.Base, s.Floor)
				}
			}
		}
		for i, c := range layer.Columns {
			seen[c.Base]++
			if c.Foot.Y <= c.Head.Y {
				t.Errorf("column %v: foot %v above head %v", c.Base, c.Foot, c.Head)
			}
			if i > 0 && c.Foot.Y < layer.Columns[i-1].Foot.Y {
				t.Errorf("level %d: column %v painted before a column nearer the viewer", lvl, c.Base)
			}
		}
	}
	if slabs != len(v.Floors) {
		t.Errorf("%d slabs for %d floors", slabs, len(v.Floors))
	}
	for _, f := range v.Floors {
		s := findSlab(l, f.ID)
		if s == nil {
			t.Errorf("floor %v not drawn", f.ID)
			continue
		}
		if s.Level != f.Level || s.Side != f.Side || (s.Style == rmenara.Fell) != f.Fallen {
			t.Errorf("floor %v: slab level %d side %v style %v; floor level %d side %v fallen %v", f.ID, s.Level, s.Side, s.Style, f.Level, f.Side, f.Fallen)
		}
		for _, b := range f.Bases {
			if seen[b.Name] != 1 {
				t.Errorf("base %v drawn %d times", b.Name, seen[b.Name])
			}
			if b.Column {
				c := findColumn(l, b.Name)
				if c == nil || c.Colour != b.Colour || c.Free != (b.Carries == menara.NoFloor) || (c.Style == rmenara.Fell) != b.Fallen {
					t.Errorf("column %v drawn as %+v", b.Name, c)
				}
			}
		}
	}

	// Only the step's columns are drawn again through what hides them.
	for _, c := range l.Temple.Xray {
		if c.Style != rmenara.Last && c.Style != rmenara.Proposed {
			t.Errorf("column %v drawn through what hides it, not the step's", c.Base)
		}
	}

	// One badge per floor, coloured by its margin against the model.
	if len(l.Temple.Badges) != len(v.Floors) {
		t.Errorf("%d badges for %d floors", len(l.Temple.Badges), len(v.Floors))
	}
	for _, b := range l.Temple.Badges {
		f := findFloor(v, b.Floor)
		if f == nil {
			t.Errorf("badge of floor %v, not in the view", b.Floor)
			continue
		}
		want := rmenara.Safe
		switch {
		case f.Level == 0:
			want = rmenara.NoMargin
		case !f.HasMargin || !f.Holds || f.Margin < v.Model.Delta(f.Level):
			want = rmenara.Falls
		case f.Margin < v.Model.Safe:
			want = rmenara.Shaky
		}
		if b.Stability != want {
			t.Errorf("floor %v (level %d, margin %d µm, holds %v): badge %v, want %v", f.ID, f.Level, f.Margin, f.Holds, b.Stability, want)
		}
		if b.Letter.S != f.ID.String() {
			t.Errorf("floor %v's badge says %q", f.ID, b.Letter.S)
		}
		if f.HasMargin && f.Level > 0 && b.Margin.S != "" && b.Margin.S != lb.Margin(f.Margin) {
			t.Errorf("floor %v's badge says %q, want %q", f.ID, b.Margin.S, lb.Margin(f.Margin))
		}
	}

	// Names: apart from each other and from the badges, on the temple
	// view, each naming an empty base or a column a player can act on.
	for i, a := range l.Temple.Tags {
		if !a.Rect.In(l.Temple.Rect) {
			t.Errorf("name %v at %v, outside the temple view %v", a.Base, a.Rect, l.Temple.Rect)
		}
		if a.Text.S != a.Base.String() {
			t.Errorf("name of %v says %q", a.Base, a.Text.S)
		}
		for _, b := range l.Temple.Tags[i+1:] {
			if a.Rect.Overlaps(b.Rect) {
				t.Errorf("names %v and %v overlap", a.Base, b.Base)
			}
		}
		for _, b := range l.Temple.Badges {
			if a.Rect.Overlaps(b.Rect) {
				t.Errorf("name %v overlaps floor %v's badge", a.Base, b.Floor)
			}
		}
		base := findBase(v, a.Base)
		switch {
		case base == nil:
			t.Errorf("name %v of no base", a.Base)
		case a.Column != base.Column:
			t.Errorf("name %v: column %v, base has one: %v", a.Base, a.Column, base.Column)
		case a.Column:
			c := findColumn(l, a.Base)
			if !c.Free && !c.Movable && c.Style != rmenara.Last && c.Style != rmenara.Proposed {
				t.Errorf("column %v named, but nothing rests on it... it carries a floor, cannot move and is not the step's", a.Base)
			}
		}
	}

	// The plans: one per level, each with its level's floors, every base
	// named.
	if len(l.Plans) != maxLevel+1 {
		t.Errorf("%d plans for levels 0 to %d", len(l.Plans), maxLevel)
	}
	for i, pl := range l.Plans {
		if pl.Level != i || !pl.Rect.In(bounds) || pl.Rect.Overlaps(l.Panel.Rect) || pl.Rect.Overlaps(l.Temple.Rect) {
			t.Errorf("plan %d: level %d at %v", i, pl.Level, pl.Rect)
		}
		want := ""
		if i == 0 {
			want = lb.Base
		} else {
			want = lb.Level(i)
		}
		if pl.Caption.S != want {
			t.Errorf("plan %d captioned %q, want %q", i, pl.Caption.S, want)
		}
		var floors []string
		for _, f := range pl.Floors {
			floors = append(floors, f.Floor.String())
		}
		var wantFloors []string
		bases := 0
		for _, f := range v.Floors {
			if f.Level == i {
				wantFloors = append(wantFloors, f.ID.String())
				bases += len(f.Bases)
			}
		}
		if !slices.Equal(floors, wantFloors) || len(pl.Bases) != bases {
			t.Errorf("plan %d: floors %v and %d bases, want %v and %d", i, floors, len(pl.Bases), wantFloors, bases)
		}
		for _, b := range pl.Bases {
			vb := findBase(v, b.Base)
			if vb == nil || vb.Colour != b.Colour || vb.Column != b.Column || b.Free != (vb.Column && vb.Carries == menara.NoFloor) {
				t.Errorf("plan %d: base %+v, view %+v", i, b, vb)
			}
			if !b.Fallen && b.Tag.Text.S != b.Base.String() {
				t.Errorf("plan %d: base %v named %q", i, b.Base, b.Tag.Text.S)
			}
		}
	}

	// The panel.
	p := &l.Panel
	if got, want := p.Named[rmenara.TextHeight].S, lb.Height(v.Height, v.Required); got != want {
		t.Errorf("height %q, want %q", got, want)
	}
	if len(p.Levels) != v.Required {
		t.Errorf("%d cards in the level row, want %d", len(p.Levels), v.Required)
	}
	for i, c := range p.Levels {
		if c.Reached != (i < v.Height) || c.Plan != (i >= v.LevelCards) || c.Number.S != fmt.Sprint(i+1) {
			t.Errorf("level card %d: %+v", i+1, c)
		}
	}
	for pl, s := range p.Piles {
		if s.Count.S != fmt.Sprint(v.Piles[pl]) {
			t.Errorf("pile %v: %q cards, want %d", menara.Pile(pl), s.Count.S, v.Piles[pl])
		}
	}
	chips := v.Camp.Total()
	for _, h := range v.Hand {
		chips += h.Total()
	}
	if len(p.Chips) != chips {
		t.Errorf("%d columns in the panel, want %d (camp and hands)", len(p.Chips), chips)
	}
	if p.ToAct.Empty() != v.Over {
		t.Errorf("player to act marked %v in a game over %v", p.ToAct, v.Over)
	}
	if got, want := p.Named[rmenara.TextFloorsLeft].S, lb.FloorsLeft(v.Quarry); got != want {
		t.Errorf("quarry %q, want %q", got, want)
	}
	if v.HasCard {
		if got, want := p.Named[rmenara.TextCard].S, lb.Card(v.Card); got != want {
			t.Errorf("card %q, want %q", got, want)
		}
		if p.Card == nil || p.Card.Pile != v.Card.Pile || p.Card.Rim != v.Card.Rim {
			t.Errorf("card face %+v for %+v", p.Card, v.Card)
		}
	}
	if v.NextFloor.Valid() {
		if len(p.Next) != 2 {
			t.Errorf("%d sides of the next floor, want 2", len(p.Next))
		}
		for _, n := range p.Next {
			if want := !v.HasCard || v.Card.Rim.Allows(n.Side); n.Allowed != want {
				t.Errorf("next floor's %v side allowed %v, want %v", n.Side, n.Allowed, want)
			}
		}
	}
	for _, tx := range p.Texts {
		if !tx.Rect.In(p.Rect) {
			t.Errorf("panel text %q at %v, outside the panel %v", tx.S, tx.Rect, p.Rect)
		}
	}
	if !v.Over && v.Turn >= 0 {
		name := v.Players[v.Turn]
		if opts := options(t); v.Turn < len(opts.Names) {
			name = render.CleanName(opts.Names[v.Turn])
		}
		if got, want := l.Header.Status.S, lb.ToPlay(name); got != want {
			t.Errorf("headline %q, want %q", got, want)
		}
	}
}

// TestEveryBaseNamed: every empty base and every free column of the
// temple is named, on the temple view where it can be seen or on its
// level's plan.
func TestEveryBaseNamed(t *testing.T) {
	for _, tc := range layoutCases() {
		t.Run(tc.sc.name, func(t *testing.T) {
			v := tc.sc.viewOf(t)
			l := rmenara.NewLayout(&v, options(t))
			named := map[menara.Base]bool{}
			for _, tg := range l.Temple.Tags {
				named[tg.Base] = true
			}
			for _, pl := range l.Plans {
				for _, b := range pl.Bases {
					if b.Tag.Text.S != "" {
						named[b.Base] = true
					}
				}
			}
			inView := 0
			for _, f := range v.Floors {
				if f.Fallen {
					continue
				}
				for _, b := range f.Bases {
					if b.Fallen || b.Column && b.Carries != menara.NoFloor {
						continue
					}
					if !named[b.Name] {
						t.Errorf("%v is not named", b.Name)
					}
				}
			}
			for _, tg := range l.Temple.Tags {
				if !tg.Column {
					inView++
				}
			}
			t.Logf("%d names on the temple view (%d of empty bases)", len(l.Temple.Tags), inView)
		})
	}
}

func countBases(v *rmenara.View, ok func(rmenara.Base) bool) int {
	n := 0
	for _, f := range v.Floors {
		for _, b := range f.Bases {
			if ok(b) {
				n++
			}
		}
	}
	return n
}

func findSlab(l *rmenara.Layout, f menara.FloorID) *rmenara.Slab {
	for i := range l.Temple.Layers {
		for j := range l.Temple.Layers[i].Slabs {
			if s := &l.Temple.Layers[i].Slabs[j]; s.Floor == f {
				return s
			}
		}
	}
	return nil
}

func findColumn(l *rmenara.Layout, b menara.Base) *rmenara.Column {
	for i := range l.Temple.Layers {
		for j := range l.Temple.Layers[i].Columns {
			if c := &l.Temple.Layers[i].Columns[j]; c.Base == b {
				return c
			}
		}
	}
	return nil
}

func findFloor(v *rmenara.View, f menara.FloorID) *rmenara.Floor {
	for i := range v.Floors {
		if v.Floors[i].ID == f {
			return &v.Floors[i]
		}
	}
	return nil
}

func findBase(v *rmenara.View, b menara.Base) *rmenara.Base {
	f := findFloor(v, b.Floor)
	if f == nil || int(b.N) < 1 || int(b.N) > len(f.Bases) {
		return nil
	}
	return &f.Bases[b.N-1]
}

// wantRings checks that n solid rings mark what the step placed.
func wantRings(t *testing.T, l *rmenara.Layout, n int, b menara.Base) {
	t.Helper()
	solid := 0
	for _, r := range l.Temple.Rings {
		if !r.Dashed && !r.Support {
			solid++
		}
	}
	if solid != n {
		t.Errorf("%d rings, want %d (%v)", solid, n, b)
	}
	if c := findColumn(l, b); c == nil || c.Style != rmenara.Last {
		t.Errorf("column %v is not drawn as the last step's", b)
	}
}

// wantNamed checks that base b is named on the temple view.
func wantNamed(t *testing.T, l *rmenara.Layout, b menara.Base) {
	t.Helper()
	for _, tg := range l.Temple.Tags {
		if tg.Base == b {
			return
		}
	}
	t.Errorf("%v, which the step placed, is not named on the temple view", b)
}

// TestPreviewSteps: a preview of any building step marks what it would
// place as proposed: a column, a floor beside the base, a floor lifted to
// another level (with where it was, drawn dashed).
func TestPreviewSteps(t *testing.T) {
	building := scenario{name: "building", game: func(tb testing.TB) game {
		return build(tb, opts(2, menara.Easy), 5, 60, func(p *menara.Position, _ *menara.Effects) bool {
			if p.Stage() != menara.Building || p.Height() < 2 {
				return false
			}
			for _, s := range p.LegalSteps(nil) {
				if s.Kind == menara.PlaceColumn {
					return true
				}
			}
			return false
		})
	}}
	t.Run("column", func(t *testing.T) {
		g := building.get(t)
		var s menara.Step
		for _, st := range g.pos.LegalSteps(nil) {
			if st.Kind == menara.PlaceColumn {
				s = st
				break
			}
		}
		v := preview(t, g, s)
		l := rmenara.NewLayout(&v, options(t))
		checkLayout(t, &v, &l)
		if c := findColumn(&l, s.To); c == nil || c.Style != rmenara.Proposed {
			t.Errorf("the proposed column %v is drawn %+v", s.To, c)
		}
		wantNamed(t, &l, s.To)
		if !l.Header.Proposal || !strings.Contains(l.Header.Step.S, s.To.String()) {
			t.Errorf("header: proposal %v, %q", l.Header.Proposal, l.Header.Step.S)
		}
	})
	t.Run("extension", func(t *testing.T) {
		g := scNewFloor.get(t)
		for _, pl := range placements(t, g) {
			if !pl.Extension {
				continue
			}
			v := preview(t, g, pl.Step)
			l := rmenara.NewLayout(&v, options(t))
			checkLayout(t, &v, &l)
			if s := findSlab(&l, pl.Step.Floor); s == nil || s.Style != rmenara.Proposed || s.Level != 0 {
				t.Errorf("the proposed extension %v is drawn %+v", pl.Step.Floor, s)
			}
			return
		}
		t.Skip("no extension here")
	})
	t.Run("lift", func(t *testing.T) {
		g := build(t, opts(2, menara.Easy), 1, 100, func(p *menara.Position, _ *menara.Effects) bool {
			_, ok := liftable(p)
			return ok
		})
		s, _ := liftable(&g.pos)
		v := preview(t, g, s)
		l := rmenara.NewLayout(&v, options(t))
		checkLayout(t, &v, &l)
		if len(l.Temple.Ghosts) != 2 {
			t.Errorf("%d dashed outlines, want where the floor was and where it would go", len(l.Temple.Ghosts))
		}
	})
}

// TestPreviewRisk: with shaky hands, a preview says how likely the step is
// to fail, in percent, as the engine computes it.
func TestPreviewRisk(t *testing.T) {
	risky := func(p *menara.Position) (menara.Step, menara.Risk, bool) {
		if p.Stage() != menara.Building {
			return menara.Step{}, menara.Risk{}, false
		}
		for _, s := range p.LegalSteps(nil) {
			if s.Kind != menara.PlaceColumn {
				continue
			}
			if _, e, err := p.Preview(s); err == nil && !e.Collapse && e.Risk.Num > 0 {
				return s, e.Risk, true
			}
		}
		return menara.Step{}, menara.Risk{}, false
	}
	o := opts(2, menara.Easy)
	o.Hands = menara.Shaky
	g := build(t, o, 1, 100, func(p *menara.Position, _ *menara.Effects) bool {
		_, _, ok := risky(p)
		return ok
	})
	s, risk, _ := risky(&g.pos)
	v := preview(t, g, s)
	l := rmenara.NewLayout(&v, options(t))
	checkLayout(t, &v, &l)
	if want := labels(t, i18n.English).Risk(risk.Percent()); !strings.Contains(l.Header.Warning.S, want) {
		t.Errorf("warning %q, want it to say %q", l.Header.Warning.S, want)
	}
}
