package shangrila

import (
	"image"

	"github.com/tablebot/tablebot/render"
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
func drawLand(f *render.Filler, dst *image.RGBA) {
	render.FillRect(dst, dst.Rect, colLand)
	for _, h := range hills() {
		f.Fill(dst, render.Shape{h.body}, colHill)
		f.Fill(dst, render.Shape{h.shade}, colHillDark)
		f.Fill(dst, render.Shape{h.snow}, colSnow)
	}
}

// riverShapes is the rivers' outline: banks under water.
type riverShapes struct {
	banks, water []render.Shape
}

func newRiverShapes(bounds image.Rectangle) riverShapes {
	var s riverShapes
	for _, r := range riverCourses(bounds) {
		s.banks = append(s.banks, render.Stroke(r, riverWidth))
		s.water = append(s.water, render.Stroke(r, waterWidth))
	}
	return s
}

// draw paints the rivers and the lakes where they meet.
func (s riverShapes) draw(f *render.Filler, dst *image.RGBA) {
	for _, b := range s.banks {
		f.Fill(dst, b, colRiverBank)
	}
	for _, c := range lakeCentres() {
		f.Fill(dst, render.Shape{render.Circle(c, 20)}, colRiverBank)
	}
	for _, w := range s.water {
		f.Fill(dst, w, colWater)
	}
	for _, c := range lakeCentres() {
		f.Fill(dst, render.Shape{render.Circle(c, 16)}, colWater)
		f.Fill(dst, render.Shape{render.Ellipse(c.Add(pt(-3, -4)), 7, 4)}, colWaterLight)
	}
}

// crossings paints the rivers again around the middle of every path on the
// board but skip's, over the paths: the gaps the bridges span.
func (s riverShapes) crossings(f *render.Filler, dst *image.RGBA, players int, skip shangrila.Bridge) {
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		if b != skip && onBoard(b, players) {
			s.crossing(f, dst, b)
		}
	}
}

// crossing paints the rivers again around the middle of bridge b's path.
func (s riverShapes) crossing(f *render.Filler, dst *image.RGBA, b shangrila.Bridge) {
	_, _, mid := pathEnds(b)
	r := render.CircleRect(mid, pathWidth+riverWidth).Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	near := dst.SubImage(r).(*image.RGBA)
	for i := range s.banks {
		f.Fill(near, s.banks[i], colRiverBank)
	}
	for i := range s.water {
		f.Fill(near, s.water[i], colWater)
	}
}

// lakeCentres returns the middle of every region of the board, where its
// rivers meet in a small lake.
func lakeCentres() []render.Pt {
	var out []render.Pt
	for _, face := range faces() {
		out = append(out, faceCentre(face))
	}
	return out
}

// riverCourses returns the rivers as lines of points: from each region's
// lake to the middle of each path around it, crossing the path square on,
// and from the paths on the board's edge out of the picture.
func riverCourses(bounds image.Rectangle) [][]render.Pt {
	var out [][]render.Pt
	inner := map[shangrila.Bridge]int{}
	for _, face := range faces() {
		lake := faceCentre(face)
		for i, v := range face {
			w := face[(i+1)%len(face)]
			b, _ := shangrila.BridgeBetween(v, w)
			inner[b]++
			_, _, mid := pathEnds(b)
			out = append(out, render.Quad(mid, crossing(b, mid, lake), lake, 16))
		}
	}
	outward := float32(bounds.Dx() + bounds.Dy())
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		if inner[b] != 1 {
			continue
		}
		_, _, mid := pathEnds(b)
		var lake render.Pt
		for _, face := range faces() {
			if faceHas(face, b) {
				lake = faceCentre(face)
			}
		}
		away := mid.Add(mid.Sub(lake).Unit().Mul(outward))
		out = append(out, render.Quad(mid, crossing(b, mid, away), away, 16))
	}
	return out
}

// crossing returns the control point that makes a river leave the middle
// of bridge b's path square to the path, heading for towards.
func crossing(b shangrila.Bridge, mid, towards render.Pt) render.Pt {
	n := pathDir(b).Perp()
	d := towards.Sub(mid)
	if n.X*d.X+n.Y*d.Y < 0 {
		n = n.Mul(-1)
	}
	return mid.Add(n.Mul(min(d.Len()*0.5, 90)))
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
type hill struct{ body, shade, snow render.Poly }

// hills returns the mountains that frame the valley, placed where no
// village, path or badge is.
func hills() []hill {
	mk := func(x, y, w, h float32) hill {
		top := pt(x, y-h)
		body := render.Poly{{X: x - w, Y: y}, top, {X: x + w, Y: y}}
		shade := render.Poly{top, {X: x + w, Y: y}, {X: x + w*0.15, Y: y}}
		snow := render.Poly{top, {X: x + w*0.28, Y: y - h*0.72}, {X: x + w*0.08, Y: y - h*0.64}, {X: x - w*0.06, Y: y - h*0.74}, {X: x - w*0.28, Y: y - h*0.72}}
		return hill{body, shade, snow}
	}
	return []hill{
		mk(420, 92, 70, 70), mk(500, 104, 52, 50),
		mk(880, 96, 64, 62), mk(950, 110, 44, 40),
		mk(120, 1270, 80, 70), mk(215, 1282, 56, 48),
		mk(1110, 1275, 70, 62),
	}
}

// pathShapes holds the shapes of every path, its edge and its road, made
// once: New draws them many times over.
type pathShapes struct {
	edge, road [shangrila.NumBridges]render.Shape
}

func newPathShapes() *pathShapes {
	ps := &pathShapes{}
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		ps.edge[b] = render.Stroke(pathCurve(b), pathWidth)
		ps.road[b] = render.Stroke(pathCurve(b), roadWidth)
	}
	return ps
}

// draw paints the paths of the bridges on the board but skip's, village
// centre to village centre; the plates drawn next cover their ends.
func (ps *pathShapes) draw(f *render.Filler, dst *image.RGBA, players int, skip shangrila.Bridge) {
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		if b != skip && onBoard(b, players) {
			f.Fill(dst, ps.edge[b], colPathEdge)
		}
	}
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		if b != skip && onBoard(b, players) {
			f.Fill(dst, ps.road[b], colPath)
		}
	}
}

// A broken bridge takes its path with it: where the path ran, a faint
// trail of dots is left, and the river runs through unbroken, so that at a
// glance (and on a phone) only the paths still standing read as ways
// across. The renderer draws, once per number of players, each path's
// broken look as a sprite: the pixels where the static layer drawn without
// the path, and with the trail, differs from the static layer.

// brokenPath returns the sprite of bridge b broken over static, the static
// layer of layout l, drawn over land with its rivers.
func (r *Renderer) brokenPath(f *render.Filler, land *image.RGBA, rivers riverShapes, paths *pathShapes, l *Layout, static *image.RGBA, b shangrila.Bridge) *render.Sprite {
	_, _, mid := pathEnds(b)
	rect := paths.edge[b].Bounds().Inset(-3).Union(render.CircleRect(mid, pathWidth+riverWidth)).Intersect(land.Rect)
	v := image.NewRGBA(rect)
	render.CopyRect(v, land, rect)
	paths.draw(f, v, l.Players, b)
	rivers.crossings(f, v, l.Players, b)
	drawTrail(f, v, b)
	rivers.crossing(f, v, b)
	for i := range l.Villages {
		vl := &l.Villages[i]
		if render.CircleRect(render.PtOf(vl.Centre), plateRadius+8).Union(vl.Letter.Rect.Inset(-4)).Overlaps(rect) {
			r.drawPlate(f, v, vl)
		}
	}
	// The sprite is the pixels that differ, kept in the box around them.
	differs := func(x, y int) bool {
		i, j := v.PixOffset(x, y), static.PixOffset(x, y)
		return v.Pix[i] != static.Pix[j] || v.Pix[i+1] != static.Pix[j+1] || v.Pix[i+2] != static.Pix[j+2]
	}
	var box image.Rectangle
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			if differs(x, y) {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	out := image.NewRGBA(box)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if differs(x, y) {
				i := out.PixOffset(x, y)
				copy(out.Pix[i:i+4], v.Pix[v.PixOffset(x, y):])
				out.Pix[i+3] = 0xff
			}
		}
	}
	return render.NewSprite(out)
}

// trailStep is the spacing of the dots of a broken bridge's trail.
const trailStep = 15

// drawTrail paints the trail a broken bridge's path leaves: dots along
// it, between the villages' plates.
func drawTrail(f *render.Filler, dst *image.RGBA, b shangrila.Bridge) {
	v, w := b.Ends()
	a, c := villageCentre(v), villageCentre(w)
	pts := render.Quad(a, pathControl(b), c, 200)
	var dots render.Shape
	walked := float32(trailStep / 2)
	for i := 1; i < len(pts); i++ {
		walked += pts[i].Sub(pts[i-1]).Len()
		if walked < trailStep {
			continue
		}
		walked = 0
		q := pts[i]
		if q.Sub(a).Len() < plateRadius+6 || q.Sub(c).Len() < plateRadius+6 {
			continue
		}
		dots = append(dots, render.Circle(q, 2.6))
	}
	f.Fill(dst, dots, colTrail)
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
func (r *Renderer) drawStatic(f *render.Filler, land *image.RGBA, rivers riverShapes, paths *pathShapes, l Layout) *image.RGBA {
	dst := image.NewRGBA(image.Rectangle{Max: l.Size})
	render.CopyRect(dst, land, land.Rect)
	mapArea := dst.SubImage(land.Rect).(*image.RGBA)
	paths.draw(f, mapArea, l.Players, shangrila.NumBridges)
	rivers.crossings(f, mapArea, l.Players, shangrila.NumBridges)
	for i := range l.Villages {
		r.drawPlate(f, dst, &l.Villages[i])
	}
	r.staticPanel(f, dst, &l.Panel)
	return dst
}

// drawPlate paints a village's plaza with its empty spaces and its letter.
func (r *Renderer) drawPlate(f *render.Filler, dst *image.RGBA, v *VillageLayout) {
	c := render.PtOf(v.Centre)
	rad := float32(v.Radius)
	f.Fill(dst, render.Shape{render.Circle(c.Add(pt(3, 6)), rad)}, colPlateShade)
	rim, plate, badge := colPlateRim, colPlate, colInk
	if !v.InPlay {
		rim, plate, badge = colOutRim, colOutPlate, colOutInk
	}
	f.Fill(dst, render.Shape{render.Circle(c, rad)}, rim)
	f.Fill(dst, render.Shape{render.Circle(c, rad-5)}, plate)
	if v.InPlay {
		for _, d := range shangrila.Disciplines {
			s := v.Spaces[d]
			f.Fill(dst, render.Shape{render.RoundRectOf(s, 9)}, colSlot)
			render.Stamp(dst, r.icons.get(d, slotIconSize), s, colSlotIcon)
		}
	}
	lc := render.PtOf(v.Letter.Rect.Min.Add(v.Letter.Rect.Max)).Mul(0.5)
	lr := float32(v.Letter.Rect.Dx()) / 2
	f.Fill(dst, render.Shape{render.Circle(lc.Add(pt(1, 3)), lr)}, colPlateShade)
	f.Fill(dst, render.Shape{render.Circle(lc, lr)}, rim)
	f.Fill(dst, render.Shape{render.Circle(lc, lr-3)}, badge)
	r.fonts.Draw(dst, v.Letter.Text)
}
