package render

import (
	"image/color"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// hex is an opaque colour written 0xRRGGBB, so that the theme can be
// constants.
type hex uint32

func (h hex) rgba() color.RGBA {
	return color.RGBA{uint8(h >> 16), uint8(h >> 8), uint8(h), 0xff}
}

// The image's colours. They are few and flat on purpose: flat colours make
// a calm picture, and they compress well into a small palette.
const (
	colLand       hex = 0xdce4c6
	colHill       hex = 0xbccb9e
	colHillDark   hex = 0xa9ba8a
	colSnow       hex = 0xf6f6f0
	colRiverBank  hex = 0xa3bdab
	colWater      hex = 0x8dc2d4
	colWaterLight hex = 0xb2d9e4
	colPath       hex = 0xf1e4c2
	colPathEdge   hex = 0xc4af82
	colPlate      hex = 0xf6efdf
	colPlateRim   hex = 0xb0976e
	colPlateShade hex = 0xb8c59d
	colSlot       hex = 0xe8dcc2
	colSlotIcon   hex = 0xc0ab87
	colOutPlate   hex = 0xd6d5ce
	colOutRim     hex = 0xa8a69d
	colOutInk     hex = 0x8c8a82
	colInk        hex = 0x3b3126
	colInkLight   hex = 0xfff9ec
	colWood       hex = 0xa5713d
	colWoodDark   hex = 0x664322
	colWoodBroken hex = 0x8f8170
	colStone      hex = 0x7cc6c2
	colStoneDark  hex = 0x2d6a68
	colStoneLight hex = 0xe6fbf8
	colHighlight  hex = 0xffffff
	colHighEdge   hex = 0x1d1d22
	colPanel      hex = 0x292e37
	colPanelRow   hex = 0x333945
	colPanelLine  hex = 0x474e5b
	colText       hex = 0xf4f1ea
	colTextDim    hex = 0xa4abb7
	colTextFaint  hex = 0x6a7282
	colAccent     hex = 0xffb84a
)

// tileColours is how one player's tiles look: the face, the darker edge that
// gives the tile its thickness, and the ink of the icon and mark printed on
// it. The faces differ in lightness as well as hue (yellow light, blue
// middle, red darker, violet darkest) so that they stay apart for
// colour-blind players even before the marks.
type tileColours struct {
	face, edge, ink hex
}

func playerColours(c shangrila.Colour) tileColours {
	switch c {
	case shangrila.Red:
		return tileColours{0xd6403a, 0x93251f, 0xffffff}
	case shangrila.Blue:
		return tileColours{0x3c86e0, 0x22559c, 0xffffff}
	case shangrila.Yellow:
		return tileColours{0xf5c52c, 0xb0840e, 0x453608}
	case shangrila.Violet:
		return tileColours{0x7643a6, 0x4a266e, 0xffffff}
	}
	return tileColours{0x999999, 0x666666, 0xffffff}
}
