package render

import (
	"image"
	"image/draw"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// The static layer is everything on the map that no move changes: the land,
// the rivers, the paths without their bridges, the village plates with
// their empty spaces and letters. It is drawn once per number of players
// (with three, village C is out of play and has no paths) and copied under
// every image. The land with its rivers, the same for both, is drawn once:
// each layer then adds its paths and draws the rivers again where the paths
// cross them, which cuts the gaps for the bridges.

const (
	riverWidth = 24
	waterWidth = 16
	pathWidth  = 18
	roadWidth  = 12
)

// drawLand paints the landscape: the meadow and hills in the empty
// corners.
func drawLand(f *filler, dst *image.RGBA) {
	fillRect(dst, dst.Rect, colLand)
	for _, h := range hills() {
		f.fill(dst, shape{h.body}, colHill)
		f.fill(dst, shape{h.shade}, colHillDark)
		f.fill(dst, shape{h.snow}, colSnow)
	}
}

// riverShapes is the rivers' outline: banks under water.
type riverShapes struct {
	banks, water []shape
}

func newRiverShapes(bounds image.Rectangle) riverShapes {
	var s riverShapes
	for _, r := range riverCourses(bounds) {
		s.banks = append(s.banks, stroke(r, riverWidth))
		s.water = append(s.water, stroke(r, waterWidth))
	}
	return s
}

// draw paints the rivers and the lakes where they meet.
func (s riverShapes) draw(f *filler, dst *image.RGBA) {
	for _, b := range s.banks {
		f.fill(dst, b, colRiverBank)
	}
	for _, c := range lakeCentres() {
		f.fill(dst, shape{circle(c, 20)}, colRiverBank)
	}
	for _, w := range s.water {
		f.fill(dst, w, colWater)
	}
	for _, c := range lakeCentres() {
		f.fill(dst, shape{circle(c, 16)}, colWater)
		f.fill(dst, shape{ellipse(c.add(pt{-3, -4}), 7, 4)}, colWaterLight)
	}
}

// crossings paints the rivers again around the middle of every path on the
// board, over the paths: the gaps the bridges span.
func (s riverShapes) crossings(f *filler, dst *image.RGBA, players int) {
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		if !onBoard(b, players) {
			continue
		}
		_, _, mid := pathEnds(b)
		near := dst.SubImage(circleRect(mid, pathWidth+riverWidth)).(*image.RGBA)
		for i := range s.banks {
			f.fill(near, s.banks[i], colRiverBank)
		}
		for i := range s.water {
			f.fill(near, s.water[i], colWater)
		}
	}
}

// lakeCentres returns the middle of every region of the board, where its
// rivers meet in a small lake.
func lakeCentres() []pt {
	var out []pt
	for _, face := range faces() {
		out = append(out, faceCentre(face))
	}
	return out
}

// riverCourses returns the rivers as lines of points: from each region's
// lake to the middle of each path around it, crossing the path square on,
// and from the paths on the board's edge out of the picture.
func riverCourses(bounds image.Rectangle) [][]pt {
	var out [][]pt
	inner := map[shangrila.Bridge]int{}
	for _, face := range faces() {
		lake := faceCentre(face)
		for i, v := range face {
			w := face[(i+1)%len(face)]
			b, _ := shangrila.BridgeBetween(v, w)
			inner[b]++
			_, _, mid := pathEnds(b)
			out = append(out, quad(mid, crossing(b, mid, lake), lake, 16))
		}
	}
	outward := float32(bounds.Dx() + bounds.Dy())
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		if inner[b] != 1 {
			continue
		}
		_, _, mid := pathEnds(b)
		var lake pt
		for _, face := range faces() {
			if faceHas(face, b) {
				lake = faceCentre(face)
			}
		}
		away := mid.add(mid.sub(lake).unit().mul(outward))
		out = append(out, quad(mid, crossing(b, mid, away), away, 16))
	}
	return out
}

// crossing returns the control point that makes a river leave the middle
// of bridge b's path square to the path, heading for towards.
func crossing(b shangrila.Bridge, mid, towards pt) pt {
	n := pathDir(b).perp()
	d := towards.sub(mid)
	if n.X*d.X+n.Y*d.Y < 0 {
		n = n.mul(-1)
	}
	return mid.add(n.mul(min(d.len()*0.5, 90)))
}

func faceHas(face []shangrila.Village, b shangrila.Bridge) bool {
	for i, v := range face {
		if c, ok := shangrila.BridgeBetween(v, face[(i+1)%len(face)]); ok && c == b {
			return true
		}
	}
	return false
}

// hill is a mountain drawn in an empty corner of the map.
type hill struct{ body, shade, snow poly }

// hills returns the mountains that frame the valley, placed where no
// village, path or badge is.
func hills() []hill {
	mk := func(x, y, w, h float32) hill {
		top := pt{x, y - h}
		body := poly{{x - w, y}, top, {x + w, y}}
		shade := poly{top, {x + w, y}, {x + w*0.15, y}}
		snow := poly{top, {x + w*0.28, y - h*0.72}, {x + w*0.08, y - h*0.64}, {x - w*0.06, y - h*0.74}, {x - w*0.28, y - h*0.72}}
		return hill{body, shade, snow}
	}
	return []hill{
		mk(420, 92, 70, 70), mk(500, 104, 52, 50),
		mk(880, 96, 64, 62), mk(950, 110, 44, 40),
		mk(120, 1270, 80, 70), mk(215, 1282, 56, 48),
		mk(1110, 1275, 70, 62),
	}
}

// drawPaths paints the paths of the bridges on the board, village centre to
// village centre; the plates drawn next cover their ends.
func drawPaths(f *filler, dst *image.RGBA, players int) {
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		if !onBoard(b, players) {
			continue
		}
		f.fill(dst, stroke(pathCurve(b), pathWidth), colPathEdge)
	}
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		if !onBoard(b, players) {
			continue
		}
		f.fill(dst, stroke(pathCurve(b), roadWidth), colPath)
	}
}

// onBoard reports whether bridge b's path is on the board with the given
// number of players: with three, village C's paths are not.
func onBoard(b shangrila.Bridge, players int) bool {
	v, w := b.Ends()
	return players != 3 || (v != shangrila.OutOfPlayWithThree && w != shangrila.OutOfPlayWithThree)
}

// drawStatic draws the static layer for the number of players of layout
// l, which is the layout of an empty board, over land, the map's
// landscape and rivers.
func (r *Renderer) drawStatic(f *filler, land *image.RGBA, rivers riverShapes, l Layout) *image.RGBA {
	dst := image.NewRGBA(image.Rectangle{Max: l.Size})
	copyRect(dst, land, land.Rect)
	mapArea := dst.SubImage(land.Rect).(*image.RGBA)
	drawPaths(f, mapArea, l.Players)
	rivers.crossings(f, mapArea, l.Players)
	for i := range l.Villages {
		r.drawPlate(f, dst, &l.Villages[i])
	}
	r.staticPanel(f, dst, &l.Panel)
	return dst
}

// fillRect paints rectangle r in colour c.
func fillRect(dst *image.RGBA, r image.Rectangle, c hex) {
	draw.Draw(dst, r, image.NewUniform(c.rgba()), image.Point{}, draw.Src)
}

// drawPlate paints a village's plaza with its empty spaces and its letter.
func (r *Renderer) drawPlate(f *filler, dst *image.RGBA, v *VillageLayout) {
	c := ptOf(v.Centre)
	rad := float32(v.Radius)
	f.fill(dst, shape{circle(c.add(pt{3, 6}), rad)}, colPlateShade)
	rim, plate, badge := colPlateRim, colPlate, colInk
	if !v.InPlay {
		rim, plate, badge = colOutRim, colOutPlate, colOutInk
	}
	f.fill(dst, shape{circle(c, rad)}, rim)
	f.fill(dst, shape{circle(c, rad-5)}, plate)
	if v.InPlay {
		for _, d := range shangrila.Disciplines {
			s := v.Spaces[d]
			f.fill(dst, shape{roundRectOf(s, 9)}, colSlot)
			stamp(dst, r.icons.get(d, slotIconSize), s, colSlotIcon)
		}
	}
	lc := ptOf(v.Letter.Rect.Min.Add(v.Letter.Rect.Max)).mul(0.5)
	lr := float32(v.Letter.Rect.Dx()) / 2
	f.fill(dst, shape{circle(lc.add(pt{1, 3}), lr)}, colPlateShade)
	f.fill(dst, shape{circle(lc, lr)}, rim)
	f.fill(dst, shape{circle(lc, lr-3)}, badge)
	r.fonts.draw(dst, v.Letter.Text)
}
