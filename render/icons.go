package render

import (
	"image"
	"math"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// The icons are drawn by this code as shapes in the unit square (y down) and
// rasterized once per size into alpha masks, so that stamping an icon on a
// tile costs one masked copy.

// disciplineIcon returns the steps that draw discipline d's icon.
func disciplineIcon(d shangrila.Discipline) []maskOp {
	switch d {
	case shangrila.Rainmaker:
		return rainmakerIcon()
	case shangrila.Priest:
		return priestIcon()
	case shangrila.YetiWhisperer:
		return yetiIcon()
	case shangrila.Astrologer:
		return astrologerIcon()
	case shangrila.Dragonbreeder:
		return dragonIcon()
	case shangrila.Healer:
		return healerIcon()
	case shangrila.Firekeeper:
		return fireIcon()
	}
	return []maskOp{{s: shape{circle(pt{0.5, 0.5}, 0.3)}}}
}

// rainmakerIcon: a cloud with three falling drops.
func rainmakerIcon() []maskOp {
	cloud := shape{
		circle(pt{0.33, 0.42}, 0.16),
		circle(pt{0.54, 0.32}, 0.21),
		circle(pt{0.74, 0.44}, 0.14),
		roundRect(0.14, 0.40, 0.88, 0.60, 0.10),
	}
	var rain shape
	for _, x := range []float32{0.32, 0.53, 0.74} {
		rain = append(rain, stroke([]pt{{x, 0.70}, {x - 0.06, 0.86}}, 0.085)...)
	}
	return []maskOp{{s: cloud}, {s: rain}}
}

// priestIcon: a temple bell with its clapper.
func priestIcon() []maskOp {
	var body poly
	body = arc(body, pt{0.5, 0.36}, 0.19, 0.19, math.Pi, 2*math.Pi)
	body = append(body, cubic(pt{0.69, 0.36}, pt{0.70, 0.58}, pt{0.76, 0.66}, pt{0.86, 0.72}, 8)...)
	body = append(body, pt{0.86, 0.78}, pt{0.14, 0.78}, pt{0.14, 0.72})
	body = append(body, cubic(pt{0.14, 0.72}, pt{0.24, 0.66}, pt{0.30, 0.58}, pt{0.31, 0.36}, 8)...)
	return []maskOp{
		{s: shape{body, circle(pt{0.5, 0.13}, 0.07), circle(pt{0.5, 0.87}, 0.075)}},
		{s: shape{rectPoly(0.10, 0.785, 0.90, 0.81)}, cut: true},
	}
}

// yetiIcon: a big footprint in the snow.
func yetiIcon() []maskOp {
	var sole poly
	sole = append(sole, cubic(pt{0.50, 0.36}, pt{0.80, 0.34}, pt{0.78, 0.62}, pt{0.66, 0.80}, 10)...)
	sole = append(sole, cubic(pt{0.66, 0.80}, pt{0.58, 0.94}, pt{0.38, 0.96}, pt{0.34, 0.80}, 10)...)
	sole = append(sole, cubic(pt{0.34, 0.80}, pt{0.30, 0.64}, pt{0.40, 0.58}, pt{0.30, 0.46}, 10)...)
	sole = append(sole, cubic(pt{0.30, 0.46}, pt{0.24, 0.36}, pt{0.36, 0.36}, pt{0.50, 0.36}, 10)...)
	return []maskOp{{s: shape{
		sole,
		circle(pt{0.24, 0.30}, 0.075),
		circle(pt{0.36, 0.18}, 0.08),
		circle(pt{0.52, 0.12}, 0.085),
		circle(pt{0.68, 0.16}, 0.08),
		circle(pt{0.79, 0.28}, 0.07),
	}}}
}

// astrologerIcon: a crescent moon and a star.
func astrologerIcon() []maskOp {
	return []maskOp{
		{s: shape{circle(pt{0.42, 0.56}, 0.34)}},
		{s: shape{circle(pt{0.60, 0.42}, 0.29)}, cut: true},
		{s: shape{star(pt{0.72, 0.30}, 0.19, 0.075, 5)}},
	}
}

// dragonIcon: a dragon's wing, with a claw at the wrist and the membrane
// scalloped between the finger bones.
func dragonIcon() []maskOp {
	shoulder, wrist := pt{0.06, 0.60}, pt{0.44, 0.12}
	tips := []pt{{0.97, 0.40}, {0.76, 0.74}, {0.46, 0.88}, {0.12, 0.82}}
	var wing poly
	wing = append(wing, quad(shoulder, pt{0.16, 0.22}, wrist, 10)...)
	wing = append(wing, quad(wrist, pt{0.76, 0.10}, tips[0], 10)...)
	for i := 0; i+1 < len(tips); i++ {
		mid := tips[i].lerp(tips[i+1], 0.5)
		wing = append(wing, quad(tips[i], mid.lerp(wrist, 0.42), tips[i+1], 10)...)
	}
	var bones shape
	for _, tip := range tips[1:3] {
		bones = append(bones, stroke([]pt{wrist.lerp(tip, 0.16), wrist.lerp(tip, 0.78)}, 0.045)...)
	}
	return []maskOp{
		{s: shape{wing, poly{{0.38, 0.16}, {0.40, 0.02}, {0.52, 0.14}}}},
		{s: bones, cut: true},
	}
}

// healerIcon: a healing leaf with its stem and veins.
func healerIcon() []maskOp {
	var leaf poly
	leaf = append(leaf, cubic(pt{0.22, 0.78}, pt{0.10, 0.40}, pt{0.40, 0.14}, pt{0.86, 0.12}, 12)...)
	leaf = append(leaf, cubic(pt{0.86, 0.12}, pt{0.88, 0.56}, pt{0.60, 0.86}, pt{0.22, 0.78}, 12)...)
	veins := stroke([]pt{{0.26, 0.74}, {0.74, 0.26}}, 0.05)
	veins = append(veins, stroke([]pt{{0.46, 0.54}, {0.40, 0.36}}, 0.04)...)
	veins = append(veins, stroke([]pt{{0.58, 0.42}, {0.72, 0.48}}, 0.04)...)
	return []maskOp{
		{s: shape{leaf}},
		{s: veins, cut: true},
		{s: stroke([]pt{{0.26, 0.74}, {0.12, 0.90}}, 0.07)},
	}
}

// fireIcon: a flame with a hollow heart and a small inner flame.
func fireIcon() []maskOp {
	flame := func(c pt, w, h float32) poly {
		var p poly
		p = append(p, cubic(pt{c.X, c.Y - h}, pt{c.X + 0.10*w/0.5, c.Y - 0.55*h}, pt{c.X + w, c.Y - 0.45*h}, pt{c.X + w*0.95, c.Y + 0.05*h}, 10)...)
		p = arc(p, pt{c.X, c.Y + 0.05*h}, w*0.95, 0.32*h, 0, math.Pi)
		p = append(p, cubic(pt{c.X - w*0.95, c.Y + 0.05*h}, pt{c.X - w, c.Y - 0.35*h}, pt{c.X - 0.2*w, c.Y - 0.5*h}, pt{c.X, c.Y - h}, 10)...)
		return p
	}
	return []maskOp{
		{s: shape{flame(pt{0.50, 0.62}, 0.34, 0.56)}},
		{s: shape{flame(pt{0.50, 0.72}, 0.19, 0.34)}, cut: true},
		{s: shape{flame(pt{0.50, 0.76}, 0.10, 0.20)}},
	}
}

// playerMark returns the shape printed on colour c's tiles beside the
// colour, for players who cannot tell the colours apart: red a disc, blue a
// square, yellow a triangle, violet a diamond.
func playerMark(c shangrila.Colour) []maskOp {
	switch c {
	case shangrila.Red:
		return []maskOp{{s: shape{circle(pt{0.5, 0.5}, 0.46)}}}
	case shangrila.Blue:
		return []maskOp{{s: shape{rectPoly(0.1, 0.1, 0.9, 0.9)}}}
	case shangrila.Yellow:
		return []maskOp{{s: shape{poly{{0.5, 0.04}, {0.98, 0.9}, {0.02, 0.9}}}}}
	case shangrila.Violet:
		return []maskOp{{s: shape{poly{{0.5, 0}, {1, 0.5}, {0.5, 1}, {0, 0.5}}}}}
	}
	return nil
}

// crossIcon is the × drawn on a master driven out by a journey.
func crossIcon() []maskOp {
	return []maskOp{{s: append(stroke([]pt{{0.2, 0.2}, {0.8, 0.8}}, 0.2), stroke([]pt{{0.8, 0.2}, {0.2, 0.8}}, 0.2)...)}}
}

// homeIcon is the turning arrow drawn on a student sent home.
func homeIcon() []maskOp {
	var bend []pt
	bend = append(bend, pt{0.84, 0.84}, pt{0.84, 0.52})
	bend = append(bend, quad(pt{0.84, 0.52}, pt{0.84, 0.30}, pt{0.58, 0.30}, 6)...)
	bend = append(bend, pt{0.36, 0.30})
	return []maskOp{{s: append(stroke(bend, 0.16), poly{{0.44, 0.06}, {0.44, 0.54}, {0.08, 0.30}})}}
}

// starIcon marks the winners in the final ranking.
func starIcon() []maskOp {
	return []maskOp{{s: shape{star(pt{0.5, 0.54}, 0.5, 0.21, 5)}}}
}

// scaled rasterizes icon steps drawn in the unit square into a size by size
// mask.
func (f *filler) scaled(ops []maskOp, size int) *image.Alpha {
	k := float32(size)
	out := make([]maskOp, len(ops))
	for i, op := range ops {
		out[i] = maskOp{s: op.s.transform(k, pt{}), cut: op.cut}
	}
	return f.mask(size, size, out...)
}
