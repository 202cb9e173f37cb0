package shangrila

import (
	"image"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// spriteSet holds the pictures drawn once in New and composited on every
// image.
type spriteSet struct {
	// tiles holds each colour's tile of each discipline, the tile's square
	// at the origin and its thickness below.
	tiles [shangrila.Violet + 1][shangrila.NumDisciplines]*render.Sprite
	// bridges holds each bridge broken [b][0] and standing [b][1], in image
	// coordinates.
	bridges [shangrila.NumBridges][2]*render.Sprite
	// badge is a strength badge's background, stone a Stone of the Wise
	// Men on the map and smallStone one in the panel; each with its box at
	// the origin.
	badge, stone, smallStone *render.Sprite
	// swatches holds each colour's swatch for the panel.
	swatches [shangrila.Violet + 1]*render.Sprite
	// ghosts holds the small tiles of a master driven out [c][0][student]
	// and of a student sent home [c][1][0].
	ghosts [shangrila.Violet + 1][2][2]*render.Sprite
	// rowFrame outlines the row of the player to move, or of a winner.
	rowFrame *render.Sprite
}

func newSpriteSet(f *render.Filler, icons *iconSet, rowSize image.Point) *spriteSet {
	s := &spriteSet{}
	for _, c := range shangrila.Colours {
		for _, d := range shangrila.Disciplines {
			s.tiles[c][d] = render.NewSprite(tileSprite(f, icons, c, d))
		}
		s.swatches[c] = render.NewSprite(swatchSprite(f, icons, c))
		for kind := range 2 {
			for student := range 2 {
				s.ghosts[c][kind][student] = render.NewSprite(ghostSprite(f, icons, c, kind == 1, student == 1))
			}
		}
	}
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		s.bridges[b][0] = render.NewSprite(bridgeSprite(f, b, false))
		s.bridges[b][1] = render.NewSprite(bridgeSprite(f, b, true))
	}
	s.badge = render.NewSprite(badgeSprite(f))
	s.stone = render.NewSprite(stoneSprite(f, 2*stoneRadius))
	s.smallStone = render.NewSprite(stoneSprite(f, smallStone))
	frame := image.NewRGBA(image.Rectangle{Max: rowSize})
	f.FillHoles(frame, render.Shape{render.RoundRectOf(frame.Rect, 10)}, render.Shape{render.RoundRectOf(frame.Rect.Inset(3), 8)}, colAccent)
	s.rowFrame = render.NewSprite(frame)
	return s
}

// tileSprite draws colour c's tile of discipline d: the face with the
// discipline's icon and the colour's mark in the corner, over a darker
// edge that gives it thickness.
func tileSprite(f *render.Filler, icons *iconSet, c shangrila.Colour, d shangrila.Discipline) *image.RGBA {
	img := image.NewRGBA(image.Rect(-1, -1, tileSize+2, tileSize+5))
	tc := playerColours(c)
	const s = tileSize
	f.Fill(img, render.Shape{render.RoundRect(-1, 1, s+1, s+4, 9)}, colHighEdge)
	f.Fill(img, render.Shape{render.RoundRect(0, 2, s, s+3, 8)}, tc.edge)
	f.Fill(img, render.Shape{render.RoundRect(0, 0, s, s, 8)}, tc.face)
	render.Stamp(img, icons.get(d, tileIconSize), image.Rect(4, 4, s+4, s+2), tc.ink)
	render.Stamp(img, icons.mark(c, markSize), image.Rect(4, 4, 4+markSize, 4+markSize), tc.ink)
	return img
}

// swatchSprite draws colour c's swatch: a tile with the colour's mark
// large, as the key of a map shows it.
func swatchSprite(f *render.Filler, icons *iconSet, c shangrila.Colour) *image.RGBA {
	r := image.Rect(0, 0, swatchSize, swatchSize)
	img := image.NewRGBA(image.Rect(0, 0, swatchSize, swatchSize+3))
	tc := playerColours(c)
	f.Fill(img, render.Shape{render.RoundRectOf(r.Add(image.Pt(0, 3)), 8)}, tc.edge)
	f.Fill(img, render.Shape{render.RoundRectOf(r, 8)}, tc.face)
	render.Stamp(img, icons.mark(c, swatchMark), r, tc.ink)
	return img
}

// ghostSprite draws a small tile that is no longer on the board: a master
// driven out (crossed, with its student behind when student) or a student
// sent home (a turning arrow).
func ghostSprite(f *render.Filler, icons *iconSet, c shangrila.Colour, home, student bool) *image.RGBA {
	tc := playerColours(c)
	img := image.NewRGBA(image.Rect(-5, -5, ghostSize+6, ghostSize+6))
	r := image.Rect(0, 0, ghostSize, ghostSize)
	if student {
		s := r.Add(image.Pt(3, 3))
		f.Fill(img, render.Shape{render.RoundRectOf(s.Inset(-2), 6)}, colHighlight)
		f.Fill(img, render.Shape{render.RoundRectOf(s, 5)}, tc.edge)
		r = r.Sub(image.Pt(2, 2))
	}
	f.Fill(img, render.Shape{render.RoundRectOf(r.Inset(-2), 7)}, colHighlight)
	f.Fill(img, render.Shape{render.RoundRectOf(r, 5)}, tc.face)
	sym := symCross
	if home {
		sym = symHome
	}
	render.Stamp(img, icons.symbol(sym, ghostSymbol), r, tc.ink)
	return img
}

// badgeSprite draws the background of a strength badge.
func badgeSprite(f *render.Filler) *image.RGBA {
	r := image.Rect(0, 0, badgeWidth, badgeHeight)
	img := image.NewRGBA(image.Rect(0, 0, badgeWidth, badgeHeight+2))
	f.Fill(img, render.Shape{render.RoundRectOf(r.Add(image.Pt(0, 2)), 12)}, colPlateRim)
	f.Fill(img, render.Shape{render.RoundRectOf(r, 12)}, colInk)
	f.Fill(img, render.Shape{render.RoundRectOf(r.Inset(3), 9)}, colHighlight)
	return img
}

// stoneSprite draws a Stone of the Wise Men of the given diameter: a round
// glass stone with a glint.
func stoneSprite(f *render.Filler, diameter int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, diameter+1, diameter+3))
	rad := float32(diameter) / 2
	c := pt(rad, rad)
	f.Fill(img, render.Shape{render.Circle(c.Add(pt(1, 3)), rad)}, colStoneDark)
	f.Fill(img, render.Shape{render.Circle(c, rad)}, colStoneDark)
	f.Fill(img, render.Shape{render.Circle(c, rad-3)}, colStone)
	f.Fill(img, render.Shape{render.Ellipse(c.Add(pt(-rad*0.3, -rad*0.35)), rad*0.34, rad*0.22)}, colStoneLight)
	return img
}

// bridgeSprite draws bridge b standing (a wooden deck over the river) or
// broken (two stubs and the river in the gap), in image coordinates.
func bridgeSprite(f *render.Filler, b shangrila.Bridge, standing bool) *image.RGBA {
	_, _, mid := pathEnds(b)
	u := pathDir(b)
	n := u.Perp()
	box := func(a, c, hw float32) render.Poly {
		p0, p1 := mid.Add(u.Mul(a)), mid.Add(u.Mul(c))
		return render.Poly{p0.Add(n.Mul(hw)), p1.Add(n.Mul(hw)), p1.Sub(n.Mul(hw)), p0.Sub(n.Mul(hw))}
	}
	const half = 25
	img := image.NewRGBA(render.CircleRect(mid, half+6))
	if standing {
		f.Fill(img, render.Shape{box(-half, half, 12)}, colWoodDark)
		f.Fill(img, render.Shape{box(-half+2, half-2, 8)}, colWood)
		for x := float32(-half + 6); x < half-3; x += 6 {
			f.Fill(img, render.Shape{box(x, x+1.3, 8)}, colWoodDark)
		}
		for _, s := range []float32{-1, 1} {
			for _, e := range []float32{-1, 1} {
				f.Fill(img, render.Shape{render.Circle(mid.Add(u.Mul(e*(half-3))).Add(n.Mul(s*11)), 4)}, colWoodDark)
			}
		}
		return img
	}
	for _, s := range []float32{-1, 1} {
		outer, inner := s*half, s*9
		jag := func(hw float32) render.Poly {
			p0, p1 := mid.Add(u.Mul(outer)), mid.Add(u.Mul(inner))
			return render.Poly{p0.Add(n.Mul(hw)), p1.Add(n.Mul(hw)).Add(u.Mul(s * 3)), p1.Add(n.Mul(hw * 0.3)), p1.Sub(n.Mul(hw * 0.2)).Add(u.Mul(s * 4)), p1.Sub(n.Mul(hw)), p0.Sub(n.Mul(hw))}
		}
		f.Fill(img, render.Shape{jag(12)}, colWoodDark)
		f.Fill(img, render.Shape{jag(8)}, colWoodBroken)
	}
	return img
}
