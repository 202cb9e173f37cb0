package shangrila

import (
	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// The image's colours. They are few and flat on purpose: flat colours make
// a calm picture, and they compress well into a small palette.
const (
	colLand       render.Hex = 0xdce4c6
	colHill       render.Hex = 0xbccb9e
	colHillDark   render.Hex = 0xa9ba8a
	colSnow       render.Hex = 0xf6f6f0
	colRiverBank  render.Hex = 0xa3bdab
	colWater      render.Hex = 0x8dc2d4
	colWaterLight render.Hex = 0xb2d9e4
	colPath       render.Hex = 0xf1e4c2
	colPathEdge   render.Hex = 0xc4af82
	colTrail      render.Hex = 0xb3ad8c // the dots left by a broken bridge's path
	colPlate      render.Hex = 0xf6efdf
	colPlateRim   render.Hex = 0xb0976e
	colPlateShade render.Hex = 0xb8c59d
	colSlot       render.Hex = 0xe8dcc2
	colSlotIcon   render.Hex = 0xc0ab87
	colOutPlate   render.Hex = 0xd6d5ce
	colOutRim     render.Hex = 0xa8a69d
	colOutInk     render.Hex = 0x8c8a82
	colInk        render.Hex = 0x3b3126
	colInkLight   render.Hex = 0xfff9ec
	colWood       render.Hex = 0xa5713d
	colWoodDark   render.Hex = 0x664322
	colWoodBroken render.Hex = 0x8f8170
	colStone      render.Hex = 0x7cc6c2
	colStoneDark  render.Hex = 0x2d6a68
	colStoneLight render.Hex = 0xe6fbf8
	colHighlight  render.Hex = 0xffffff
	colLastMove   render.Hex = 0xffc93c // the rings and the arrow of the last move
	colHighEdge   render.Hex = 0x1d1d22
	colPanel      render.Hex = 0x292e37
	colPanelRow   render.Hex = 0x333945
	colPanelLine  render.Hex = 0x474e5b
	colText       render.Hex = 0xf4f1ea
	colTextDim    render.Hex = 0xa4abb7
	colTextFaint  render.Hex = 0x6a7282
	colAccent     render.Hex = 0xffb84a
	colLastBand   render.Hex = 0x3d4554 // behind the last move's words
	colTrailLight render.Hex = 0xc9c2a0 // a broken path's trail in the legend
)

// tileColours is how one player's tiles look: the face, the darker edge that
// gives the tile its thickness, and the ink of the icon printed on it.
type tileColours struct {
	face, edge, ink render.Hex
}

// playerColours returns colour c's tile colours. The four faces were
// chosen to stay apart for people with any of the three kinds of
// colour-blindness, not only with normal vision: they differ in lightness
// (yellow light, blue fairly light, red darker, violet darkest) as well as
// in hue. TestPlayerColoursApart measures it (CIEDE2000 under simulated
// deuteranopia, protanopia and tritanopia); each colour's tiles also have
// a shape of their own (silhouette).
func playerColours(c shangrila.Colour) tileColours {
	switch c {
	case shangrila.Red:
		return tileColours{0xd0312a, 0x8a1f19, 0xffffff}
	case shangrila.Blue:
		return tileColours{0x5c98ee, 0x32609f, 0xffffff}
	case shangrila.Yellow:
		return tileColours{0xf5d02c, 0xa88a10, 0x453608}
	case shangrila.Violet:
		return tileColours{0x612f77, 0x3d1a4c, 0xffffff}
	}
	return tileColours{0x999999, 0x666666, 0xffffff}
}
