package menara

import (
	"image"
	"math"
	"strconv"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/menara"
)

// The side panel: a column of boxes, each with a heading.

const (
	panelWidth   = 430
	panelPad     = 14
	panelHeading = 22
	panelText    = 22
	chipW        = 28
	chipH        = 40
	chipGap      = 6
	boxGap       = 12
	// nameRoom is where a hand's name ends, from the box's padding: its
	// columns start 8 px after.
	nameRoom = 150
)

// PanelText names a line of the panel, for tests and callers that look
// one up in Panel.Named.
type PanelText int

// The named lines of the panel.
const (
	TextHeight PanelText = iota
	TextLevelRow
	TextPlanCards
	TextQuarry
	TextFloorsLeft
	TextNextFloor
	TextCamp
	TextHands
	TextInPlay
	TextCard
	TextRim
	TextProgress
	TextOnFloor
	TextPlaceFloor
	TextToLevelRow
	numPanelTexts
)

// panelCursor lays boxes out one under the other.
type panelCursor struct {
	p  *Panel
	x0 int
	x1 int
	y  int
}

func (c *panelCursor) heading(s string) {
	c.add(-1, render.Text{S: s, Rect: image.Rect(c.x0+panelPad, c.y, c.x1-panelPad, c.y+panelHeading+8), Size: panelHeading,
		MinSize: 14, Bold: true, Colour: colInk.Colour()})
	c.y += panelHeading + 12
}

// line adds a line of text, named by id when id >= 0.
func (c *panelCursor) line(id PanelText, s string, size int, bold bool, col render.Hex) {
	c.add(id, render.Text{S: s, Rect: image.Rect(c.x0+panelPad, c.y, c.x1-panelPad, c.y+size+8), Size: size,
		MinSize: 13, Bold: bold, Colour: col.Colour()})
	c.y += size + 10
}

func (c *panelCursor) add(id PanelText, t render.Text) {
	if t.S == "" {
		return
	}
	c.p.Texts = append(c.p.Texts, t)
	if id >= 0 {
		c.p.Named[id] = t
	}
}

// box closes a box begun at y0.
func (c *panelCursor) box(y0 int) {
	c.y += panelPad - 6
	c.p.Boxes = append(c.p.Boxes, image.Rect(c.x0, y0, c.x1, c.y))
	c.y += boxGap
}

// layoutPanel lays out the panel in the column from x0 to x1, from y
// down.
func layoutPanel(v *View, lb *Labels, names []string, x0, x1, y int) Panel {
	c := &panelCursor{p: &Panel{}, x0: x0, x1: x1, y: y}
	inner := x1 - x0 - 2*panelPad

	// Height against the level row.
	y0 := c.y
	c.y += panelPad - 4
	c.line(TextHeight, call2(lb.Height, v.Height, v.Required), 26, true, colInk)
	if v.Required > 0 {
		gap := 6
		// The plan cards added to the row stand apart from the printed
		// level cards: a wider gap before the first.
		split := 0
		if v.Required > v.LevelCards {
			split = 14
		}
		w := min(46, (inner-split-(v.Required-1)*gap)/v.Required)
		gap = min(gap, max(2, w/6))
		w = min(46, (inner-split-(v.Required-1)*gap)/v.Required)
		h := min(60, w*4/3)
		for i := 0; i < v.Required; i++ {
			x := x0 + panelPad + i*(w+gap)
			if i >= v.LevelCards {
				x += split
			}
			r := image.Rect(x, c.y, x+w, c.y+h)
			lc := LevelCard{Rect: r, Plan: i >= v.LevelCards, Reached: i < v.Height}
			size := min(22, w*2/3)
			lc.Number = render.Text{S: strconv.Itoa(i + 1), Rect: r, Size: size, MinSize: min(10, size), Bold: true, Align: render.AlignCentre,
				Colour: colInk.Colour()}
			if lc.Reached {
				lc.Number.Colour = colHeaderText.Colour()
			}
			c.p.Levels = append(c.p.Levels, lc)
		}
		c.y += h + 6
	}
	c.line(TextLevelRow, lb.LevelRow, 16, false, colInkDim)
	c.box(y0)

	// The piles.
	y0 = c.y
	c.y += panelPad - 4
	c.heading(lb.PlanCards)
	pw := (inner - 2*12) / 3
	const pileH = 52
	for pl := menara.Pile(0); pl < menara.NumPiles; pl++ {
		x := x0 + panelPad + int(pl)*(pw+12)
		r := image.Rect(x, c.y, x+pw, c.y+pileH)
		s := PileStack{Pile: pl, Rect: r, Empty: v.Piles[pl] == 0}
		s.Count = render.Text{S: strconv.Itoa(v.Piles[pl]), Rect: image.Rect(r.Min.X+6, r.Min.Y+2, r.Max.X-10, r.Max.Y-2), Size: 28, MinSize: 16,
			Bold: true, Colour: colHeaderText.Colour(), Align: render.AlignCentre}
		if pl == menara.YellowPile {
			s.Count.Colour = colInk.Colour()
		}
		c.p.Piles = append(c.p.Piles, s)
		c.add(-1, render.Text{S: lb.Piles[pl], Rect: image.Rect(x-4, r.Max.Y+2, x+pw+4, r.Max.Y+22),
			Size: 15, MinSize: 11, Colour: colInkDim.Colour(), Align: render.AlignCentre})
	}
	c.y += pileH + 22
	c.box(y0)

	// The quarry: what is left in words on the left, the next floor's two
	// sides drawn on the right.
	y0 = c.y
	c.y += panelPad - 4
	c.heading(lb.Quarry)
	textW := inner * 2 / 5
	c.x1 = x0 + panelPad + textW + panelPad
	c.line(TextFloorsLeft, call1(lb.FloorsLeft, v.Quarry), 20, false, colInk)
	if v.NextFloor.Valid() {
		c.line(TextNextFloor, call1(lb.NextFloor, v.NextFloor.String()), 20, true, colInk)
	}
	c.x1 = x1
	if v.NextFloor.Valid() {
		sw := (inner - textW - 2*8) / 2
		const sh = 104
		top := y0 + 8
		for i, side := range []menara.Side{menara.Light, menara.Dark} {
			x := x0 + panelPad + textW + 8 + i*(sw+8)
			r := image.Rect(x, top, x+sw, top+sh)
			allowed := !v.HasCard || v.Card.Rim.Allows(side)
			c.p.Next = append(c.p.Next, nextSide(v.NextFloor, side, allowed, r, lb))
		}
		c.y = max(c.y, top+sh-panelPad+8)
	}
	c.box(y0)

	// The columns off the temple: the camp, then each player's.
	y0 = c.y
	c.y += panelPad - 4
	c.heading(lb.Hands)
	row := func(name string, bold bool, cols menara.Columns) {
		// A name too long for one line (a computer's, "Ordenador
		// (difícil)") is broken in two rather than cut short: the box
		// takes the row's whole height.
		nameR := image.Rect(x0+panelPad+22, c.y-4, x0+panelPad+nameRoom, c.y+chipH+4)
		c.add(-1, render.Text{S: name, Rect: nameR, Size: 20, MinSize: 16, Bold: bold, Colour: colInk.Colour(), Lines: 2})
		c.chips(cols, x0+panelPad+nameRoom+8, x1-panelPad, lb)
		c.y += chipH + 8
	}
	for i, h := range v.Hand {
		name := ""
		if i < len(names) {
			name = names[i]
		}
		if i == v.Turn {
			c.p.ToAct = image.Rect(x0+panelPad-4, c.y-4, x1-panelPad+4, c.y+chipH+4)
		}
		row(name, i == v.Turn, h)
	}
	c.p.CampRow = image.Rect(x0+panelPad-4, c.y-4, x1-panelPad+4, c.y+chipH+4)
	row(lb.Camp, false, v.Camp)
	c.box(y0)

	// The card in play (none once the game is over between turns).
	if v.HasCard || !v.Over {
		c.cardBox(v, lb)
	}

	// The legend.
	y0 = c.y
	c.y += panelPad - 2
	items := []struct {
		k LegendKind
		s string
	}{{LegendSafe, lb.LegendSafe}, {LegendShaky, lb.LegendShaky}, {LegendFalls, lb.LegendFalls},
		{LegendFree, lb.LegendFree}, {LegendLast, lb.LegendLast}, {LegendProposed, lb.LegendProposed}}
	if lb.LegendEmpty != "" || lb.LegendColumn != "" {
		items = append(items, []struct {
			k LegendKind
			s string
		}{{LegendEmpty, lb.LegendEmpty}, {LegendColumn, lb.LegendColumn}}...)
	}
	colW := inner / 2
	for i, it := range items {
		x := x0 + panelPad + (i%2)*colW
		yy := c.y + (i/2)*30
		icon := image.Rect(x, yy+2, x+24, yy+26)
		c.p.Legend = append(c.p.Legend, LegendItem{Kind: it.k, Icon: icon,
			Text: render.Text{S: it.s, Rect: image.Rect(x+30, yy, x+colW-6, yy+28), Size: 16, MinSize: 11, Colour: colInk.Colour()}})
	}
	c.y += ((len(items)+1)/2)*30 + 2
	c.box(y0)

	c.p.Rect = image.Rect(x0, y, x1, c.y-boxGap)
	return *c.p
}

// cardBox lays out the box of the card in play.
func (c *panelCursor) cardBox(v *View, lb *Labels) {
	x0, x1 := c.x0, c.x1
	y0 := c.y
	c.y += panelPad - 4
	c.heading(lb.InPlay)
	if v.HasCard {
		face := image.Rect(x0+panelPad, c.y, x1-panelPad, c.y)
		top := c.y
		c.x0 += 14
		c.x1 -= 14
		c.y += 12
		c.line(TextCard, call1(lb.Card, v.Card), 22, true, colInk)
		c.line(TextRim, call1(lb.Rim, v.Card.Rim), 18, false, colInkDim)
		if !v.Over {
			c.line(TextProgress, call2(lb.Progress, v.Card, v.Progress), 18, false, colInk)
			if v.Chosen.Valid() {
				c.line(TextOnFloor, call1(lb.OnFloor, v.Chosen.String()), 18, false, colInk)
			}
			if v.Stage == menara.NewFloor && v.NextFloor.Valid() {
				c.line(TextPlaceFloor, call1(lb.PlaceFloor, v.NextFloor.String()), 18, true, colFalls)
			}
			if v.ToLevelRow {
				c.line(TextToLevelRow, lb.ToLevelRow, 18, false, colInk)
			}
		}
		c.y += 4
		c.x0 -= 14
		c.x1 += 14
		face.Min.Y, face.Max.Y = top, c.y
		c.p.Card = &CardFace{Rect: face, Pile: v.Card.Pile, Rim: v.Card.Rim}
	} else {
		c.line(TextInPlay, lb.NoCard, 20, false, colInkDim)
	}
	c.box(y0)
}

// chips lays out a row of columns from x to x1 at most: closer together,
// and narrower if need be, when a full hand would not fit.
func (c *panelCursor) chips(cols menara.Columns, x, x1 int, lb *Labels) {
	list := cols.List()
	pitch, w := chipW+chipGap, chipW
	if n := len(list); n > 0 && x+n*pitch-chipGap > x1 {
		pitch = (x1 - x + chipGap) / n
		w = min(chipW, pitch-2)
	}
	for _, col := range list {
		r := image.Rect(x, c.y, x+w, c.y+chipH)
		c.p.Chips = append(c.p.Chips, Chip{Colour: col, Rect: r,
			Letter: render.Text{S: lb.ColourLetters[col], Rect: image.Rect(r.Min.X, r.Min.Y+8, r.Max.X, r.Max.Y), Size: 18, MinSize: 11, Bold: true,
				Colour: colourOf(col).ink.Colour(), Align: render.AlignCentre}})
		x += pitch
	}
}

// nextSide lays out side s of floor f, drawn small in box r.
func nextSide(f menara.FloorID, s menara.Side, allowed bool, r image.Rectangle, lb *Labels) NextSide {
	ns := NextSide{Side: s, Allowed: allowed}
	caption := lb.Light
	if s == menara.Dark {
		caption = lb.Dark
	}
	ns.Caption = render.Text{S: caption, Rect: image.Rect(r.Min.X, r.Max.Y-22, r.Max.X, r.Max.Y), Size: 16, MinSize: 11,
		Colour: colInkDim.Colour(), Align: render.AlignCentre}
	cells := menara.Cells(f, s)
	if len(cells) == 0 {
		return ns
	}
	ext := extent{}.grow(cells, true)
	size := ext.size()
	area := image.Rect(r.Min.X+4, r.Min.Y+4, r.Max.X-4, r.Max.Y-26)
	pitch := min(float32(area.Dx())/size.X, float32(area.Dy())/size.Y, 22)
	pitch = float32(math.Floor(float64(pitch)))
	origin := render.Pt{
		X: float32(area.Min.X) + (float32(area.Dx())-size.X*pitch)/2 - ext.min.X*pitch,
		Y: float32(area.Min.Y) + (float32(area.Dy())-size.Y*pitch)/2 - ext.min.Y*pitch,
	}
	for _, loop := range outline(cells) {
		poly := make(render.Poly, len(loop))
		for i, q := range loop {
			poly[i] = render.Pt{X: origin.X + pitch*q.X, Y: origin.Y + pitch*q.Y}
		}
		ns.Loops = append(ns.Loops, poly)
	}
	for i, b := range menara.Bases(f, s) {
		q := centre(b.Cell)
		c := render.Pt{X: origin.X + pitch*q.X, Y: origin.Y + pitch*q.Y}
		rad := pitch * 0.36
		ns.Discs = append(ns.Discs, Disc{Base: menara.Base{Floor: f, N: uint8(i + 1)}, Colour: b.Colour, Centre: c, RX: rad, RY: rad,
			Letter: letterText(lb, b.Colour, c, int(rad*1.3))})
	}
	return ns
}
