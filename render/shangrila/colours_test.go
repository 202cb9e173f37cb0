package shangrila

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"github.com/tablebot/tablebot/render/vision"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// minColourDifference is the least CIEDE2000 difference any two players'
// tile faces must keep, with normal vision and as people with each of the
// three kinds of colour-blindness see them (simulated at full severity).
// ΔE00 of 2 is about the smallest difference anyone notices side by side;
// 25 and more reads as "another colour" at a glance, which is what telling
// one player's small tiles from another's on a phone needs. The colours
// before issue 14 kept 13.8 under deuteranopia (blue and violet).
const minColourDifference = 25

// TestPlayerColoursApart checks how far apart the four players' tile faces
// look (CIEDE2000) with normal vision and under each simulated colour
// vision deficiency: every pair must keep minColourDifference. It logs
// every pair, then the closest (go test ./render/shangrila -run
// PlayerColoursApart -v).
func TestPlayerColoursApart(t *testing.T) {
	type view struct {
		name string
		see  func(color.RGBA) color.RGBA
	}
	views := []view{{"normal vision", func(c color.RGBA) color.RGBA { return c }}}
	for _, d := range vision.Deficiencies() {
		views = append(views, view{d.String(), func(c color.RGBA) color.RGBA { return vision.Simulate(d, c) }})
	}
	for _, v := range views {
		t.Run(v.name, func(t *testing.T) {
			closest, pair := math.Inf(1), ""
			for i, a := range shangrila.Colours {
				for _, b := range shangrila.Colours[i+1:] {
					ca, cb := v.see(playerColours(a).face.Colour()), v.see(playerColours(b).face.Colour())
					d := vision.Difference(ca, cb)
					t.Logf("%-6v %-6v %v %v  ΔE00 %5.1f", a, b, ca, cb, d)
					if d < closest {
						closest, pair = d, fmt.Sprintf("%v and %v", a, b)
					}
					if d < minColourDifference {
						t.Errorf("%v and %v are ΔE00 %.1f apart, want at least %d", a, b, d, minColourDifference)
					}
				}
			}
			t.Logf("closest: %s, ΔE00 %.1f", pair, closest)
		})
	}
}
