package vision

import (
	"image"
	"image/color"
	"math"
	"strconv"
)

// Deficiency is a kind of colour vision deficiency, simulated at full
// severity (dichromacy: one kind of cone missing).
type Deficiency uint8

// The deficiencies. Deuteranopia (no green cones) and protanopia (no red
// cones) confuse reds, greens, browns and oranges, and blue with violet;
// tritanopia (no blue cones), much rarer, confuses blue with green and
// yellow with pink and violet.
const (
	Deuteranopia Deficiency = iota
	Protanopia
	Tritanopia
	numDeficiencies
)

// Deficiencies returns every deficiency, in the order above.
func Deficiencies() []Deficiency { return []Deficiency{Deuteranopia, Protanopia, Tritanopia} }

// String returns the deficiency's name ("deuteranopia").
func (d Deficiency) String() string {
	switch d {
	case Deuteranopia:
		return "deuteranopia"
	case Protanopia:
		return "protanopia"
	case Tritanopia:
		return "tritanopia"
	}
	return "Deficiency(" + strconv.Itoa(int(d)) + ")"
}

// machado returns the matrix of Machado, Oliveira and Fernandes, "A
// Physiologically-based Model for Simulation of Color Vision Deficiency"
// (IEEE TVCG 15(6), 2009), for deficiency d at severity 1.0, as published.
// It maps a colour in linear RGB, as a column, to the colour a person with
// the deficiency sees.
func machado(d Deficiency) [3][3]float64 {
	switch d {
	case Deuteranopia:
		return [3][3]float64{
			{0.367322, 0.860646, -0.227968},
			{0.280085, 0.672501, 0.047413},
			{-0.011820, 0.042940, 0.968881},
		}
	case Protanopia:
		return [3][3]float64{
			{0.152286, 1.052583, -0.204868},
			{0.114503, 0.786281, 0.099216},
			{-0.003882, -0.048116, 1.051998},
		}
	case Tritanopia:
		return [3][3]float64{
			{1.255528, -0.076749, -0.178779},
			{-0.078411, 0.930809, 0.147602},
			{0.004733, 0.691367, 0.303900},
		}
	}
	return [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
}

// Simulate returns colour c, taken as sRGB, as a person with deficiency d
// sees it (Machado et al. 2009 at severity 1.0, applied in linear RGB and
// clipped to the sRGB gamut). Alpha is kept. An unknown deficiency
// returns c unchanged.
func Simulate(d Deficiency, c color.Color) color.RGBA {
	r, g, b, a := c.RGBA()
	if a == 0 {
		return color.RGBA{}
	}
	if d >= numDeficiencies {
		return color.RGBAModel.Convert(c).(color.RGBA)
	}
	// Take the colour out of its premultiplied alpha.
	alpha := float64(a) / 0xffff
	in := [3]float64{
		Linear(float64(r) / float64(a)),
		Linear(float64(g) / float64(a)),
		Linear(float64(b) / float64(a)),
	}
	m := machado(d)
	var out [3]uint8
	for i := range out {
		v := m[i][0]*in[0] + m[i][1]*in[1] + m[i][2]*in[2]
		out[i] = uint8(math.Round(255 * alpha * Encode(v)))
	}
	return color.RGBA{out[0], out[1], out[2], uint8(math.Round(255 * alpha))}
}

// SimulateImage returns img as a person with deficiency d sees it, pixel
// by pixel, for looking at a board as they would.
func SimulateImage(d Deficiency, img image.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(b)
	cache := map[color.Color]color.RGBA{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := img.At(x, y)
			s, ok := cache[c]
			if !ok {
				s = Simulate(d, c)
				if len(cache) < 1<<16 {
					cache[c] = s
				}
			}
			out.SetRGBA(x, y, s)
		}
	}
	return out
}

// Linear returns the linear intensity of an sRGB-encoded channel value,
// both from 0 to 1 (IEC 61966-2-1).
func Linear(v float64) float64 {
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

// Encode returns the sRGB-encoded value of a linear intensity, clipped to
// 0 to 1 first: the inverse of Linear.
func Encode(v float64) float64 {
	v = min(max(v, 0), 1)
	if v <= 0.0031308 {
		return 12.92 * v
	}
	return 1.055*math.Pow(v, 1/2.4) - 0.055
}
