package render

import (
	"image"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// panel draws the panel's changing parts over its static background.
func (p *painter) panel(pn *Panel) {
	fonts := p.r.fonts
	sp := p.r.sprites
	if pn.StatusColour.Valid() {
		sp.swatches[pn.StatusColour].draw(p.dst, pn.StatusMark.Min)
	} else if !pn.StatusMark.Empty() {
		stamp(p.dst, p.r.icons.symbol(symStar, starSize), pn.StatusMark, colAccent)
	}
	for _, t := range []Text{pn.Status, pn.Bridges, pn.Stones, pn.LastMove} {
		fonts.draw(p.dst, t)
	}
	for _, t := range pn.Headings {
		fonts.draw(p.dst, t)
	}
	for _, row := range pn.Rows {
		p.row(row)
	}
	for _, it := range pn.Legend {
		fonts.draw(p.dst, it.Sample)
		fonts.draw(p.dst, it.Text)
	}
}

func (p *painter) row(row PanelRow) {
	sp := p.r.sprites
	if row.ToMove || row.Winner {
		sp.rowFrame.draw(p.dst, row.Rect.Min)
	}
	if row.ToMove {
		m := row.Marker
		c := ptOf(m.Min.Add(m.Max)).mul(0.5)
		h := float32(m.Dy()) / 2
		p.f.fill(p.dst, shape{poly{{c.X - h*0.6, c.Y - h*0.8}, {c.X + h*0.8, c.Y}, {c.X - h*0.6, c.Y + h*0.8}}}, colAccent)
	}
	if row.Colour.Valid() {
		sp.swatches[row.Colour].draw(p.dst, row.Swatch.Min)
	}
	fonts := p.r.fonts
	for _, t := range []Text{row.Rank, row.Name, row.Masters, row.Villages} {
		fonts.draw(p.dst, t)
	}
	for _, t := range row.Supply {
		fonts.draw(p.dst, t)
	}
}

// staticPanel draws the parts of the panel that do not change: background,
// row plates, counter and column icons, and the legend's signs.
func (r *Renderer) staticPanel(f *filler, dst *image.RGBA, pn *Panel) {
	fillRect(dst, pn.Rect, colPanel)
	line := pn.Rect
	line.Max.Y = line.Min.Y + 4
	fillRect(dst, line, colPanelLine)
	for _, row := range pn.Rows {
		f.fill(dst, shape{roundRectOf(row.Rect, 10)}, colPanelRow)
	}
	bridgeIcon(f, dst, pn.BridgeIcon)
	r.sprites.smallStone.draw(dst, pn.StoneIcon.Min)
	for d, rect := range pn.SupplyIcons {
		stamp(dst, r.icons.get(shangrila.Discipline(d), rect.Dx()), rect, colTextDim)
	}
	for _, it := range pn.Legend {
		r.legendSign(f, dst, it)
	}
}

// bridgeIcon draws a small bridge for the counter of bridges: the map's
// deck seen from above, lying across.
func bridgeIcon(f *filler, dst *image.RGBA, r image.Rectangle) {
	if r.Empty() {
		return
	}
	x0, y0, x1, y1 := float32(r.Min.X), float32(r.Min.Y), float32(r.Max.X), float32(r.Max.Y)
	cy := (y0 + y1) / 2
	f.fill(dst, shape{rectPoly(x0, cy-9, x1, cy+9)}, colWoodDark)
	f.fill(dst, shape{rectPoly(x0+2, cy-6, x1-2, cy+6)}, colWood)
	for x := x0 + 6; x < x1-3; x += 5 {
		f.fill(dst, shape{rectPoly(x, cy-6, x+1.3, cy+6)}, colWoodDark)
	}
	for _, px := range []float32{x0 + 3, x1 - 3} {
		for _, py := range []float32{cy - 8, cy + 8} {
			f.fill(dst, shape{circle(pt{px, py}, 3.2)}, colWoodDark)
		}
	}
}

func (r *Renderer) legendSign(f *filler, dst *image.RGBA, it LegendItem) {
	rect := it.Icon
	switch it.Sign {
	case DisciplineSign:
		stamp(dst, r.icons.get(it.Discipline, rect.Dx()), rect, colText)
	case StrengthSign:
		f.fill(dst, shape{roundRectOf(rect, 11)}, colInk)
		f.fill(dst, shape{roundRectOf(rect.Inset(3), 8)}, colHighlight)
	case StudentSign:
		t := image.Rect(rect.Min.X, rect.Min.Y, rect.Min.X+26, rect.Min.Y+26)
		tc := playerColours(shangrila.Blue)
		for _, q := range []image.Rectangle{t.Add(image.Pt(6, 6)), t} {
			f.fill(dst, shape{roundRectOf(q.Add(image.Pt(0, 2)), 6)}, tc.edge)
			f.fill(dst, shape{roundRectOf(q, 6)}, tc.face)
		}
		stamp(dst, r.icons.mark(shangrila.Blue, legendMark), image.Rect(t.Min.X+3, t.Min.Y+3, t.Min.X+12, t.Min.Y+12), tc.ink)
	case StoneSign:
		r.sprites.smallStone.draw(dst, rect.Min)
	case BrokenSign:
		x0, x1 := float32(rect.Min.X), float32(rect.Max.X)
		y := float32(rect.Min.Y+rect.Max.Y) / 2
		cx := (x0 + x1) / 2
		f.fill(dst, shape{rectPoly(cx-7, y-12, cx+7, y+12)}, colWater)
		for _, s := range []float32{-1, 1} {
			a, b := cx+s*22, cx+s*8
			f.fill(dst, shape{poly{{a, y - 9}, {b, y - 9}, {b + s*3, y}, {b, y + 9}, {a, y + 9}}}, colWoodDark)
			f.fill(dst, shape{poly{{a, y - 6}, {b - s*2, y - 6}, {b + s, y}, {b - s*2, y + 6}, {a, y + 6}}}, colWoodBroken)
		}
	}
}
