package menara

import (
	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/menara"
)

// The image's colours: few and flat, which makes a calm picture and
// compresses well into a small palette. Faces of solids come in flat bands
// of light and shade (light falls from the upper left) rather than
// gradients.
const (
	colPaper      render.Hex = 0xece6da // the temple's ground
	colGround     render.Hex = 0xddd5c5 // the temple's shadow on the ground
	colHeader     render.Hex = 0x292e37
	colHeaderText render.Hex = 0xf4f1ea
	colHeaderDim  render.Hex = 0xb9bfca
	colAccent     render.Hex = 0xffb84a
	colCard       render.Hex = 0xfbf8f2 // the panel's and the plans' boxes
	colCardEdge   render.Hex = 0xd4cab7
	colInk        render.Hex = 0x2b2722
	colInkDim     render.Hex = 0x7a7266
	colInkFaint   render.Hex = 0xb3aa9b
	colTagBack    render.Hex = 0x24262d
	colTagText    render.Hex = 0xffffff
	colTagEdge    render.Hex = 0xffffff
	colHighlight  render.Hex = 0xffffff
	colHighEdge   render.Hex = 0x1d1d22
	colProposal   render.Hex = 0x1f8fe0
	colProposalDk render.Hex = 0x0d4f85
	colFallen     render.Hex = 0xc0392b
	colFallenDk   render.Hex = 0x7d1a10
	// colFallenLight is the header's line about what fell, on its dark
	// band.
	colFallenLight render.Hex = 0xff9c8c
	colSafe        render.Hex = 0x2a9d8f // teal rather than green: it stays apart from red for deuteranopes
	colShaky       render.Hex = 0xf2b134
	colFalls       render.Hex = 0xc2362b
	colBadgeNone   render.Hex = 0x5b5349
	colReached     render.Hex = 0x2a9d8f
	colRimFree     render.Hex = 0xc8742c // the printed cards' orange-brown rim
	colRimLight    render.Hex = 0xf3ead7
	colRimDark     render.Hex = 0x4a4038
)

// slabColours is how a floor looks: its top, the top where a floor above
// shades it, the lower left and lower right faces of its edge, and the
// outline.
type slabColours struct {
	top, shade, left, right, line, grid render.Hex
}

// sideColours returns the colours of a floor with side s up: the light
// side is sandstone, the dark side grey-brown, so that a glance tells them
// apart, as on the printed floors.
func sideColours(s menara.Side) slabColours {
	if s == menara.Dark {
		return slabColours{top: 0x978776, shade: 0x7a6c5d, left: 0x6e6152, right: 0x564b3f, line: 0x3a322a, grid: 0x887968}
	}
	return slabColours{top: 0xf0dcb2, shade: 0xd6be91, left: 0xcaa978, right: 0xa8875a, line: 0x7a6142, grid: 0xe2cb9c}
}

// levelColours returns the colours of a floor with side s up on level l:
// each level a little lighter than the one under it, so that the eye
// separates the levels of a tall temple.
func levelColours(s menara.Side, l int) slabColours {
	c := sideColours(s)
	t := min(float32(l)*0.08, 0.4)
	toward := render.Hex(0xfffaf0)
	if s == menara.Dark {
		toward = 0xc4b8aa
	}
	c.top, c.shade, c.grid = mix(c.top, toward, t), mix(c.shade, toward, t), mix(c.grid, toward, t)
	c.left, c.right = mix(c.left, toward, t/2), mix(c.right, toward, t/2)
	return c
}

// columnColours is how a column (or base) of one colour looks: the face,
// its lit and shaded bands, and the ink of its letter.
type columnColours struct {
	face, light, dark, ink render.Hex
}

// colourOf returns the look of colour c. The five differ in lightness as
// well as hue (white and yellow light, red and blue middle, black dark),
// and each carries its letter, so that they stay apart for colour-blind
// players (TestColumnColoursApart measures them).
func colourOf(c menara.Colour) columnColours {
	switch c {
	case menara.Yellow:
		return columnColours{face: 0xf2bf10, light: 0xf8d75a, dark: 0xc49507, ink: 0x3d3000}
	case menara.Red:
		return columnColours{face: 0xcc3a2a, light: 0xe2685a, dark: 0x992418, ink: 0xffffff}
	case menara.Black:
		return columnColours{face: 0x2a2a2e, light: 0x505058, dark: 0x161619, ink: 0xffffff}
	case menara.White:
		return columnColours{face: 0xf4f4fa, light: 0xffffff, dark: 0xc8c8d2, ink: 0x2b2722}
	case menara.Blue:
		return columnColours{face: 0x2f6ad0, light: 0x5b8fe6, dark: 0x1d4a9a, ink: 0xffffff}
	}
	return columnColours{face: 0x999999, light: 0xbbbbbb, dark: 0x666666, ink: 0xffffff}
}

// pileColour returns the colour of a pile's glyph.
func pileColour(p menara.Pile) render.Hex {
	switch p {
	case menara.BluePile:
		return 0x2f6ad0
	case menara.YellowPile:
		return 0xe9b521
	}
	return 0xd23c2f
}

// Stability is a floor's badge: safe, shaky (holds, but a shaky hand may
// fail there), falls, or none (a floor of the base, which lies on the
// table).
type Stability uint8

// The stabilities, in the order of the badges' colours.
const (
	NoMargin Stability = iota
	Safe
	Shaky
	Falls
)

// stabilityColour returns a badge's colour.
func stabilityColour(s Stability) render.Hex {
	switch s {
	case Safe:
		return colSafe
	case Shaky:
		return colShaky
	case Falls:
		return colFalls
	}
	return colBadgeNone
}
