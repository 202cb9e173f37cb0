package shangrila

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"github.com/tablebot/tablebot/render/vision"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// TestPlayerColoursApart reports how far apart the four players' tile
// faces look (CIEDE2000) with normal vision and under each simulated
// colour vision deficiency: every pair, then the closest. It asserts no
// threshold yet: choosing colours that stay apart is issue 14's, whose
// test will.
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
		closest, pair := math.Inf(1), ""
		for i, a := range shangrila.Colours {
			for _, b := range shangrila.Colours[i+1:] {
				ca, cb := v.see(playerColours(a).face.Colour()), v.see(playerColours(b).face.Colour())
				d := vision.Difference(ca, cb)
				t.Logf("%-13s %-6v %-6v %v %v  ΔE00 %5.1f", v.name, a, b, ca, cb, d)
				if d < closest {
					closest, pair = d, fmt.Sprintf("%v and %v", a, b)
				}
			}
		}
		t.Logf("%-13s closest: %s, ΔE00 %.1f", v.name, pair, closest)
	}
}
