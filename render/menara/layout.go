package menara

import (
	"image"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/menara"
)

// Layout is what goes where on one image, computed from a View and the
// options as plain data: the drawing code paints it and nothing else, and
// tests check it without looking at pixels. Points and rectangles are in
// the image's pixels, origin top left.
type Layout struct {
	// Size is the whole image: the header, the temple under it, then the
	// plans by level beside the panel.
	Size   image.Point
	Header Header
	Temple Temple
	// Plans holds one top-down plan per level, level 0 first.
	Plans []Plan
	Panel Panel
}

// Header is the band at the top: the headline (whose turn, or the end),
// the line about the last or proposed step, and a warning for a proposal
// that would collapse the temple or may fail.
//
// It is laid out for a phone first (Discord shows the image about 400 px
// wide, a third of its width): every line is large enough to be read
// there, and it says whose turn it is, the card in play and what is left
// of it, the height against the levels required (Facts), the last step,
// what fell and why (Fall), and every floor's state (Floors), so that the
// temple and plans under it are needed only for the details.
type Header struct {
	Rect     image.Rectangle
	Status   render.Text
	Facts    render.Text
	Step     render.Text
	Fall     render.Text
	Warning  render.Text
	Floors   []FloorChip
	Proposal bool // a preview: the band says so by its colour

	// filled is set when the band's background is in the image already
	// (Renderer.fillBand): the painter paints only what is on it.
	filled bool
}

// FloorChip is one floor's state in the header: its letter in its hexagon
// and its margin on a pill of its stability's colour (with a sign, so
// that the chips differ without colour too). Changed is set when the step
// changed it.
type FloorChip struct {
	Floor     menara.FloorID
	Level     int
	Stability Stability
	Rect      image.Rectangle
	Letter    render.Text
	Margin    render.Text
	Changed   bool
}

// Temple is the 2.5D view: the temple seen from the front and above, level
// by level, with its names and badges.
type Temple struct {
	Rect image.Rectangle
	// Pitch is the drawing's scale: pixels between neighbouring cell
	// centres.
	Pitch float32
	// Ground is the temple's shadow on the ground.
	Ground []render.Poly
	// Layers holds one layer per level, level 0 first, painted in order:
	// the slabs' faces, then their tops (with the empty bases), then the
	// columns standing on them.
	Layers []Layer
	// Ghosts are outlines drawn over everything: where a lifted floor was,
	// where a proposed floor would go.
	Ghosts []Ghost
	// Rings and Arrows mark what the last (or proposed) step did: new
	// columns ringed, a moved column's way. Xray holds the step's columns
	// that other things hide: they are drawn again over everything, dashed,
	// so that the ring holds the column it means.
	Rings  []Ring
	Arrows []Arrow
	Xray   []Column
	// Badges holds each floor's name and stability; Tags the names of the
	// empty bases and columns a player can act on, where they can be seen.
	Badges []Badge
	Tags   []Tag
}

// Style says how a slab or column is drawn.
type Style uint8

const (
	// Plain is the temple as it stands.
	Plain Style = iota
	// Last marks what the last step placed: outlined.
	Last
	// Proposed marks what a previewed step would place: tinted, with a
	// dashed outline.
	Proposed
	// Fell marks what fell in a collapse: tinted red, dashed.
	Fell
)

// Layer is one level of the temple.
type Layer struct {
	Level   int
	Slabs   []Slab
	Columns []Column
}

// Slab is one floor as a slab: its top face (loops of its outline), the
// parts of the top a floor above shades, the faces of its edge towards
// the viewer (lit from the left, shaded on the right), the lines between
// its cells, and its empty bases.
type Slab struct {
	Floor  menara.FloorID
	Side   menara.Side
	Level  int
	Style  Style
	Top    []render.Poly
	Shade  render.Shape
	Left   render.Shape
	Right  render.Shape
	Grid   [][2]render.Pt
	Discs  []Disc
	Bottom float32 // the lowest y of its faces, for ordering
}

// Disc is an empty base drawn on its floor: an ellipse of its colour with
// the colour's letter.
type Disc struct {
	Base   menara.Base
	Colour menara.Colour
	Centre render.Pt
	RX, RY float32
	Letter render.Text
	// Style is its floor's.
	Style Style
}

// Column is one column: a cylinder from its foot on its base to its head
// one level up, with its colour's letter on the shaft.
type Column struct {
	Base   menara.Base
	Colour menara.Colour
	Style  Style
	Foot   render.Pt // centre of the bottom ellipse
	Head   render.Pt // centre of the top ellipse
	Radius float32   // horizontal radius; the ellipses' vertical radius is Radius·Squash
	Squash float32
	// Free is set when no floor rests on it: its top shows, and a new
	// floor may rest on it. Movable is set when the card in play moves
	// columns and this one can go up to an empty base of its colour.
	// Free and movable columns are the ones a player acts on: they are
	// named on the temple view (all are named on the plans).
	Free, Movable bool
	Letter        render.Text
	// Support marks a column a proposed floor would rest on (Rings ring
	// it over everything).
	Support bool
}

// Ghost is a dashed outline drawn over everything: where a lifted floor
// was, or (Proposal) where a proposed floor would go, seen through what
// hides it.
type Ghost struct {
	Loops    []render.Poly
	Proposal bool
}

// Ring circles something the step did: a new column, where a moved
// column stood (Dashed), or a column a proposed floor would rest on
// (Support).
type Ring struct {
	Centre  render.Pt
	RX, RY  float32
	Dashed  bool
	Support bool
}

// Arrow is a moved column's way, from where it stood to its new base.
type Arrow struct {
	From, Via, To render.Pt
}

// Badge is a floor's name and stability: its letter, and for a floor on
// columns its margin, coloured green, amber or red.
type Badge struct {
	Floor     menara.FloorID
	Stability Stability
	Rect      image.Rectangle
	Letter    render.Text
	Margin    render.Text
	// Changed is set when the step changed the floor's margin (it is
	// outlined); Anchor is the point of the floor it names.
	Changed bool
	Anchor  render.Pt
}

// Tag is the name of an empty base or a column ("K3") in a box beside it,
// with a short line to it when it had to move away.
type Tag struct {
	Base   menara.Base
	Column bool
	Rect   image.Rectangle
	Text   render.Text
	Anchor render.Pt
	Leader bool
}

// Plan is the top-down plan of one level: its floors filled, the floors
// of the level below outlined faintly, every base with its colour's
// letter and its name, the columns standing on them (free ones marked).
type Plan struct {
	Level   int
	Rect    image.Rectangle
	Caption render.Text
	Pitch   float32
	Below   []render.Poly
	Floors  []PlanFloor
	Bases   []PlanBase
	// Falls explains each floor of this level that fell (View.Falls).
	Falls []PlanFall

	tagSize int
}

// PlanFall shows on a plan why a floor fell: the hull of the columns it
// rested on (a polygon, or the line or point of fewer than 3), each
// support ringed, its load centre marked, and the miss: a line from the
// centre to the nearest point of the hull, with the margin written by it.
type PlanFall struct {
	Floor    menara.FloorID
	Hull     render.Poly
	Supports []render.Pt
	// Colours are the supports' colours, in the order of Supports.
	Colours []menara.Colour
	Radius  float32 // the supports' rings'
	Centre  render.Pt
	Nearest render.Pt
	Miss    render.Text
}

// PlanFloor is one floor on a plan.
type PlanFloor struct {
	Floor  menara.FloorID
	Side   menara.Side
	Style  Style
	Loops  []render.Poly
	Letter render.Text
	Circle render.Pt // where its letter sits
}

// PlanBase is one base on a plan, with or without a column.
type PlanBase struct {
	Base   menara.Base
	Colour menara.Colour
	Centre render.Pt
	Radius float32
	Column bool
	// Free is a column on which nothing rests; Fallen one that fell.
	Free, Fallen bool
	Style        Style
	Support      bool
	Letter       render.Text
	Tag          Tag
}

// Panel is the side panel: the level row, the piles, the quarry, the
// camp, the players' columns, the card in play, the legend.
type Panel struct {
	Rect   image.Rectangle
	Boxes  []image.Rectangle // the panel's boxes, drawn as cards
	Texts  []render.Text     // every heading and line of the panel
	Levels []LevelCard
	Piles  []PileStack
	Next   []NextSide
	Chips  []Chip
	Card   *CardFace
	Legend []LegendItem
	// ToAct is the row of the player to act, marked; empty at the end.
	// CampRow is the camp's row, set apart from the players'.
	ToAct, CampRow image.Rectangle
	// Named holds the panel's main lines by name (also in Texts).
	Named [numPanelTexts]render.Text
}

// LevelCard is one card of the level row: a level card from the start,
// or a plan card added to the row; Reached when the temple is that high.
type LevelCard struct {
	Rect    image.Rectangle
	Plan    bool
	Reached bool
	Number  render.Text
}

// PileStack is one pile of plan cards and how many are left.
type PileStack struct {
	Pile  menara.Pile
	Rect  image.Rectangle
	Count render.Text
	Empty bool
}

// NextSide is one side of the floor on top of the quarry, drawn small:
// its outline and bases; Allowed when the card in play lets the floor go
// with this side up.
type NextSide struct {
	Side    menara.Side
	Allowed bool
	Loops   []render.Poly
	Discs   []Disc
	Caption render.Text
}

// Chip is a column off the temple (in the camp or a hand), drawn as a
// small column with its letter.
type Chip struct {
	Colour menara.Colour
	Rect   image.Rectangle
	Letter render.Text
}

// CardFace is the card in play: its pile's colour, its rim, and what it
// asks.
type CardFace struct {
	Rect image.Rectangle
	Pile menara.Pile
	Rim  menara.Rim
}

// LegendItem is one sign of the legend and its meaning.
type LegendItem struct {
	Kind LegendKind
	Icon image.Rectangle
	Text render.Text
}

// LegendKind is a sign the legend explains.
type LegendKind uint8

// The signs of the legend.
const (
	LegendSafe LegendKind = iota
	LegendShaky
	LegendFalls
	LegendFree
	LegendLast
	LegendProposed
	// LegendEmpty is an empty base on a plan (a hollow ring of its colour),
	// LegendColumn a column standing on a base (a filled disc).
	LegendEmpty
	LegendColumn
)
