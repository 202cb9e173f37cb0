package vision

import (
	"image/color"
	"math"
	"testing"
)

// sharmaPairs is the test data of Sharma, Wu and Dalal, "The CIEDE2000
// Color-Difference Formula: Implementation Notes, Supplementary Test Data,
// and Mathematical Observations" (Color Research and Application 30(1),
// 2005), table 1: 34 pairs of CIELAB colours and their ΔE00 to four
// decimals. The pairs are chosen to catch the usual mistakes: hue angles
// either side of 0 and 180 degrees, the mean hue across 360, greys.
var sharmaPairs = []struct {
	x, y Lab
	want float64
}{
	{Lab{50.0000, 2.6772, -79.7751}, Lab{50.0000, 0.0000, -82.7485}, 2.0425},
	{Lab{50.0000, 3.1571, -77.2803}, Lab{50.0000, 0.0000, -82.7485}, 2.8615},
	{Lab{50.0000, 2.8361, -74.0200}, Lab{50.0000, 0.0000, -82.7485}, 3.4412},
	{Lab{50.0000, -1.3802, -84.2814}, Lab{50.0000, 0.0000, -82.7485}, 1.0000},
	{Lab{50.0000, -1.1848, -84.8006}, Lab{50.0000, 0.0000, -82.7485}, 1.0000},
	{Lab{50.0000, -0.9009, -85.5211}, Lab{50.0000, 0.0000, -82.7485}, 1.0000},
	{Lab{50.0000, 0.0000, 0.0000}, Lab{50.0000, -1.0000, 2.0000}, 2.3669},
	{Lab{50.0000, -1.0000, 2.0000}, Lab{50.0000, 0.0000, 0.0000}, 2.3669},
	{Lab{50.0000, 2.4900, -0.0010}, Lab{50.0000, -2.4900, 0.0009}, 7.1792},
	{Lab{50.0000, 2.4900, -0.0010}, Lab{50.0000, -2.4900, 0.0010}, 7.1792},
	{Lab{50.0000, 2.4900, -0.0010}, Lab{50.0000, -2.4900, 0.0011}, 7.2195},
	{Lab{50.0000, 2.4900, -0.0010}, Lab{50.0000, -2.4900, 0.0012}, 7.2195},
	{Lab{50.0000, -0.0010, 2.4900}, Lab{50.0000, 0.0009, -2.4900}, 4.8045},
	{Lab{50.0000, -0.0010, 2.4900}, Lab{50.0000, 0.0010, -2.4900}, 4.8045},
	{Lab{50.0000, -0.0010, 2.4900}, Lab{50.0000, 0.0011, -2.4900}, 4.7461},
	{Lab{50.0000, 2.5000, 0.0000}, Lab{50.0000, 0.0000, -2.5000}, 4.3065},
	{Lab{50.0000, 2.5000, 0.0000}, Lab{73.0000, 25.0000, -18.0000}, 27.1492},
	{Lab{50.0000, 2.5000, 0.0000}, Lab{61.0000, -5.0000, 29.0000}, 22.8977},
	{Lab{50.0000, 2.5000, 0.0000}, Lab{56.0000, -27.0000, -3.0000}, 31.9030},
	{Lab{50.0000, 2.5000, 0.0000}, Lab{58.0000, 24.0000, 15.0000}, 19.4535},
	{Lab{50.0000, 2.5000, 0.0000}, Lab{50.0000, 3.1736, 0.5854}, 1.0000},
	{Lab{50.0000, 2.5000, 0.0000}, Lab{50.0000, 3.2972, 0.0000}, 1.0000},
	{Lab{50.0000, 2.5000, 0.0000}, Lab{50.0000, 1.8634, 0.5757}, 1.0000},
	{Lab{50.0000, 2.5000, 0.0000}, Lab{50.0000, 3.2592, 0.3350}, 1.0000},
	{Lab{60.2574, -34.0099, 36.2677}, Lab{60.4626, -34.1751, 39.4387}, 1.2644},
	{Lab{63.0109, -31.0961, -5.8663}, Lab{62.8187, -29.7946, -4.0864}, 1.2630},
	{Lab{61.2901, 3.7196, -5.3901}, Lab{61.4292, 2.2480, -4.9620}, 1.8731},
	{Lab{35.0831, -44.1164, 3.7933}, Lab{35.0232, -40.0716, 1.5901}, 1.8645},
	{Lab{22.7233, 20.0904, -46.6940}, Lab{23.0331, 14.9730, -42.5619}, 2.0373},
	{Lab{36.4612, 47.8580, 18.3852}, Lab{36.2715, 50.5065, 21.2231}, 1.4146},
	{Lab{90.8027, -2.0831, 1.4410}, Lab{91.1528, -1.6435, 0.0447}, 1.4441},
	{Lab{90.9257, -0.5406, -0.9208}, Lab{88.6381, -0.8985, -0.7239}, 1.5381},
	{Lab{6.7747, -0.2908, -2.4247}, Lab{5.8714, -0.0985, -2.2286}, 0.6377},
	{Lab{2.0776, 0.0795, -1.1350}, Lab{0.9033, -0.0636, -0.5514}, 0.9082},
}

func TestCIEDE2000Sharma(t *testing.T) {
	if len(sharmaPairs) != 34 {
		t.Fatalf("%d pairs, want the paper's 34", len(sharmaPairs))
	}
	for i, p := range sharmaPairs {
		// The paper gives four decimals: the value rounded must match.
		got := CIEDE2000(p.x, p.y)
		if math.Abs(got-p.want) > 0.00005 {
			t.Errorf("pair %d: ΔE00(%v, %v) = %.6f, want %.4f", i+1, p.x, p.y, got, p.want)
		}
		if back := CIEDE2000(p.y, p.x); math.Abs(back-got) > 1e-9 {
			t.Errorf("pair %d: %.6f one way, %.6f the other", i+1, got, back)
		}
	}
	if d := CIEDE2000(Lab{41.3, 12.5, -8.9}, Lab{41.3, 12.5, -8.9}); d != 0 {
		t.Errorf("a colour differs from itself by %v", d)
	}
}

// TestLabOf checks the conversion from sRGB against published values (the
// sRGB primaries, white and middle grey in CIELAB, D65).
func TestLabOf(t *testing.T) {
	tests := []struct {
		name string
		c    color.Color
		want Lab
	}{
		{"white", color.RGBA{255, 255, 255, 255}, Lab{100, 0, 0}},
		{"black", color.RGBA{0, 0, 0, 255}, Lab{0, 0, 0}},
		{"grey", color.Gray{128}, Lab{53.5850, 0, 0}},
		{"red", color.RGBA{255, 0, 0, 255}, Lab{53.2408, 80.0925, 67.2032}},
		{"green", color.RGBA{0, 255, 0, 255}, Lab{87.7347, -86.1827, 83.1793}},
		{"blue", color.RGBA{0, 0, 255, 255}, Lab{32.2970, 79.1875, -107.8602}},
		{"half-transparent red is red", color.RGBA{128, 0, 0, 128}, Lab{53.2408, 80.0925, 67.2032}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := LabOf(tc.c)
			if math.Abs(got.L-tc.want.L) > 0.0002 || math.Abs(got.A-tc.want.A) > 0.0002 || math.Abs(got.B-tc.want.B) > 0.0002 {
				t.Errorf("got %.4f, want %.4f", got, tc.want)
			}
		})
	}
}

func TestDifference(t *testing.T) {
	black, white := color.RGBA{0, 0, 0, 255}, color.RGBA{255, 255, 255, 255}
	if d := Difference(black, white); math.Abs(d-100) > 0.001 {
		t.Errorf("black to white: %v, want 100", d)
	}
	red, darkRed := color.RGBA{214, 64, 58, 255}, color.RGBA{147, 37, 31, 255}
	if d, far := Difference(red, red), Difference(red, darkRed); d != 0 || far < 10 {
		t.Errorf("red to itself %v (want 0), to dark red %v (want over 10)", d, far)
	}
}
