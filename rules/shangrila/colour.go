package shangrila

import "strings"

// Colour is a player's colour. The zero value NoColour means "nobody".
// Colours double as player identities: a game never has two players of
// the same colour.
type Colour uint8

// The four colours in the box, in their usual seat order.
const (
	NoColour Colour = iota
	Red
	Blue
	Yellow
	Violet
)

// Colours lists the four colours in seat order.
var Colours = [4]Colour{Red, Blue, Yellow, Violet}

var colourKeys = [...]string{"", "red", "blue", "yellow", "violet"}
var colourNames = [...]string{"Nobody", "Red", "Blue", "Yellow", "Violet"}

// String returns the colour's key as used in records and JSON ("red").
func (c Colour) String() string {
	if int(c) < len(colourKeys) {
		return colourKeys[c]
	}
	return "colour?"
}

// Name returns the colour as a player's name in English text ("Red").
func (c Colour) Name() string {
	if int(c) < len(colourNames) {
		return colourNames[c]
	}
	return "Colour?"
}

// Valid reports whether c is one of the four colours.
func (c Colour) Valid() bool { return c >= Red && c <= Violet }

// ParseColour reads a colour key in any case ("red", "Blue").
func ParseColour(s string) (Colour, bool) {
	for i, k := range colourKeys[1:] {
		if strings.EqualFold(s, k) {
			return Colour(i + 1), true
		}
	}
	return NoColour, false
}
