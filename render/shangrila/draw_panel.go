package shangrila

import (
	"image"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// panel draws the panel's changing parts over its static background.
func (p *painter) panel(pn *Panel) {
	fonts := p.r.fonts
	sp := p.r.sprites
	if pn.StatusColour.Valid() {
		sp.swatches[pn.StatusColour].Draw(p.dst, pn.StatusMark.Min)
	} else if !pn.StatusMark.Empty() {
		render.Stamp(p.dst, p.r.icons.symbol(symStar, starSize), pn.StatusMark, colAccent)
	}
	for _, t := range []render.Text{pn.Status, pn.Bridges, pn.Stones, pn.LastMove} {
		fonts.Draw(p.dst, t)
	}
	for _, t := range pn.Headings {
		fonts.Draw(p.dst, t)
	}
	for _, row := range pn.Rows {
		p.row(row)
	}
	for _, it := range pn.Legend {
		fonts.Draw(p.dst, it.Sample)
		fonts.Draw(p.dst, it.Text)
	}
}

func (p *painter) row(row PanelRow) {
	sp := p.r.sprites
	if row.ToMove || row.Winner {
		sp.rowFrame.Draw(p.dst, row.Rect.Min)
	}
	if row.ToMove {
		m := row.Marker
		c := render.PtOf(m.Min.Add(m.Max)).Mul(0.5)
		h := float32(m.Dy()) / 2
		p.f.Fill(p.dst, render.Shape{render.Poly{{X: c.X - h*0.6, Y: c.Y - h*0.8}, {X: c.X + h*0.8, Y: c.Y}, {X: c.X - h*0.6, Y: c.Y + h*0.8}}}, colAccent)
	}
	if row.Colour.Valid() {
		sp.swatches[row.Colour].Draw(p.dst, row.Swatch.Min)
	}
	fonts := p.r.fonts
	for _, t := range []render.Text{row.Rank, row.Name, row.Masters, row.Villages} {
		fonts.Draw(p.dst, t)
	}
	for _, t := range row.Supply {
		fonts.Draw(p.dst, t)
	}
}

// staticPanel draws the parts of the panel that do not change: background,
// row plates, counter and column icons, and the legend's signs.
func (r *Renderer) staticPanel(f *render.Filler, dst *image.RGBA, pn *Panel) {
	render.FillRect(dst, pn.Rect, colPanel)
	line := pn.Rect
	line.Max.Y = line.Min.Y + 4
	render.FillRect(dst, line, colPanelLine)
	for _, row := range pn.Rows {
		f.Fill(dst, render.Shape{render.RoundRectOf(row.Rect, 10)}, colPanelRow)
	}
	bridgeIcon(f, dst, pn.BridgeIcon)
	r.sprites.smallStone.Draw(dst, pn.StoneIcon.Min)
	for d, rect := range pn.SupplyIcons {
		render.Stamp(dst, r.icons.get(shangrila.Discipline(d), rect.Dx()), rect, colTextDim)
	}
	for _, it := range pn.Legend {
		r.legendSign(f, dst, it)
	}
}

// bridgeIcon draws a small bridge for the counter of bridges: the map's
// deck seen from above, lying across.
func bridgeIcon(f *render.Filler, dst *image.RGBA, r image.Rectangle) {
	if r.Empty() {
		return
	}
	x0, y0, x1, y1 := float32(r.Min.X), float32(r.Min.Y), float32(r.Max.X), float32(r.Max.Y)
	cy := (y0 + y1) / 2
	f.Fill(dst, render.Shape{render.RectPoly(x0, cy-9, x1, cy+9)}, colWoodDark)
	f.Fill(dst, render.Shape{render.RectPoly(x0+2, cy-6, x1-2, cy+6)}, colWood)
	for x := x0 + 6; x < x1-3; x += 5 {
		f.Fill(dst, render.Shape{render.RectPoly(x, cy-6, x+1.3, cy+6)}, colWoodDark)
	}
	for _, px := range []float32{x0 + 3, x1 - 3} {
		for _, py := range []float32{cy - 8, cy + 8} {
			f.Fill(dst, render.Shape{render.Circle(pt(px, py), 3.2)}, colWoodDark)
		}
	}
}

func (r *Renderer) legendSign(f *render.Filler, dst *image.RGBA, it LegendItem) {
	rect := it.Icon
	switch it.Sign {
	case DisciplineSign:
		render.Stamp(dst, r.icons.get(it.Discipline, rect.Dx()), rect, colText)
	case StrengthSign:
		f.Fill(dst, render.Shape{render.RoundRectOf(rect, 11)}, colInk)
		f.Fill(dst, render.Shape{render.RoundRectOf(rect.Inset(3), 8)}, colHighlight)
	case StudentSign:
		t := image.Rect(rect.Min.X, rect.Min.Y, rect.Min.X+26, rect.Min.Y+26)
		tc := playerColours(shangrila.Blue)
		for _, q := range []image.Rectangle{t.Add(image.Pt(6, 6)), t} {
			f.Fill(dst, render.Shape{render.RoundRectOf(q.Add(image.Pt(0, 2)), 6)}, tc.edge)
			f.Fill(dst, render.Shape{render.RoundRectOf(q, 6)}, tc.face)
		}
		render.Stamp(dst, r.icons.mark(shangrila.Blue, legendMark), image.Rect(t.Min.X+3, t.Min.Y+3, t.Min.X+12, t.Min.Y+12), tc.ink)
	case StoneSign:
		r.sprites.smallStone.Draw(dst, rect.Min)
	case BrokenSign:
		x0, x1 := float32(rect.Min.X), float32(rect.Max.X)
		y := float32(rect.Min.Y+rect.Max.Y) / 2
		cx := (x0 + x1) / 2
		f.Fill(dst, render.Shape{render.RectPoly(cx-7, y-12, cx+7, y+12)}, colWater)
		for _, s := range []float32{-1, 1} {
			a, b := cx+s*22, cx+s*8
			f.Fill(dst, render.Shape{render.Poly{{X: a, Y: y - 9}, {X: b, Y: y - 9}, {X: b + s*3, Y: y}, {X: b, Y: y + 9}, {X: a, Y: y + 9}}}, colWoodDark)
			f.Fill(dst, render.Shape{render.Poly{{X: a, Y: y - 6}, {X: b - s*2, Y: y - 6}, {X: b + s, Y: y}, {X: b - s*2, Y: y + 6}, {X: a, Y: y + 6}}}, colWoodBroken)
		}
	}
}
