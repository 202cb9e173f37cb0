package shangrila

import (
	"image"
	"math"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// The map's geometry, in image pixels. Village centres follow the published
// board (1280 x 1322 art), scaled so that the board fills the image's width
// with room for the outer villages' plates.
const (
	// Width is the width of every image, which reads well on a phone.
	Width = 1200

	mapMargin   = 124  // from the image's edge to the centre of the outermost villages
	mapHeight   = 1288 // 2*mapMargin and the board's height at mapScale
	plateRadius = 102  // the round plaza of a village
	tileSize    = 44   // the square a tile's shape fits in
	tilePitch   = 62   // from one space's centre to the next in the cluster

	// The published board's extreme village centres, in its own pixels.
	boardMinX, boardMaxX = 218, 1135
	boardMinY, boardMaxY = 192, 1192
)

// A student sits on its master; the pair is drawn shifted sideways, the
// student up and to the left, so that both show. The spaces' rows lie
// closer than their columns, so the pair is shifted sideways only (one
// pixel up and down): a stack never reaches into the row above or below.
var (
	studentShift = image.Pt(-4, -1)
	masterShift  = image.Pt(4, 1)
)

// mapScale maps the board's pixels to the image's.
const mapScale = float32(Width-2*mapMargin) / (boardMaxX - boardMinX)

// boardCentre returns village v's centre on the published board art.
func boardCentre(v shangrila.Village) (x, y float32) {
	centres := [shangrila.NumVillages][2]float32{
		{218, 200}, {703, 192}, {1084, 236}, {308, 641}, {560, 455}, {893, 423}, {218, 1007},
		{605, 869}, {864, 680}, {1135, 698}, {507, 1192}, {895, 1174}, {1052, 939},
	}
	c := centres[v]
	return c[0], c[1]
}

// villageCentre returns village v's centre in the image.
func villageCentre(v shangrila.Village) render.Pt {
	x, y := boardCentre(v)
	return pt(mapMargin+(x-boardMinX)*mapScale, mapMargin+(y-boardMinY)*mapScale)
}

// spaceOffset returns where discipline d's space lies from its village's
// centre. The seven spaces make a honeycomb cluster, the same in every
// village so that players learn it once: the sky's disciplines above
// (Rainmaker, Astrologer), the Firekeeper at the hearth in the middle.
func spaceOffset(d shangrila.Discipline) render.Pt {
	const (
		h = tilePitch / 2
		v = tilePitch * 0.866
	)
	switch d {
	case shangrila.Rainmaker:
		return pt(-h, -v)
	case shangrila.Astrologer:
		return pt(h, -v)
	case shangrila.Priest:
		return pt(tilePitch, 0)
	case shangrila.Healer:
		return pt(h, v)
	case shangrila.Dragonbreeder:
		return pt(-h, v)
	case shangrila.YetiWhisperer:
		return pt(-tilePitch, 0)
	}
	return render.Pt{}
}

// spaceRect returns the square of discipline d's space in village v.
func spaceRect(v shangrila.Village, d shangrila.Discipline) image.Rectangle {
	c := villageCentre(v).Add(spaceOffset(d)).Image()
	return image.Rect(c.X-tileSize/2, c.Y-tileSize/2, c.X+tileSize/2, c.Y+tileSize/2)
}

// rimPoint returns the point on village v's plate rim in direction angle
// (degrees, 0 to the right, counting counter-clockwise as on a compass
// rose turned on its side) at distance r from the centre.
func rimPoint(v shangrila.Village, angle, r float32) render.Pt {
	a := float64(angle) * math.Pi / 180
	return villageCentre(v).Add(pt(r*float32(math.Cos(a)), -r*float32(math.Sin(a))))
}

// pathBend returns how far bridge b's path bows sideways: the offset of
// its curve's control point from the middle of the straight line, along
// the direction from its first village to its second turned a quarter
// clockwise on the image (west for a path running south). Only the path
// from A to G bends, around village D, which lies almost on the straight
// line.
func pathBend(b shangrila.Bridge) float32 {
	if v, w := b.Ends(); v == shangrila.VillageA && w == shangrila.VillageG {
		return 170
	}
	return 0
}

// pathControl returns the control point of bridge b's path, a quadratic
// curve from one village's centre to the other's.
func pathControl(b shangrila.Bridge) render.Pt {
	v, w := b.Ends()
	a, c := villageCentre(v), villageCentre(w)
	side := c.Sub(a).Unit().Perp()
	return a.Lerp(c, 0.5).Add(side.Mul(pathBend(b)))
}

// pathCurve returns bridge b's path as points from centre to centre.
func pathCurve(b shangrila.Bridge) []render.Pt {
	v, w := b.Ends()
	return render.Quad(villageCentre(v), pathControl(b), villageCentre(w), 48)
}

// pathEnds returns where bridge b's path leaves the plates of its two
// villages, and the middle of the path, where the bridge stands.
func pathEnds(b shangrila.Bridge) (from, to, mid render.Pt) {
	v, w := b.Ends()
	a, c := villageCentre(v), villageCentre(w)
	ctrl := pathControl(b)
	from = a.Add(ctrl.Sub(a).Unit().Mul(plateRadius))
	to = c.Add(ctrl.Sub(c).Unit().Mul(plateRadius))
	return from, to, render.Quad(a, ctrl, c, 2)[1]
}

// pathDir returns the direction of bridge b's path at its middle, from its
// first village towards its second.
func pathDir(b shangrila.Bridge) render.Pt {
	v, w := b.Ends()
	return villageCentre(w).Sub(villageCentre(v)).Unit()
}

// faces lists the regions of the board between the paths, each by the
// villages around it. A river runs through every region from its middle to
// each of its paths, where the bridge crosses it; the rivers together cut
// the land into one island per village, which is the game's idea.
func faces() [][]shangrila.Village {
	const (
		a = shangrila.VillageA + iota
		b
		c
		d
		e
		f
		g
		h
		i
		j
		k
		l
		m
	)
	return [][]shangrila.Village{
		{a, b, f, e}, {a, e, d}, {a, d, g}, {b, c, f}, {c, j, i, f}, {d, e, h, k},
		{d, k, g}, {e, f, i, h}, {h, i, m, l}, {i, j, m}, {h, l, k},
	}
}

// faceCentre returns where a region's rivers meet: the middle of its
// villages, except in the narrow region A-D-G, squeezed between village D
// and the bent path from A to G, where they meet in the gap.
func faceCentre(face []shangrila.Village) render.Pt {
	if len(face) == 3 && face[0] == shangrila.VillageA && face[1] == shangrila.VillageD && face[2] == shangrila.VillageG {
		return villageCentre(shangrila.VillageD).Add(pt(-128, -6))
	}
	var c render.Pt
	for _, v := range face {
		c = c.Add(villageCentre(v))
	}
	return c.Mul(1 / float32(len(face)))
}

// pt returns the point (x, y), for shorter shapes.
func pt(x, y float32) render.Pt { return render.Pt{X: x, Y: y} }
