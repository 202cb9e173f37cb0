package shangrila

import (
	"image"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// panel draws the panel's changing parts over its static background: its
// pieces (see pieces.go) in order.
func (p *painter) panel(pn *Panel) {
	var pl pieceList
	p.r.panelPieces(pn, &pl)
	for _, pc := range pl {
		p.panelPiece(pn, pc)
	}
}

// statusMark draws the swatch of the player to move, or the star of the
// end.
func (p *painter) statusMark(pn *Panel) {
	if pn.StatusColour.Valid() {
		p.sprite(p.r.sprites.swatches[pn.StatusColour], pn.StatusMark.Min)
	} else if !pn.StatusMark.Empty() {
		p.stamp(p.r.icons.symbol(symStar, starSize), pn.StatusMark, colAccent)
	}
}

// lastMove draws the band of the last move's words, from the renderer's
// picture of it when it can.
func (p *painter) lastMove(pn *Panel) {
	if band := p.r.band[p.static]; p.patches && band != nil && pn.LastMoveBand.Eq(band.Rect) {
		render.CopyRect(p.dst, band, band.Rect)
		p.place(placedKey{src: band, static: p.static}, []image.Rectangle{band.Rect})
	} else if !pn.LastMoveBand.Empty() {
		p.lastMoveBand(pn.LastMoveBand)
	}
}

// panelLines are the panel's lines, in the order they are drawn.
func panelLines(pn *Panel) [4]render.Text {
	return [4]render.Text{pn.Status, pn.Bridges, pn.ToGo, pn.LastMove}
}

// rowTexts are the texts of a player's row, in the order they are drawn.
func rowTexts(row *PanelRow) [4 + shangrila.NumDisciplines]render.Text {
	out := [4 + shangrila.NumDisciplines]render.Text{row.Rank, row.Name, row.Masters, row.Villages}
	copy(out[4:], row.Supply[:])
	return out
}

// lastMoveBand paints the band of the last move's words, at r.
func (p *painter) lastMoveBand(r image.Rectangle) {
	p.fill(render.Shape{render.RoundRectOf(r, 10)}, colLastBand)
	bar := r
	bar.Max.X = bar.Min.X + 8
	p.fill(render.Shape{render.RoundRectOf(bar.Inset(1), 4)}, colLastMove)
}

func (p *painter) row(row PanelRow) {
	sp := p.r.sprites
	if row.ToMove || row.Winner {
		p.sprite(sp.rowFrame, row.Rect.Min)
	}
	if row.ToMove {
		m := row.Marker
		c := render.PtOf(m.Min.Add(m.Max)).Mul(0.5)
		h := float32(m.Dy()) / 2
		p.fill(render.Shape{render.Poly{{X: c.X - h*0.6, Y: c.Y - h*0.8}, {X: c.X + h*0.8, Y: c.Y}, {X: c.X - h*0.6, Y: c.Y + h*0.8}}}, colAccent)
	}
	if row.Colour.Valid() {
		p.sprite(sp.swatches[row.Colour], row.Swatch.Min)
	}
	for _, t := range rowTexts(&row) {
		p.text(t)
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
		t := image.Rect(rect.Min.X+6, rect.Min.Y+4, rect.Min.X+34, rect.Min.Y+32)
		c := shangrila.Blue
		tc := playerColours(c)
		for _, q := range []image.Rectangle{t.Add(image.Pt(4, 1)), t.Sub(image.Pt(4, 1))} {
			f.Fill(dst, render.Shape{silhouette(c, q, 1.4), silhouette(c, q.Add(image.Pt(0, 2)), 1.4)}, colHighEdge)
			f.Fill(dst, render.Shape{silhouette(c, q.Add(image.Pt(0, 2)), 0)}, tc.edge)
			f.Fill(dst, render.Shape{silhouette(c, q, 0)}, tc.face)
		}
	case StoneSign:
		r.sprites.smallStone.Draw(dst, rect.Min)
	case BrokenSign:
		// The river runs through where the path was; a trail of dots is
		// left.
		y := float32(rect.Min.Y+rect.Max.Y) / 2
		cx := float32(rect.Min.X+rect.Max.X) / 2
		f.Fill(dst, render.Shape{render.RoundRect(cx-9, float32(rect.Min.Y), cx+9, float32(rect.Max.Y), 4)}, colRiverBank)
		f.Fill(dst, render.Shape{render.RoundRect(cx-6, float32(rect.Min.Y), cx+6, float32(rect.Max.Y), 3)}, colWater)
		var dots render.Shape
		for _, x := range []float32{float32(rect.Min.X) + 4, float32(rect.Min.X) + 16, float32(rect.Max.X) - 16, float32(rect.Max.X) - 4} {
			dots = append(dots, render.Circle(pt(x, y), 2.6))
		}
		f.Fill(dst, dots, colTrailLight)
	case LastSign:
		t := image.Rect(rect.Min.X+10, rect.Min.Y+8, rect.Min.X+30, rect.Min.Y+28)
		c := shangrila.Red
		f.FillHoles(dst, render.Shape{silhouette(c, t, 8)}, render.Shape{silhouette(c, t, 1.5)}, colHighEdge)
		f.FillHoles(dst, render.Shape{silhouette(c, t, 6.2)}, render.Shape{silhouette(c, t, 3.2)}, colLastMove)
		f.Fill(dst, render.Shape{silhouette(c, t, 0)}, playerColours(c).face)
	case HomeSign:
		r.sprites.ghosts[shangrila.Yellow][0].Draw(dst, rect.Min.Add(image.Pt(4, 4)))
	}
}
