package shangrila

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/internal/racetest"
	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// layoutCase is a position to lay out and what to check beyond the rules
// every layout obeys.
type layoutCase struct {
	name  string
	game  func(t *testing.T) game
	check func(t *testing.T, g game, l Layout)
}

func layoutCases() []layoutCase {
	return []layoutCase{
		{"setup start", func(t *testing.T) game { return start(t, 4, shangrila.StartSetup) }, func(t *testing.T, g game, l Layout) {
			if len(l.Tiles) != 0 || len(l.Highlights) != 0 {
				t.Errorf("got %d tiles and %d highlights, want none", len(l.Tiles), len(l.Highlights))
			}
			if got, want := l.Panel.Status.S, "Red places a starting master"; got != want {
				t.Errorf("status %q, want %q", got, want)
			}
			if l.Panel.LastMove.S != "" {
				t.Errorf("last move %q without a last move", l.Panel.LastMove.S)
			}
		}},
		{"three players start", func(t *testing.T) game { return start(t, 3, shangrila.StartSuggested) }, func(t *testing.T, g game, l Layout) {
			c := l.Villages[shangrila.VillageC]
			if c.InPlay || c.Stone.Empty() || c.OutOfPlay.S != "out of play" || !c.Strength.Rect.Empty() {
				t.Errorf("village C: in play %v, stone %v, text %q, badge %v; want greyed out with a stone", c.InPlay, c.Stone, c.OutOfPlay.S, c.Strength.Rect)
			}
			if len(l.Bridges) != 20 {
				t.Errorf("%d bridges, want 20", len(l.Bridges))
			}
			if got, want := l.Panel.ToGo.S, "The game ends when one bridge is left: 19 to go"; got != want {
				t.Errorf("to go %q, want %q", got, want)
			}
		}},
		{"setup move", func(t *testing.T) game {
			return start(t, 4, shangrila.StartSetup).apply(t, shangrila.SetupMove(shangrila.Red, shangrila.VillageE, shangrila.Healer))
		}, func(t *testing.T, g game, l Layout) {
			wantHighlights(t, l, Highlight{Kind: Outline, Rect: spaceRect(shangrila.VillageE, shangrila.Healer).Inset(-ringGrow), Colour: shangrila.Red})
			if got, want := l.Panel.LastMove.S, "Last move: Red placed their Healer in E"; got != want {
				t.Errorf("last move %q, want %q", got, want)
			}
		}},
		{"place", func(t *testing.T) game { return play(t, 4, shangrila.StartSuggested, 1, kindAfter(shangrila.Place, 0)) }, func(t *testing.T, g game, l Layout) {
			site := g.last.Move.Sites[0]
			wantHighlights(t, l, Highlight{Kind: Outline, Rect: spaceRect(site.Village, site.Discipline).Inset(-ringGrow), Colour: g.last.Move.Player})
		}},
		{"recruit", func(t *testing.T) game {
			return play(t, 4, shangrila.StartSuggested, 2, func(_ int, e *shangrila.Effects) bool {
				return e != nil && e.Move.Kind == shangrila.Recruit && e.Move.Students == 2
			})
		}, func(t *testing.T, g game, l Layout) {
			var want []Highlight
			for _, s := range g.last.Move.Recruited() {
				want = append(want, Highlight{Kind: Outline, Rect: spaceRect(s.Village, s.Discipline).Add(studentShift).Inset(-ringGrow), Colour: g.last.Move.Player})
			}
			wantHighlights(t, l, want...)
			if !strings.Contains(l.Panel.LastMove.S, "recruited students: ") {
				t.Errorf("last move %q", l.Panel.LastMove.S)
			}
		}},
		{"journey", func(t *testing.T) game { return play(t, 4, shangrila.StartSetup, 7, journeyAfter(60)) }, checkJourney},
		{"journey placing two stones", func(t *testing.T) game {
			return play(t, 4, shangrila.StartSetup, 1, func(_ int, e *shangrila.Effects) bool { return e != nil && len(e.Stones()) == 2 })
		}, func(t *testing.T, g game, l Layout) {
			checkJourney(t, g, l)
			rings := 0
			for _, h := range l.Highlights {
				if h.Kind == StoneRing {
					rings++
				}
			}
			if rings != 2 {
				t.Errorf("%d stone rings, want 2", rings)
			}
		}},
		{"pass", func(t *testing.T) game { return play(t, 4, shangrila.StartSetup, 3, kindAfter(shangrila.Pass, 0)) }, func(t *testing.T, g game, l Layout) {
			wantHighlights(t, l)
			if !strings.HasSuffix(l.Panel.LastMove.S, " passed") {
				t.Errorf("last move %q", l.Panel.LastMove.S)
			}
		}},
		{"resign", func(t *testing.T) game {
			return start(t, 4, shangrila.StartSuggested).apply(t, shangrila.ResignMove(shangrila.Yellow))
		}, func(t *testing.T, g game, l Layout) {
			row := l.Panel.Rows[2]
			if row.Colour != shangrila.Yellow || !row.Resigned || row.Name.S != "Yellow (resigned)" {
				t.Errorf("row %v resigned %v name %q, want Yellow resigned", row.Colour, row.Resigned, row.Name.S)
			}
		}},
		{"game over", func(t *testing.T) game { return play(t, 4, shangrila.StartSetup, 5, untilOver) }, func(t *testing.T, g game, l Layout) {
			rank := g.pos.Ranking()
			for i, row := range l.Panel.Rows {
				if want := fmt.Sprintf("#%d", rank[i].Rank); row.Colour != rank[i].Colour || row.Rank.S != want || row.ToMove {
					t.Errorf("row %d: %v %q to move %v, want %v %s", i, row.Colour, row.Rank.S, row.ToMove, rank[i].Colour, want)
				}
				if row.Winner != (rank[i].Rank == 1) {
					t.Errorf("row %d: winner %v", i, row.Winner)
				}
			}
			if !strings.HasSuffix(l.Panel.Status.S, " wins") && !strings.HasSuffix(l.Panel.Status.S, " share the win") {
				t.Errorf("status %q", l.Panel.Status.S)
			}
			if l.Panel.ToGo.S != "" {
				t.Errorf("to go %q once the game is over", l.Panel.ToGo.S)
			}
		}},
	}
}

func TestNewLayout(t *testing.T) {
	for _, tc := range layoutCases() {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.game(t)
			l := NewLayout(&g.pos, Options{Last: g.last, Labels: english(t)})
			checkLayout(t, g, l)
			tc.check(t, g, l)
		})
	}
}

// checkLayout checks what every layout must show of its position.
func checkLayout(t *testing.T, g game, l Layout) {
	t.Helper()
	p := &g.pos
	bounds := image.Rectangle{Max: l.Size}
	if l.Size.X != Width || l.Size.Y != l.Panel.Rect.Max.Y {
		t.Errorf("size %v, panel %v", l.Size, l.Panel.Rect)
	}
	// Every occupied space has its tiles, in the right colour at the right
	// place: a master on its space, or a master and its student offset.
	bySite := map[shangrila.Site][]TileLayout{}
	for _, tile := range l.Tiles {
		bySite[tile.Site] = append(bySite[tile.Site], tile)
		if !tile.Rect.In(bounds) {
			t.Errorf("tile %v outside the image", tile)
		}
	}
	tiles := 0
	for v := shangrila.Village(0); v < shangrila.NumVillages; v++ {
		for _, d := range shangrila.Disciplines {
			site := shangrila.Site{Village: v, Discipline: d}
			s := p.Space(v, d)
			tiles += s.Tiles()
			space := l.Villages[v].Spaces[d]
			var want []TileLayout
			switch {
			case s.Student():
				want = []TileLayout{
					{Site: site, Colour: s.Master(), Rect: space.Add(masterShift)},
					{Site: site, Colour: s.Master(), Student: true, Rect: space.Add(studentShift)},
				}
			case !s.Empty():
				want = []TileLayout{{Site: site, Colour: s.Master(), Rect: space}}
			}
			if got := bySite[site]; fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%v: tiles %v, want %v", site, got, want)
			}
		}
	}
	if len(l.Tiles) != tiles {
		t.Errorf("%d tiles, want %d", len(l.Tiles), tiles)
	}
	for v := shangrila.Village(0); v < shangrila.NumVillages; v++ {
		vl := l.Villages[v]
		if vl.InPlay != p.InPlay(v) || vl.Stone.Empty() == p.Stone(v) {
			t.Errorf("village %v: in play %v, stone %v; position says %v, %v", v, vl.InPlay, vl.Stone, p.InPlay(v), p.Stone(v))
		}
		if vl.Letter.Text.S != v.String() {
			t.Errorf("village %v lettered %q", v, vl.Letter.Text.S)
		}
		badge := vl.InPlay && !p.Stone(v)
		if badge != !vl.Strength.Rect.Empty() {
			t.Errorf("village %v: strength badge %v", v, vl.Strength.Rect)
		}
		if s := p.Strength(v); badge && vl.Strength.Text.S != fmt.Sprintf("%d/%d", s.Tiles, s.Masters) {
			t.Errorf("village %v: strength %q, want %d/%d", v, vl.Strength.Text.S, s.Tiles, s.Masters)
		}
	}
	standing := 0
	for _, b := range l.Bridges {
		if b.Standing != p.Standing(b.Bridge) {
			t.Errorf("bridge %v standing %v", b.Bridge, b.Standing)
		}
		if b.Standing {
			standing++
		}
	}
	if want := 23 - 3*boolIndex(p.NumPlayers() == 3); len(l.Bridges) != want || standing != p.NumBridges() {
		t.Errorf("%d bridges, %d standing; want %d, %d", len(l.Bridges), standing, want, p.NumBridges())
	}
	// The panel: a row per player, the player to move marked.
	if len(l.Panel.Rows) != p.NumPlayers() {
		t.Fatalf("%d rows for %d players", len(l.Panel.Rows), p.NumPlayers())
	}
	for i, row := range l.Panel.Rows {
		if p.Phase() != shangrila.Over && row.Colour != p.Players()[i] {
			t.Errorf("row %d is %v, want seat order", i, row.Colour)
		}
		if row.ToMove != (p.Phase() != shangrila.Over && row.Colour == p.Turn()) {
			t.Errorf("row %v: to move %v", row.Colour, row.ToMove)
		}
		sc := p.Score(row.Colour)
		if row.Masters.S != fmt.Sprint(sc.Masters) || row.Villages.S != fmt.Sprint(sc.Villages) {
			t.Errorf("row %v: score %s/%s, want %v", row.Colour, row.Masters.S, row.Villages.S, sc)
		}
		for _, d := range shangrila.Disciplines {
			if row.Supply[d].S != fmt.Sprint(p.Supply(row.Colour, d)) {
				t.Errorf("row %v: supply of %v %q", row.Colour, d, row.Supply[d].S)
			}
		}
		if !row.Rect.In(bounds) {
			t.Errorf("row %v outside the image", row.Rect)
		}
	}
	if got, want := l.Panel.Bridges.S, englishLabels().Bridges(p.NumBridges()); got != want {
		t.Errorf("bridges %q, want %q", got, want)
	}
	for _, h := range l.Highlights {
		if h.Kind != Arrow && !h.Rect.In(bounds) {
			t.Errorf("highlight %+v outside the image", h)
		}
	}
}

// checkJourney checks a journey's highlights against its effects.
func checkJourney(t *testing.T, g game, l Layout) {
	t.Helper()
	e := g.last
	if e.Move.Kind != shangrila.Journey {
		t.Fatalf("last move %v is no journey", e.Move)
	}
	count := map[HighlightKind]int{}
	var arrow Highlight
	for _, h := range l.Highlights {
		count[h.Kind]++
		if h.Kind == Arrow {
			arrow = h
		}
	}
	var arrived, drivenOut, sentHome int
	for _, tr := range e.Travellers() {
		if tr.Outcome == shangrila.SentHome {
			sentHome++
		} else {
			arrived++
		}
		if !tr.Displaced.Empty() {
			drivenOut++
		}
	}
	if count[Arrow] != 1 || count[Outline] != arrived || count[DrivenOut] != drivenOut || count[SentHome] != sentHome || count[StoneRing] != len(e.Stones()) {
		t.Errorf("highlights %v; want 1 arrow, %d outlines, %d driven out, %d sent home, %d stones", count, arrived, drivenOut, sentHome, len(e.Stones()))
	}
	// The arrow runs from beside the source's plate to beside the
	// destination's (shortened where a letter or badge is in the way).
	near := func(p image.Point, v shangrila.Village) bool {
		d := render.PtOf(p).Sub(villageCentre(v)).Len()
		return d > plateRadius && d < plateRadius+80
	}
	if !near(arrow.From, e.Move.From) || !near(arrow.To, e.Move.To) {
		t.Errorf("arrow %v to %v, want from %v's rim to %v's", arrow.From, arrow.To, e.Move.From, e.Move.To)
	}
	if i := bridgeIndex(l, e.Bridge); i < 0 || l.Bridges[i].Standing {
		t.Errorf("bridge %v of the journey drawn standing", e.Bridge)
	}
}

func bridgeIndex(l Layout, b shangrila.Bridge) int {
	for i, bl := range l.Bridges {
		if bl.Bridge == b {
			return i
		}
	}
	return -1
}

// wantHighlights checks that the layout's highlights are exactly want.
func wantHighlights(t *testing.T, l Layout, want ...Highlight) {
	t.Helper()
	if fmt.Sprint(l.Highlights) != fmt.Sprint(want) {
		t.Errorf("highlights\n got %+v\nwant %+v", l.Highlights, want)
	}
}

func TestLayoutNames(t *testing.T) {
	long := strings.Repeat("Ñandú ", 40)
	tests := []struct {
		name, given, want string
	}{
		{"plain", "Anna", "Anna"},
		{"accents", "Niccolò Müller-Śliwa", "Niccolò Müller-Śliwa"},
		{"decomposed accent", "Jose\u0301", "José"},
		{"emoji left out", "🎲 Zoë 🐉", "Zoë"},
		{"only emoji", "🎲🐉", "Blue"},
		{"unknown script", "山田", "Blue"},
		{"control characters and spaces", "  a\tb\n\x00c  ", "a b c"},
		{"empty", "", "Blue"},
		{"very long", long, ""},
	}
	g := start(t, 4, shangrila.StartSuggested)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := NewLayout(&g.pos, Options{Names: map[shangrila.Colour]string{shangrila.Blue: tc.given}, Labels: english(t)})
			got := l.Panel.Rows[1].Name.S
			if tc.name == "very long" {
				if n := len([]rune(got)); n != render.MaxNameRunes {
					t.Errorf("kept %d letters, want %d", n, render.MaxNameRunes)
				}
				return
			}
			if got != tc.want {
				t.Errorf("name %q, want %q", got, tc.want)
			}
		})
	}
}

func TestLayoutLabels(t *testing.T) {
	racetest.OneGoroutine(t)
	g := play(t, 4, shangrila.StartSetup, 7, journeyAfter(60))
	t.Run("zero labels draw no words", func(t *testing.T) {
		l := NewLayout(&g.pos, Options{Last: g.last, Labels: &Labels{}})
		if l.Panel.Status.S != "" || l.Panel.LastMove.S != "" || l.Villages[0].Strength.Text.S != "" {
			t.Errorf("words drawn from zero labels: %q %q", l.Panel.Status.S, l.Panel.LastMove.S)
		}
		if len(l.Tiles) == 0 || len(l.Highlights) == 0 {
			t.Error("the board is missing")
		}
	})
	t.Run("long labels", func(t *testing.T) {
		lb := *english(t)
		lb.Disciplines[shangrila.Rainmaker] = "Hacedor de Lluvia"
		lb.ToMove = func(p string) string { return "Es el turno de " + p + ", que debe elegir una acción" }
		l := NewLayout(&g.pos, Options{Labels: &lb})
		if l.Panel.Legend[0].Text.S != "Hacedor de Lluvia" {
			t.Errorf("legend %q", l.Panel.Legend[0].Text.S)
		}
		// The text keeps its box; the drawing shrinks it to fit.
		r := renderer(t)
		for _, tx := range []render.Text{l.Panel.Legend[0].Text, l.Panel.Status} {
			s, size := r.fonts.Fit(tx)
			if w := r.fonts.Width(s, tx.Bold, size); w > tx.Rect.Dx() || size < tx.MinSize {
				t.Errorf("%q fitted as %q at %dpx, %dpx wide in a %dpx box", tx.S, s, size, w, tx.Rect.Dx())
			}
		}
	})
}

// TestLayoutBadEffects lays out effects that do not belong to the position,
// or are out of range: nothing may panic.
func TestLayoutBadEffects(t *testing.T) {
	g := start(t, 4, shangrila.StartSuggested)
	for _, e := range []shangrila.Effects{
		{},
		{Move: shangrila.Move{Kind: shangrila.Journey, From: 40, To: 2}},
		{Move: shangrila.Move{Kind: shangrila.Journey, From: shangrila.VillageA, To: shangrila.VillageM}},
		{Move: shangrila.Move{Kind: shangrila.Place, Player: 9, Sites: [2]shangrila.Site{{Village: 99, Discipline: 99}}}},
		{Move: shangrila.Move{Kind: 77}},
	} {
		l := NewLayout(&g.pos, Options{Last: &e})
		renderer(t).Draw(l)
	}
}
