package vision

import (
	"image"
	"image/color"
	"math"
	"testing"
)

// TestMachadoMatrices checks the published matrices for what the model
// makes them: each row adds up to 1 (greys stay grey), and for the two
// red-green dichromacies the matrix is singular (the model projects
// colours onto a plane: a whole line of colours looks alike), which a
// mistyped coefficient would break.
func TestMachadoMatrices(t *testing.T) {
	for _, d := range Deficiencies() {
		m := machado(d)
		for i, row := range m {
			if s := row[0] + row[1] + row[2]; math.Abs(s-1) > 2e-6 {
				t.Errorf("%v: row %d adds up to %v", d, i, s)
			}
		}
		det := m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) -
			m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) +
			m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
		if singular := math.Abs(det) < 1e-5; singular != (d != Tritanopia) {
			t.Errorf("%v: determinant %v", d, det)
		}
	}
}

// TestSimulate checks simulated colours. The expected values were computed
// apart from this code (a short script with the same published matrices
// and the sRGB formulas); the comments say what is known of how the
// colours look to people with each deficiency.
func TestSimulate(t *testing.T) {
	rgb := func(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }
	tests := []struct {
		d       Deficiency
		in, out color.RGBA
	}{
		// Red looks a dark olive to protanopes, darker than it does to
		// deuteranopes: with the red cones missing, red light is
		// hardly seen at all.
		{Protanopia, rgb(255, 0, 0), rgb(109, 95, 0)},
		{Deuteranopia, rgb(255, 0, 0), rgb(163, 144, 0)},
		// Green looks yellow to both.
		{Protanopia, rgb(0, 255, 0), rgb(255, 229, 0)},
		{Deuteranopia, rgb(0, 255, 0), rgb(239, 214, 58)},
		// Blue stays blue for them; tritanopes see it teal.
		{Deuteranopia, rgb(0, 0, 255), rgb(0, 61, 251)},
		{Protanopia, rgb(0, 0, 255), rgb(0, 89, 255)},
		{Tritanopia, rgb(0, 0, 255), rgb(0, 107, 150)},
		// Tritanopes see red as red and yellow as pink.
		{Tritanopia, rgb(255, 0, 0), rgb(255, 0, 15)},
		{Tritanopia, rgb(245, 197, 44), rgb(255, 179, 169)},
		// Mid-tones, within the gamut all the way.
		{Deuteranopia, rgb(118, 67, 166), rgb(47, 92, 164)},
		{Protanopia, rgb(60, 134, 224), rgb(91, 141, 228)},
		{Tritanopia, rgb(118, 67, 166), rgb(110, 87, 110)},
	}
	for _, tc := range tests {
		got := Simulate(tc.d, tc.in)
		if !near(got, tc.out, 1) {
			t.Errorf("%v of %v: got %v, want %v", tc.d, tc.in, got, tc.out)
		}
	}
}

// TestSimulateGreys checks that greys look the same to everyone.
func TestSimulateGreys(t *testing.T) {
	for _, d := range Deficiencies() {
		for v := 0; v < 256; v += 15 {
			c := color.RGBA{uint8(v), uint8(v), uint8(v), 255}
			if got := Simulate(d, c); !near(got, c, 1) {
				t.Errorf("%v of grey %d: %v", d, v, got)
			}
		}
	}
}

// TestSimulateConfusion checks the point of the simulation: two colours
// apart in linear RGB by the direction the red-green dichromat cannot see
// (the null space of the model's matrix) look different to most people
// and alike to them. Applied to sRGB values instead of linear ones, the
// same matrices would tell the pair apart.
func TestSimulateConfusion(t *testing.T) {
	for _, d := range []Deficiency{Deuteranopia, Protanopia} {
		m := machado(d)
		// The null space of a singular 3x3 matrix: the cross product of
		// two of its rows.
		n := [3]float64{
			m[0][1]*m[1][2] - m[0][2]*m[1][1],
			m[0][2]*m[1][0] - m[0][0]*m[1][2],
			m[0][0]*m[1][1] - m[0][1]*m[1][0],
		}
		scale := 0.09 / math.Max(math.Abs(n[0]), math.Max(math.Abs(n[1]), math.Abs(n[2])))
		// Around a colour that is not grey, so that the sRGB curve
		// bends each channel differently.
		base := [3]float64{0.40, 0.18, 0.10}
		var a, b color.RGBA
		for i, p := range []*uint8{&a.R, &a.G, &a.B} {
			*p = uint8(math.Round(255 * Encode(base[i]-n[i]*scale)))
		}
		for i, p := range []*uint8{&b.R, &b.G, &b.B} {
			*p = uint8(math.Round(255 * Encode(base[i]+n[i]*scale)))
		}
		a.A, b.A = 255, 255
		if diff := Difference(a, b); diff < 10 {
			t.Fatalf("%v: the pair %v and %v is only %.1f apart to begin with", d, a, b, diff)
		}
		if diff := Difference(Simulate(d, a), Simulate(d, b)); diff > 1 {
			t.Errorf("%v: %v and %v look %.2f apart, want alike", d, a, b, diff)
		}
	}
}

func TestSimulateImage(t *testing.T) {
	img := image.NewRGBA(image.Rect(2, 3, 5, 4))
	cols := []color.RGBA{{255, 0, 0, 255}, {0, 0, 0, 0}, {128, 0, 0, 128}}
	for i, c := range cols {
		img.SetRGBA(2+i, 3, c)
	}
	got := SimulateImage(Protanopia, img)
	if got.Rect != img.Rect {
		t.Fatalf("bounds %v, want %v", got.Rect, img.Rect)
	}
	want := []color.RGBA{{109, 95, 0, 255}, {0, 0, 0, 0}, {55, 48, 0, 128}}
	for i, w := range want {
		if c := got.RGBAAt(2+i, 3); !near(c, w, 1) {
			t.Errorf("pixel %d: %v, want %v", i, c, w)
		}
	}
}

// near reports whether every channel of a and b is within tol.
func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}
