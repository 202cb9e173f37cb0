package vision

import (
	"image/color"
	"math"
)

// Lab is a colour in CIELAB (D65 white): L from 0 (black) to 100 (white),
// A from green (negative) to red, B from blue (negative) to yellow.
type Lab struct{ L, A, B float64 }

// srgbToXYZ returns the sRGB primaries in CIE XYZ, D65 white (IEC
// 61966-2-1): it maps a linear RGB colour, as a column, to XYZ.
func srgbToXYZ() [3][3]float64 {
	return [3][3]float64{
		{0.4124564, 0.3575761, 0.1804375},
		{0.2126729, 0.7151522, 0.0721750},
		{0.0193339, 0.1191920, 0.9503041},
	}
}

// The white point the sRGB primaries add up to, D65: the rows of
// srgbToXYZ summed.
const (
	whiteX = 0.4124564 + 0.3575761 + 0.1804375
	whiteY = 0.2126729 + 0.7151522 + 0.0721750
	whiteZ = 0.0193339 + 0.1191920 + 0.9503041
)

// LabOf returns colour c, taken as sRGB and opaque (a translucent colour
// is taken out of its premultiplied alpha), in CIELAB. A fully
// transparent colour is black.
func LabOf(c color.Color) Lab {
	r, g, b, a := c.RGBA()
	if a == 0 {
		return Lab{}
	}
	lin := [3]float64{
		Linear(float64(r) / float64(a)),
		Linear(float64(g) / float64(a)),
		Linear(float64(b) / float64(a)),
	}
	toXYZ := srgbToXYZ()
	var xyz [3]float64
	for i := range xyz {
		xyz[i] = toXYZ[i][0]*lin[0] + toXYZ[i][1]*lin[1] + toXYZ[i][2]*lin[2]
	}
	fx, fy, fz := labF(xyz[0]/whiteX), labF(xyz[1]/whiteY), labF(xyz[2]/whiteZ)
	return Lab{L: 116*fy - 16, A: 500 * (fx - fy), B: 200 * (fy - fz)}
}

// labF is CIELAB's compression of a tristimulus ratio: a cube root, and a
// straight line near black.
func labF(t float64) float64 {
	const d = 6.0 / 29
	if t > d*d*d {
		return math.Cbrt(t)
	}
	return t/(3*d*d) + 4.0/29
}

// Difference returns how far apart colours a and b look, taken as sRGB:
// the CIEDE2000 difference of their CIELAB values. About 1 is the smallest
// difference people notice side by side; tiles a player must tell apart
// at a glance want tens.
func Difference(a, b color.Color) float64 { return CIEDE2000(LabOf(a), LabOf(b)) }

// CIEDE2000 returns the CIE colour difference ΔE00 between x and y, with
// the parametric factors kL = kC = kH = 1, as specified by CIE 142-2001 and
// checked against the test data of Sharma, Wu and Dalal, "The CIEDE2000
// Color-Difference Formula: Implementation Notes, Supplementary Test
// Data, and Mathematical Observations" (Color Research and Application
// 30(1), 2005). It is symmetric in x and y.
func CIEDE2000(x, y Lab) float64 {
	const pow25to7 = 6103515625.0 // 25^7
	deg := math.Pi / 180

	cBar := (math.Hypot(x.A, x.B) + math.Hypot(y.A, y.B)) / 2
	cBar7 := math.Pow(cBar, 7)
	g := 0.5 * (1 - math.Sqrt(cBar7/(cBar7+pow25to7)))
	a1, a2 := (1+g)*x.A, (1+g)*y.A
	c1, c2 := math.Hypot(a1, x.B), math.Hypot(a2, y.B)
	h1, h2 := hueAngle(x.B, a1), hueAngle(y.B, a2)

	dL := y.L - x.L
	dC := c2 - c1
	var dh float64
	if c1*c2 != 0 {
		dh = h2 - h1
		switch {
		case dh > 180:
			dh -= 360
		case dh < -180:
			dh += 360
		}
	}
	dH := 2 * math.Sqrt(c1*c2) * math.Sin(dh/2*deg)

	lBar := (x.L + y.L) / 2
	cBarP := (c1 + c2) / 2
	hBar := h1 + h2
	if c1*c2 != 0 {
		switch {
		case math.Abs(h1-h2) <= 180:
			hBar /= 2
		case h1+h2 < 360:
			hBar = (hBar + 360) / 2
		default:
			hBar = (hBar - 360) / 2
		}
	}
	t := 1 - 0.17*math.Cos((hBar-30)*deg) + 0.24*math.Cos(2*hBar*deg) +
		0.32*math.Cos((3*hBar+6)*deg) - 0.20*math.Cos((4*hBar-63)*deg)
	dTheta := 30 * math.Exp(-math.Pow((hBar-275)/25, 2))
	cBarP7 := math.Pow(cBarP, 7)
	rC := 2 * math.Sqrt(cBarP7/(cBarP7+pow25to7))
	l50 := (lBar - 50) * (lBar - 50)
	sL := 1 + 0.015*l50/math.Sqrt(20+l50)
	sC := 1 + 0.045*cBarP
	sH := 1 + 0.015*cBarP*t
	rT := -math.Sin(2*dTheta*deg) * rC

	kl, kc, kh := dL/sL, dC/sC, dH/sH
	return math.Sqrt(kl*kl + kc*kc + kh*kh + rT*kc*kh)
}

// hueAngle returns the hue angle of (a, b) in degrees from 0 up to 360; 0
// for a grey.
func hueAngle(b, a float64) float64 {
	if a == 0 && b == 0 {
		return 0
	}
	h := math.Atan2(b, a) * 180 / math.Pi
	if h < 0 {
		h += 360
	}
	return h
}
