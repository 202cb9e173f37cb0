package menara

import (
	"strconv"
	"strings"
)

// Pile is one of the three piles of plan cards, named by the colour of the
// cards' glyph.
type Pile uint8

// The piles, in the order they are written everywhere.
const (
	BluePile Pile = iota
	YellowPile
	RedPile
	// NumPiles is the number of piles.
	NumPiles = 3
)

var pileNames = [NumPiles]string{"blue", "yellow", "red"}

// Valid reports whether p is a pile.
func (p Pile) Valid() bool { return p < NumPiles }

// String returns the pile's name ("yellow").
func (p Pile) String() string {
	if p.Valid() {
		return pileNames[p]
	}
	return "pile?"
}

// ParsePile reads a pile's name in any case.
func ParsePile(s string) (Pile, bool) {
	for i, n := range pileNames {
		if strings.EqualFold(s, n) {
			return Pile(i), true
		}
	}
	return 0, false
}

// CardType is what a plan card asks for.
type CardType uint8

// The five types of plan card.
const (
	// PlaceCard: place N columns (1-4) from your hand anywhere.
	PlaceCard CardType = iota
	// OneFloorCard: choose one floor and place N columns (2 or 3) on it.
	OneFloorCard
	// MoveCard: move N columns (1-3) of the temple to bases of higher levels.
	MoveCard
	// FillCard: fill one floor completely with columns from your hand.
	FillCard
	// LiftCard: move a floor, with its columns, one or more levels up or down.
	LiftCard
)

var cardTypeNames = [...]string{"place", "one-floor", "move", "fill", "lift"}

// String returns the type's key as written in JSON ("one-floor").
func (t CardType) String() string {
	if int(t) < len(cardTypeNames) {
		return cardTypeNames[t]
	}
	return "type?"
}

// Rim is the colour of a plan card's rim: it says which side of a new
// floor placed during the card is up.
type Rim uint8

// The rims.
const (
	// FreeRim (orange-brown on the printed cards): the player chooses.
	FreeRim Rim = iota
	// LightRim: light side up.
	LightRim
	// DarkRim: dark side up.
	DarkRim
)

var rimNames = [...]string{"free", "light", "dark"}

// String returns the rim's key as written in JSON ("free", "light",
// "dark").
func (r Rim) String() string {
	if int(r) < len(rimNames) {
		return rimNames[r]
	}
	return "rim?"
}

// Allows reports whether a new floor may go side s up under this rim.
func (r Rim) Allows(s Side) bool {
	switch r {
	case LightRim:
		return s == Light
	case DarkRim:
		return s == Dark
	}
	return s == Light || s == Dark
}

// Card is a plan card: its pile, type, number N (columns to place or move;
// 1 for fill and lift) and rim.
type Card struct {
	Pile Pile
	Type CardType
	N    uint8
	Rim  Rim
}

// CardID indexes the 35 plan cards of the deck (see Deck).
type CardID uint8

// NumCards is the number of plan cards; NoCard stands for none.
const (
	NumCards        = 35
	NoCard   CardID = 0xff
)

// String describes the card in English: "place 2 columns", "fill a floor".
func (c Card) String() string {
	switch c.Type {
	case PlaceCard:
		return "place " + plural(int(c.N), "column")
	case OneFloorCard:
		return "place " + plural(int(c.N), "column") + " on one floor"
	case MoveCard:
		return "move " + plural(int(c.N), "column") + " up"
	case FillCard:
		return "fill a floor"
	case LiftCard:
		return "move a floor"
	}
	return "card?"
}

func plural(n int, word string) string {
	s := strconv.Itoa(n) + " " + word
	if n != 1 {
		s += "s"
	}
	return s
}
