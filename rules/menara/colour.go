package menara

import (
	"slices"
	"strings"
)

// Colour is a column's colour, and the colour of the bases it may stand on.
type Colour uint8

// The five colours, in the order used everywhere (counts, lists, JSON).
const (
	Yellow Colour = iota
	Red
	Black
	White
	Blue
	// NumColours is the number of colours.
	NumColours = 5
)

var colourNames = [NumColours]string{"yellow", "red", "black", "white", "blue"}

// colourLetters are the one-letter codes of records. Black is K and blue is
// B, as on printers' plates; no code is also a colour's other initial.
var colourLetters = [NumColours]byte{'Y', 'R', 'K', 'W', 'B'}

// Colours lists the colours in order.
var Colours = [NumColours]Colour{Yellow, Red, Black, White, Blue}

// Valid reports whether c is one of the five colours.
func (c Colour) Valid() bool { return c < NumColours }

// String returns the colour's name as written in JSON ("yellow").
func (c Colour) String() string {
	if c.Valid() {
		return colourNames[c]
	}
	return "colour?"
}

// Letter returns the colour's one-letter code as written in records: Y R K
// W B (K for black, B for blue).
func (c Colour) Letter() byte {
	if c.Valid() {
		return colourLetters[c]
	}
	return '?'
}

// ParseColour reads a colour by name or one-letter code, in any case.
func ParseColour(s string) (Colour, bool) {
	if len(s) == 1 {
		return colourOfLetter(s[0])
	}
	for i, n := range colourNames {
		if strings.EqualFold(s, n) {
			return Colour(i), true
		}
	}
	return 0, false
}

func colourOfLetter(b byte) (Colour, bool) {
	if 'a' <= b && b <= 'z' {
		b -= 'a' - 'A'
	}
	for i, l := range colourLetters {
		if b == l {
			return Colour(i), true
		}
	}
	return 0, false
}

// Columns counts columns by colour: a hand, the camp, the bag, what an
// exchange gives or takes. It is a plain comparable value.
type Columns [NumColours]uint8

// Total returns the number of columns.
func (c Columns) Total() int {
	n := 0
	for _, k := range c {
		n += int(k)
	}
	return n
}

// Covers reports whether c holds at least the columns of o, colour by
// colour.
func (c Columns) Covers(o Columns) bool {
	for i := range c {
		if c[i] < o[i] {
			return false
		}
	}
	return true
}

func (c *Columns) add(o Columns) {
	for i := range c {
		c[i] += o[i]
	}
}

func (c *Columns) sub(o Columns) {
	for i := range c {
		c[i] -= o[i]
	}
}

// String writes the columns as letters in colour order ("YYRB"), or "-"
// when there are none.
func (c Columns) String() string {
	if c.Total() == 0 {
		return "-"
	}
	var b strings.Builder
	for i, k := range c {
		for j := uint8(0); j < k; j++ {
			b.WriteByte(colourLetters[i])
		}
	}
	return b.String()
}

// List returns the columns one colour per column, in colour order.
func (c Columns) List() []Colour {
	out := make([]Colour, 0, c.Total())
	for i, k := range c {
		for j := uint8(0); j < k; j++ {
			out = append(out, Colour(i))
		}
	}
	return out
}

// Groups returns every group of n columns of c (of any size when n is 0)
// without the colours of skip, smallest first: what a hand may give to
// the camp, what may be taken for it.
func (c Columns) Groups(skip Columns, n int) []Columns {
	var groups []Columns
	var cur Columns
	var walk func(i int)
	walk = func(i int) {
		if i == NumColours {
			if t := cur.Total(); t > 0 && (n == 0 || t == n) {
				groups = append(groups, cur)
			}
			return
		}
		for k := uint8(0); k <= c[i] && (k == 0 || skip[i] == 0); k++ {
			cur[i] = k
			walk(i + 1)
		}
		cur[i] = 0
	}
	walk(0)
	slices.SortStableFunc(groups, func(a, b Columns) int { return a.Total() - b.Total() })
	return groups
}

// ParseColumns reads columns written as letters in any order and case
// ("YYRB", "kw"). It reports false for an empty string, an unknown letter
// or more than 255 of one colour.
func ParseColumns(s string) (Columns, bool) {
	var c Columns
	if s == "" {
		return c, false
	}
	for i := 0; i < len(s); i++ {
		col, ok := colourOfLetter(s[i])
		if !ok || c[col] == 255 {
			return Columns{}, false
		}
		c[col]++
	}
	return c, true
}
