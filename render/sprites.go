package render

import (
	"image"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// spriteSet holds the pictures drawn once in New and composited on every
// image.
type spriteSet struct {
	// tiles holds each colour's tile of each discipline, the tile's square
	// at the origin and its thickness below.
	tiles [shangrila.Violet + 1][shangrila.NumDisciplines]*sprite
	// bridges holds each bridge broken [b][0] and standing [b][1], in image
	// coordinates.
	bridges [shangrila.NumBridges][2]*sprite
	// badge is a strength badge's background, stone a Stone of the Wise
	// Men on the map and smallStone one in the panel; each with its box at
	// the origin.
	badge, stone, smallStone *sprite
	// swatches holds each colour's swatch for the panel.
	swatches [shangrila.Violet + 1]*sprite
	// ghosts holds the small tiles of a master driven out [c][0][student]
	// and of a student sent home [c][1][0].
	ghosts [shangrila.Violet + 1][2][2]*sprite
	// rowFrame outlines the row of the player to move, or of a winner.
	rowFrame *sprite
}

func newSpriteSet(f *filler, icons *iconSet, rowSize image.Point) *spriteSet {
	s := &spriteSet{}
	for _, c := range shangrila.Colours {
		for _, d := range shangrila.Disciplines {
			s.tiles[c][d] = newSprite(tileSprite(f, icons, c, d))
		}
		s.swatches[c] = newSprite(swatchSprite(f, icons, c))
		for kind := range 2 {
			for student := range 2 {
				s.ghosts[c][kind][student] = newSprite(ghostSprite(f, icons, c, kind == 1, student == 1))
			}
		}
	}
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		s.bridges[b][0] = newSprite(bridgeSprite(f, b, false))
		s.bridges[b][1] = newSprite(bridgeSprite(f, b, true))
	}
	s.badge = newSprite(badgeSprite(f))
	s.stone = newSprite(stoneSprite(f, 2*stoneRadius))
	s.smallStone = newSprite(stoneSprite(f, smallStone))
	frame := image.NewRGBA(image.Rectangle{Max: rowSize})
	f.fillHoles(frame, shape{roundRectOf(frame.Rect, 10)}, shape{roundRectOf(frame.Rect.Inset(3), 8)}, colAccent)
	s.rowFrame = newSprite(frame)
	return s
}

// tileSprite draws colour c's tile of discipline d: the face with the
// discipline's icon and the colour's mark in the corner, over a darker
// edge that gives it thickness.
func tileSprite(f *filler, icons *iconSet, c shangrila.Colour, d shangrila.Discipline) *image.RGBA {
	img := image.NewRGBA(image.Rect(-1, -1, tileSize+2, tileSize+5))
	tc := playerColours(c)
	const s = tileSize
	f.fill(img, shape{roundRect(-1, 1, s+1, s+4, 9)}, colHighEdge)
	f.fill(img, shape{roundRect(0, 2, s, s+3, 8)}, tc.edge)
	f.fill(img, shape{roundRect(0, 0, s, s, 8)}, tc.face)
	stamp(img, icons.get(d, tileIconSize), image.Rect(4, 4, s+4, s+2), tc.ink)
	stamp(img, icons.mark(c, markSize), image.Rect(4, 4, 4+markSize, 4+markSize), tc.ink)
	return img
}

// swatchSprite draws colour c's swatch: a tile with the colour's mark
// large, as the key of a map shows it.
func swatchSprite(f *filler, icons *iconSet, c shangrila.Colour) *image.RGBA {
	r := image.Rect(0, 0, swatchSize, swatchSize)
	img := image.NewRGBA(image.Rect(0, 0, swatchSize, swatchSize+3))
	tc := playerColours(c)
	f.fill(img, shape{roundRectOf(r.Add(image.Pt(0, 3)), 8)}, tc.edge)
	f.fill(img, shape{roundRectOf(r, 8)}, tc.face)
	stamp(img, icons.mark(c, swatchMark), r, tc.ink)
	return img
}

// ghostSprite draws a small tile that is no longer on the board: a master
// driven out (crossed, with its student behind when student) or a student
// sent home (a turning arrow).
func ghostSprite(f *filler, icons *iconSet, c shangrila.Colour, home, student bool) *image.RGBA {
	tc := playerColours(c)
	img := image.NewRGBA(image.Rect(-5, -5, ghostSize+6, ghostSize+6))
	r := image.Rect(0, 0, ghostSize, ghostSize)
	if student {
		s := r.Add(image.Pt(3, 3))
		f.fill(img, shape{roundRectOf(s.Inset(-2), 6)}, colHighlight)
		f.fill(img, shape{roundRectOf(s, 5)}, tc.edge)
		r = r.Sub(image.Pt(2, 2))
	}
	f.fill(img, shape{roundRectOf(r.Inset(-2), 7)}, colHighlight)
	f.fill(img, shape{roundRectOf(r, 5)}, tc.face)
	sym := symCross
	if home {
		sym = symHome
	}
	stamp(img, icons.symbol(sym, ghostSymbol), r, tc.ink)
	return img
}

// badgeSprite draws the background of a strength badge.
func badgeSprite(f *filler) *image.RGBA {
	r := image.Rect(0, 0, badgeWidth, badgeHeight)
	img := image.NewRGBA(image.Rect(0, 0, badgeWidth, badgeHeight+2))
	f.fill(img, shape{roundRectOf(r.Add(image.Pt(0, 2)), 12)}, colPlateRim)
	f.fill(img, shape{roundRectOf(r, 12)}, colInk)
	f.fill(img, shape{roundRectOf(r.Inset(3), 9)}, colHighlight)
	return img
}

// stoneSprite draws a Stone of the Wise Men of the given diameter: a round
// glass stone with a glint.
func stoneSprite(f *filler, diameter int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, diameter+1, diameter+3))
	rad := float32(diameter) / 2
	c := pt{rad, rad}
	f.fill(img, shape{circle(c.add(pt{1, 3}), rad)}, colStoneDark)
	f.fill(img, shape{circle(c, rad)}, colStoneDark)
	f.fill(img, shape{circle(c, rad-3)}, colStone)
	f.fill(img, shape{ellipse(c.add(pt{-rad * 0.3, -rad * 0.35}), rad*0.34, rad*0.22)}, colStoneLight)
	return img
}

// bridgeSprite draws bridge b standing (a wooden deck over the river) or
// broken (two stubs and the river in the gap), in image coordinates.
func bridgeSprite(f *filler, b shangrila.Bridge, standing bool) *image.RGBA {
	_, _, mid := pathEnds(b)
	u := pathDir(b)
	n := u.perp()
	box := func(a, c, hw float32) poly {
		p0, p1 := mid.add(u.mul(a)), mid.add(u.mul(c))
		return poly{p0.add(n.mul(hw)), p1.add(n.mul(hw)), p1.sub(n.mul(hw)), p0.sub(n.mul(hw))}
	}
	const half = 25
	img := image.NewRGBA(circleRect(mid, half+6))
	if standing {
		f.fill(img, shape{box(-half, half, 12)}, colWoodDark)
		f.fill(img, shape{box(-half+2, half-2, 8)}, colWood)
		for x := float32(-half + 6); x < half-3; x += 6 {
			f.fill(img, shape{box(x, x+1.3, 8)}, colWoodDark)
		}
		for _, s := range []float32{-1, 1} {
			for _, e := range []float32{-1, 1} {
				f.fill(img, shape{circle(mid.add(u.mul(e*(half-3))).add(n.mul(s*11)), 4)}, colWoodDark)
			}
		}
		return img
	}
	for _, s := range []float32{-1, 1} {
		outer, inner := s*half, s*9
		jag := func(hw float32) poly {
			p0, p1 := mid.add(u.mul(outer)), mid.add(u.mul(inner))
			return poly{p0.add(n.mul(hw)), p1.add(n.mul(hw)).add(u.mul(s * 3)), p1.add(n.mul(hw * 0.3)), p1.sub(n.mul(hw * 0.2)).add(u.mul(s * 4)), p1.sub(n.mul(hw)), p0.sub(n.mul(hw))}
		}
		f.fill(img, shape{jag(12)}, colWoodDark)
		f.fill(img, shape{jag(8)}, colWoodBroken)
	}
	return img
}
