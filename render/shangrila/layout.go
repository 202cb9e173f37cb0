package shangrila

import (
	"image"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// Layout is what goes where on one image, computed from a position and the
// options as plain data: the drawing code paints it and nothing else, and
// tests check it without looking at pixels. Rectangles are in the image's
// pixels, origin top left.
type Layout struct {
	// Size is the whole image: the map above, the panel below.
	Size image.Point
	// Players is the number of seats, 3 or 4; with 3 village C and its
	// paths are out of play.
	Players int
	// Villages holds every village, indexed by shangrila.Village.
	Villages [shangrila.NumVillages]VillageLayout
	// Bridges holds the bridges on the board (23, or 20 with 3 players) in
	// the engine's order.
	Bridges []BridgeLayout
	// Tiles holds every tile on the board in drawing order: a master comes
	// before the student on top of it.
	Tiles []TileLayout
	// Highlights marks what the last move did, in drawing order.
	Highlights []Highlight
	// Panel is the players' table below the map.
	Panel Panel
}

// VillageLayout is one village's plate and what is drawn on it besides its
// tiles.
type VillageLayout struct {
	Village shangrila.Village
	Centre  image.Point
	Radius  int
	// InPlay is false for village C in a 3-player game, drawn greyed out
	// with OutOfPlay written on it.
	InPlay bool
	// Spaces holds the square of each discipline's space, indexed by
	// shangrila.Discipline.
	Spaces [shangrila.NumDisciplines]image.Rectangle
	// Letter is the badge with the village's letter.
	Letter Badge
	// Strength is the badge with the village's strength; empty (zero
	// rectangle) when the village has a stone, since no journey can
	// involve it any more.
	Strength Badge
	// Stone is where the village's Stone of the Wise Men lies; empty when
	// it has none.
	Stone image.Rectangle
	// OutOfPlay is the text on a village not in play.
	OutOfPlay render.Text
}

// Badge is a small rounded label: a rectangle and its text.
type Badge struct {
	Rect image.Rectangle
	Text render.Text
}

// TileLayout is one tile on the board.
type TileLayout struct {
	Site   shangrila.Site
	Colour shangrila.Colour
	// Student is set for a student, drawn on top of its master of the same
	// colour, the pair offset so that both show.
	Student bool
	Rect    image.Rectangle
}

// BridgeLayout is one path's bridge, at the middle of the path where it
// crosses a river.
type BridgeLayout struct {
	Bridge shangrila.Bridge
	// From and To are where the path leaves the plates of its villages
	// (in the engine's order of the bridge's ends), Mid its middle.
	From, To, Mid image.Point
	// Standing is false for a broken bridge, drawn as a gap over the river.
	Standing bool
}

// HighlightKind says how a highlight is drawn.
type HighlightKind uint8

const (
	// Outline rings the tile at Rect, in Colour's shape: a master placed,
	// a student recruited, a traveller arrived.
	Outline HighlightKind = iota
	// Arrow is a journey from From to To, beside its path, so that the
	// bridge it broke stays in view.
	Arrow
	// DrivenOut is a small tile of Colour at Rect, just outside the rim of
	// the village it was driven out of, beside its space, with the sign of
	// a tile going back to its owner's supply: a master (with its student
	// when Student) that travellers drove out.
	DrivenOut
	// SentHome is the same for a student that travelled and found no
	// room, outside the rim of the village it left.
	SentHome
	// StoneRing rings Rect, a stone the move placed.
	StoneRing
)

// Highlight is one mark of what the last move did.
type Highlight struct {
	Kind HighlightKind
	Rect image.Rectangle
	// From, Via and To are an arrow's start, the control point of its
	// curve and its tip.
	From, Via, To image.Point
	// Colour is whose the highlight is: the ringed tile's owner for an
	// outline, the mover's for an arrow or a stone, the small tile's
	// owner for a tile going back to the supply.
	Colour shangrila.Colour
	// Student is set on a master driven out together with its student.
	Student bool
}

// The map's badges and marks, in pixels.
const (
	letterRadius  = 27
	badgeWidth    = 72
	badgeHeight   = 40
	badgeDistance = 108 // from the village centre to a badge's centre
	stoneRadius   = 24
	slotIconSize  = 30
	tileIconSize  = 28
	ghostSymbol   = 20
	ghostSize     = 34
	ghostDistance = plateRadius + ghostSize/2 + 4 // from a village's centre to a small tile beside its rim
	ringGrow      = 9                             // how far the last move's ring reaches around a tile
	smallStone    = 28
	starSize      = 34
)

// NewLayout lays out position p with the options. It is a pure
// function of its arguments.
func NewLayout(p *shangrila.Position, opts Options) Layout {
	lb := opts.labels()
	l := Layout{Players: p.NumPlayers()}
	for v := shangrila.Village(0); v < shangrila.NumVillages; v++ {
		l.Villages[v] = layoutVillage(p, v, lb)
		l.Tiles = appendTiles(l.Tiles, p, v)
	}
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		if !onBoard(b, l.Players) {
			continue
		}
		from, to, mid := pathEnds(b)
		l.Bridges = append(l.Bridges, BridgeLayout{Bridge: b, From: from.Image(), To: to.Image(), Mid: mid.Image(), Standing: p.Standing(b)})
	}
	l.Highlights = changeHighlights(&l, opts)
	l.Panel = layoutPanel(p, opts, lb)
	l.Size = image.Pt(Width, l.Panel.Rect.Max.Y)
	return l
}

func layoutVillage(p *shangrila.Position, v shangrila.Village, lb Labels) VillageLayout {
	c := villageCentre(v)
	vl := VillageLayout{Village: v, Centre: c.Image(), Radius: plateRadius, InPlay: p.InPlay(v)}
	for _, d := range shangrila.Disciplines {
		vl.Spaces[d] = spaceRect(v, d)
	}
	letter := render.CircleRect(rimPoint(v, 150, 104), letterRadius)
	vl.Letter = Badge{Rect: letter, Text: render.Text{S: v.String(), Rect: letter, Size: 38, MinSize: 38, Bold: true, Colour: colInkLight.Colour(), Align: render.AlignCentre}}
	badge := rimPoint(v, badgeAngle(v), badgeDistance).Image()
	switch {
	case !vl.InPlay:
		vl.Stone = render.CircleRect(c.Add(pt(0, -14)), stoneRadius)
		vl.OutOfPlay = render.Text{S: lb.OutOfPlay, Rect: image.Rect(vl.Centre.X-80, vl.Centre.Y+18, vl.Centre.X+80, vl.Centre.Y+48),
			Size: 22, MinSize: 14, Bold: true, Colour: colOutInk.Colour(), Align: render.AlignCentre}
	case p.Stone(v):
		vl.Stone = render.CircleRect(render.PtOf(badge), stoneRadius)
	default:
		s := p.Strength(v)
		r := image.Rect(badge.X-badgeWidth/2, badge.Y-badgeHeight/2, badge.X+badgeWidth/2, badge.Y+badgeHeight/2)
		var txt string
		if lb.Strength != nil {
			txt = lb.Strength(s.Tiles, s.Masters)
		}
		vl.Strength = Badge{Rect: r, Text: render.Text{S: txt, Rect: r.Inset(5), Size: 28, MinSize: 14, Bold: true, Colour: colInk.Colour(), Align: render.AlignCentre}}
	}
	return vl
}

// badgeAngle returns where on its plate's rim village v's strength badge
// sits (degrees, counter-clockwise from the right): upper right, except on
// J, which lies so close to the image's right edge that its badge goes on
// top.
func badgeAngle(v shangrila.Village) float32 {
	if v == shangrila.VillageJ {
		return 90
	}
	return 30
}

// appendTiles appends village v's tiles: each master, and on top of it,
// offset, its student.
func appendTiles(tiles []TileLayout, p *shangrila.Position, v shangrila.Village) []TileLayout {
	if !p.InPlay(v) {
		return tiles
	}
	for _, d := range shangrila.Disciplines {
		s := p.Space(v, d)
		if s.Empty() {
			continue
		}
		site := shangrila.Site{Village: v, Discipline: d}
		r := spaceRect(v, d)
		if !s.Student() {
			tiles = append(tiles, TileLayout{Site: site, Colour: s.Master(), Rect: r})
			continue
		}
		tiles = append(tiles,
			TileLayout{Site: site, Colour: s.Master(), Rect: r.Add(masterShift)},
			TileLayout{Site: site, Colour: s.Master(), Student: true, Rect: r.Add(studentShift)})
	}
	return tiles
}

// topTile returns the rectangle and the colour of the uppermost tile on a
// site; the space's square and no colour when it is empty.
func (l *Layout) topTile(s shangrila.Site) (image.Rectangle, shangrila.Colour) {
	r, c := l.Villages[s.Village].Spaces[s.Discipline], shangrila.NoColour
	for _, t := range l.Tiles {
		if t.Site == s {
			r, c = t.Rect, t.Colour
		}
	}
	return r, c
}
