package menara

import (
	"image/color"
	"math"
	"testing"

	"github.com/tablebot/tablebot/render/vision"
	"github.com/tablebot/tablebot/rules/menara"
)

// minColumnDifference is the least CIEDE2000 difference allowed between
// the faces of two column colours, with normal vision and under each
// simulated colour vision deficiency. Tens are told apart at a glance; the
// letter on every column and base backs the colours up.
const minColumnDifference = 25

// TestColumnColoursApart measures how far apart the five column colours
// look (CIEDE2000), with normal vision and as people with deuteranopia,
// protanopia and tritanopia see them (render/vision), and fails below
// minColumnDifference. It logs every pair and the closest (go test
// ./render/menara -run ColumnColoursApart -v).
func TestColumnColoursApart(t *testing.T) {
	for _, v := range visions() {
		closest, pair := math.Inf(1), ""
		for i, a := range menara.Colours {
			for _, b := range menara.Colours[i+1:] {
				ca, cb := v.see(colourOf(a).face.Colour()), v.see(colourOf(b).face.Colour())
				d := vision.Difference(ca, cb)
				t.Logf("%-13s %-6v %-6v ΔE00 %5.1f", v.name, a, b, d)
				if d < closest {
					closest, pair = d, a.String()+" and "+b.String()
				}
				if d < minColumnDifference {
					t.Errorf("%s: %v and %v differ by ΔE00 %.1f, want at least %d", v.name, a, b, d, minColumnDifference)
				}
			}
		}
		t.Logf("%-13s closest: %s, ΔE00 %.1f", v.name, pair, closest)
	}
}

// minBadgeDifference is the least CIEDE2000 difference allowed between
// two badges' colours, with normal vision and under each simulation.
const minBadgeDifference = 20

// TestBadgeColoursApart: the three badges (safe, shaky, falls) differ
// under every simulation too, besides their signs (a tick, an exclamation
// mark, a cross).
func TestBadgeColoursApart(t *testing.T) {
	badges := []Stability{Safe, Shaky, Falls}
	names := map[Stability]string{Safe: "safe", Shaky: "shaky", Falls: "falls"}
	for _, v := range visions() {
		for i, a := range badges {
			for _, b := range badges[i+1:] {
				diff := vision.Difference(v.see(stabilityColour(a).Colour()), v.see(stabilityColour(b).Colour()))
				t.Logf("%-13s %-5s %-5s ΔE00 %5.1f", v.name, names[a], names[b], diff)
				if diff < minBadgeDifference {
					t.Errorf("%s: badges %s and %s differ by ΔE00 %.1f, want at least %d", v.name, names[a], names[b], diff, minBadgeDifference)
				}
			}
		}
	}
}

// sight is a way of seeing colours: normal vision or a simulated
// deficiency.
type sight struct {
	name string
	see  func(color.RGBA) color.RGBA
}

func visions() []sight {
	out := []sight{{"normal vision", func(c color.RGBA) color.RGBA { return c }}}
	for _, d := range vision.Deficiencies() {
		out = append(out, sight{d.String(), func(c color.RGBA) color.RGBA { return vision.Simulate(d, c) }})
	}
	return out
}
