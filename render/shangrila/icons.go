package shangrila

import (
	"math"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// The icons are drawn by this code as shapes in the unit square (y down) and
// rasterized once per size into alpha masks, so that stamping an icon on a
// tile costs one masked copy.

// disciplineIcon returns the steps that draw discipline d's icon.
func disciplineIcon(d shangrila.Discipline) []render.MaskOp {
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
	return []render.MaskOp{{Shape: render.Shape{render.Circle(pt(0.5, 0.5), 0.3)}}}
}

// rainmakerIcon: a cloud with three falling drops.
func rainmakerIcon() []render.MaskOp {
	cloud := render.Shape{
		render.Circle(pt(0.33, 0.42), 0.16),
		render.Circle(pt(0.54, 0.32), 0.21),
		render.Circle(pt(0.74, 0.44), 0.14),
		render.RoundRect(0.14, 0.40, 0.88, 0.60, 0.10),
	}
	var rain render.Shape
	for _, x := range []float32{0.32, 0.53, 0.74} {
		rain = append(rain, render.Stroke([]render.Pt{{X: x, Y: 0.70}, {X: x - 0.06, Y: 0.86}}, 0.085)...)
	}
	return []render.MaskOp{{Shape: cloud}, {Shape: rain}}
}

// priestIcon: a temple bell with its clapper.
func priestIcon() []render.MaskOp {
	var body render.Poly
	body = render.Arc(body, pt(0.5, 0.36), 0.19, 0.19, math.Pi, 2*math.Pi)
	body = append(body, render.Cubic(pt(0.69, 0.36), pt(0.70, 0.58), pt(0.76, 0.66), pt(0.86, 0.72), 8)...)
	body = append(body, pt(0.86, 0.78), pt(0.14, 0.78), pt(0.14, 0.72))
	body = append(body, render.Cubic(pt(0.14, 0.72), pt(0.24, 0.66), pt(0.30, 0.58), pt(0.31, 0.36), 8)...)
	return []render.MaskOp{
		{Shape: render.Shape{body, render.Circle(pt(0.5, 0.13), 0.07), render.Circle(pt(0.5, 0.87), 0.075)}},
		{Shape: render.Shape{render.RectPoly(0.10, 0.785, 0.90, 0.81)}, Cut: true},
	}
}

// yetiIcon: a big footprint in the snow.
func yetiIcon() []render.MaskOp {
	var sole render.Poly
	sole = append(sole, render.Cubic(pt(0.50, 0.36), pt(0.80, 0.34), pt(0.78, 0.62), pt(0.66, 0.80), 10)...)
	sole = append(sole, render.Cubic(pt(0.66, 0.80), pt(0.58, 0.94), pt(0.38, 0.96), pt(0.34, 0.80), 10)...)
	sole = append(sole, render.Cubic(pt(0.34, 0.80), pt(0.30, 0.64), pt(0.40, 0.58), pt(0.30, 0.46), 10)...)
	sole = append(sole, render.Cubic(pt(0.30, 0.46), pt(0.24, 0.36), pt(0.36, 0.36), pt(0.50, 0.36), 10)...)
	return []render.MaskOp{{Shape: render.Shape{
		sole,
		render.Circle(pt(0.24, 0.30), 0.075),
		render.Circle(pt(0.36, 0.18), 0.08),
		render.Circle(pt(0.52, 0.12), 0.085),
		render.Circle(pt(0.68, 0.16), 0.08),
		render.Circle(pt(0.79, 0.28), 0.07),
	}}}
}

// astrologerIcon: a crescent moon and a star.
func astrologerIcon() []render.MaskOp {
	return []render.MaskOp{
		{Shape: render.Shape{render.Circle(pt(0.42, 0.56), 0.34)}},
		{Shape: render.Shape{render.Circle(pt(0.60, 0.42), 0.29)}, Cut: true},
		{Shape: render.Shape{render.Star(pt(0.72, 0.30), 0.19, 0.075, 5)}},
	}
}

// dragonIcon: a dragon's wing, with a claw at the wrist and the membrane
// scalloped between the finger bones.
func dragonIcon() []render.MaskOp {
	shoulder, wrist := pt(0.06, 0.60), pt(0.44, 0.12)
	tips := []render.Pt{{X: 0.97, Y: 0.40}, {X: 0.76, Y: 0.74}, {X: 0.46, Y: 0.88}, {X: 0.12, Y: 0.82}}
	var wing render.Poly
	wing = append(wing, render.Quad(shoulder, pt(0.16, 0.22), wrist, 10)...)
	wing = append(wing, render.Quad(wrist, pt(0.76, 0.10), tips[0], 10)...)
	for i := 0; i+1 < len(tips); i++ {
		mid := tips[i].Lerp(tips[i+1], 0.5)
		wing = append(wing, render.Quad(tips[i], mid.Lerp(wrist, 0.42), tips[i+1], 10)...)
	}
	var bones render.Shape
	for _, tip := range tips[1:3] {
		bones = append(bones, render.Stroke([]render.Pt{wrist.Lerp(tip, 0.16), wrist.Lerp(tip, 0.78)}, 0.045)...)
	}
	return []render.MaskOp{
		{Shape: render.Shape{wing, render.Poly{{X: 0.38, Y: 0.16}, {X: 0.40, Y: 0.02}, {X: 0.52, Y: 0.14}}}},
		{Shape: bones, Cut: true},
	}
}

// healerIcon: a healing leaf with its stem and veins.
func healerIcon() []render.MaskOp {
	var leaf render.Poly
	leaf = append(leaf, render.Cubic(pt(0.22, 0.78), pt(0.10, 0.40), pt(0.40, 0.14), pt(0.86, 0.12), 12)...)
	leaf = append(leaf, render.Cubic(pt(0.86, 0.12), pt(0.88, 0.56), pt(0.60, 0.86), pt(0.22, 0.78), 12)...)
	veins := render.Stroke([]render.Pt{{X: 0.26, Y: 0.74}, {X: 0.74, Y: 0.26}}, 0.05)
	veins = append(veins, render.Stroke([]render.Pt{{X: 0.46, Y: 0.54}, {X: 0.40, Y: 0.36}}, 0.04)...)
	veins = append(veins, render.Stroke([]render.Pt{{X: 0.58, Y: 0.42}, {X: 0.72, Y: 0.48}}, 0.04)...)
	return []render.MaskOp{
		{Shape: render.Shape{leaf}},
		{Shape: veins, Cut: true},
		{Shape: render.Stroke([]render.Pt{{X: 0.26, Y: 0.74}, {X: 0.12, Y: 0.90}}, 0.07)},
	}
}

// fireIcon: a flame with a hollow heart and a small inner flame.
func fireIcon() []render.MaskOp {
	flame := func(c render.Pt, w, h float32) render.Poly {
		var p render.Poly
		p = append(p, render.Cubic(pt(c.X, c.Y-h), pt(c.X+0.10*w/0.5, c.Y-0.55*h), pt(c.X+w, c.Y-0.45*h), pt(c.X+w*0.95, c.Y+0.05*h), 10)...)
		p = render.Arc(p, pt(c.X, c.Y+0.05*h), w*0.95, 0.32*h, 0, math.Pi)
		p = append(p, render.Cubic(pt(c.X-w*0.95, c.Y+0.05*h), pt(c.X-w, c.Y-0.35*h), pt(c.X-0.2*w, c.Y-0.5*h), pt(c.X, c.Y-h), 10)...)
		return p
	}
	return []render.MaskOp{
		{Shape: render.Shape{flame(pt(0.50, 0.62), 0.34, 0.56)}},
		{Shape: render.Shape{flame(pt(0.50, 0.72), 0.19, 0.34)}, Cut: true},
		{Shape: render.Shape{flame(pt(0.50, 0.76), 0.10, 0.20)}},
	}
}

// homeIcon is the turning arrow drawn on a small tile going back to its
// owner's supply: a master driven out, a student sent home.
func homeIcon() []render.MaskOp {
	var bend []render.Pt
	bend = append(bend, pt(0.84, 0.84), pt(0.84, 0.52))
	bend = append(bend, render.Quad(pt(0.84, 0.52), pt(0.84, 0.30), pt(0.58, 0.30), 6)...)
	bend = append(bend, pt(0.36, 0.30))
	return []render.MaskOp{{Shape: append(render.Stroke(bend, 0.16), render.Poly{{X: 0.44, Y: 0.06}, {X: 0.44, Y: 0.54}, {X: 0.08, Y: 0.30}})}}
}

// starIcon marks the winners in the final ranking.
func starIcon() []render.MaskOp {
	return []render.MaskOp{{Shape: render.Shape{render.Star(pt(0.5, 0.54), 0.5, 0.21, 5)}}}
}
