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
	// bridges holds each bridge standing, in image coordinates. A broken
	// bridge is drawn from the renderer's broken paths.
	bridges [shangrila.NumBridges]*render.Sprite
	// badge is a strength badge's background, stone a Stone of the Wise
	// Men on the map and smallStone one in the panel; each with its box at
	// the origin.
	badge, stone, smallStone *render.Sprite
	// swatches holds each colour's swatch for the panel: its tile's shape.
	swatches [shangrila.Violet + 1]*render.Sprite
	// ghosts holds the small tiles going back to the supply: a master or
	// a student alone [c][0], a master with its student [c][1].
	ghosts [shangrila.Violet + 1][2]*render.Sprite
	// rowFrame outlines the row of the player to move, or of a winner.
	rowFrame *render.Sprite
}

func newSpriteSet(f *render.Filler, icons *iconSet, rowSize image.Point) *spriteSet {
	s := &spriteSet{}
	for _, c := range shangrila.Colours {
		for _, d := range shangrila.Disciplines {
			s.tiles[c][d] = render.NewSprite(tileSprite(f, icons, c, d))
		}
		s.swatches[c] = render.NewSprite(swatchSprite(f, c, swatchSize))
		for student := range 2 {
			s.ghosts[c][student] = render.NewSprite(ghostSprite(f, icons, c, student == 1))
		}
	}
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		s.bridges[b] = render.NewSprite(bridgeSprite(f, b))
	}
	s.badge = render.NewSprite(badgeSprite(f))
	s.stone = render.NewSprite(stoneSprite(f, 2*stoneRadius))
	s.smallStone = render.NewSprite(stoneSprite(f, smallStone))
	frame := image.NewRGBA(image.Rectangle{Max: rowSize})
	f.FillHoles(frame, render.Shape{render.RoundRectOf(frame.Rect, 10)}, render.Shape{render.RoundRectOf(frame.Rect.Inset(3), 8)}, colAccent)
	s.rowFrame = render.NewSprite(frame)
	return s
}

// tileSprite draws colour c's tile of discipline d: the colour's shape
// with the discipline's icon, over a darker edge that gives it thickness,
// outlined in dark so that it stands out on the plate and from the tile
// beneath a student.
func tileSprite(f *render.Filler, icons *iconSet, c shangrila.Colour, d shangrila.Discipline) *image.RGBA {
	img := image.NewRGBA(image.Rect(-6, -6, tileSize+7, tileSize+10))
	tc := playerColours(c)
	box := image.Rect(0, 0, tileSize, tileSize)
	thick := box.Add(image.Pt(0, 3))
	f.Fill(img, render.Shape{silhouette(c, box, 1.4), silhouette(c, thick, 1.4)}, colHighEdge)
	f.Fill(img, render.Shape{silhouette(c, thick, 0)}, tc.edge)
	f.Fill(img, render.Shape{silhouette(c, box, 0)}, tc.face)
	render.Stamp(img, icons.get(d, tileIconSize), iconBox(c, box, tileIconSize), tc.ink)
	return img
}

// swatchSprite draws colour c's swatch: its tiles' shape, plain, at size.
func swatchSprite(f *render.Filler, c shangrila.Colour, size int) *image.RGBA {
	box := image.Rect(0, 0, size, size)
	img := image.NewRGBA(box.Inset(-5))
	tc := playerColours(c)
	f.Fill(img, render.Shape{silhouette(c, box, 1.5), silhouette(c, box.Add(image.Pt(0, 3)), 1.5)}, colHighEdge)
	f.Fill(img, render.Shape{silhouette(c, box.Add(image.Pt(0, 3)), 0)}, tc.edge)
	f.Fill(img, render.Shape{silhouette(c, box, 0)}, tc.face)
	return img
}

// ghostSprite draws a small tile of colour c going back to its owner's
// supply (with its student behind when student): the colour's shape with
// a turning arrow, ringed in white so that it reads as apart from the
// board.
func ghostSprite(f *render.Filler, icons *iconSet, c shangrila.Colour, student bool) *image.RGBA {
	tc := playerColours(c)
	img := image.NewRGBA(image.Rect(-8, -8, ghostSize+10, ghostSize+10))
	r := image.Rect(0, 0, ghostSize, ghostSize)
	if student {
		s := r.Add(image.Pt(4, 3))
		f.Fill(img, render.Shape{silhouette(c, s, 3.5)}, colHighlight)
		f.Fill(img, render.Shape{silhouette(c, s, 1.2)}, colHighEdge)
		f.Fill(img, render.Shape{silhouette(c, s, 0)}, tc.edge)
		r = r.Sub(image.Pt(2, 2))
	}
	f.Fill(img, render.Shape{silhouette(c, r, 3.5)}, colHighlight)
	f.Fill(img, render.Shape{silhouette(c, r, 1.2)}, colHighEdge)
	f.Fill(img, render.Shape{silhouette(c, r, 0)}, tc.face)
	render.Stamp(img, icons.symbol(symHome, ghostSymbol), iconBox(c, r, ghostSymbol), tc.ink)
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

// bridgeSprite draws bridge b standing: a wooden deck with rails across
// the river, outlined in dark so that it stands out at a glance, in image
// coordinates.
func bridgeSprite(f *render.Filler, b shangrila.Bridge) *image.RGBA {
	_, _, mid := pathEnds(b)
	u := pathDir(b)
	n := u.Perp()
	box := func(a, c, hw float32) render.Poly {
		p0, p1 := mid.Add(u.Mul(a)), mid.Add(u.Mul(c))
		return render.Poly{p0.Add(n.Mul(hw)), p1.Add(n.Mul(hw)), p1.Sub(n.Mul(hw)), p0.Sub(n.Mul(hw))}
	}
	const half, width = 30, 15
	img := image.NewRGBA(render.CircleRect(mid, half+8))
	f.Fill(img, render.Shape{box(-half-2, half+2, width+2)}, colHighEdge)
	f.Fill(img, render.Shape{box(-half, half, width)}, colWoodDark)
	f.Fill(img, render.Shape{box(-half+2, half-2, width-4)}, colWood)
	for x := float32(-half + 6); x < half-3; x += 6 {
		f.Fill(img, render.Shape{box(x, x+1.5, width-4)}, colWoodDark)
	}
	for _, s := range []float32{-1, 1} {
		for _, e := range []float32{-1, 1} {
			f.Fill(img, render.Shape{render.Circle(mid.Add(u.Mul(e*(half-3))).Add(n.Mul(s*(width-1))), 4.5)}, colWoodDark)
		}
	}
	return img
}
