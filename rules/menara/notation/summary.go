package notation

import (
	"fmt"
	"io"
	"strings"

	"github.com/tablebot/tablebot/rules/menara"
)

// WriteSummary writes a short readable English summary of the state: the
// game, whose turn and what card, the temple's height against the level
// row, piles, quarry, bag, camp and hands, then every level from the top
// with its floors (where, on what, their margin) and a plan seen from
// above.
func WriteSummary(w io.Writer, p *menara.Position) error {
	var b strings.Builder
	players := p.Players()
	fmt.Fprintf(&b, "Menara, %d %s (%s), %s, %s hands, seed %d, %s base\n", len(players), plural(len(players), "player"),
		strings.Join(players, " "), p.Difficulty(), p.Hands(), p.Seed(), p.BaseSide())
	switch {
	case p.Phase() == menara.Over:
		o := p.Outcome()
		verdict := "lost"
		if o.Won {
			verdict = "won"
		}
		fmt.Fprintf(&b, "Game over (%s): the players %s\n", endWords[o.Reason], verdict)
	default:
		fmt.Fprintf(&b, "%s to act: %s\n", p.Player(p.Turn()), turnWords(p))
	}
	fmt.Fprintf(&b, "Temple %d %s high, %d required; quarry %d %s", p.Height(), plural(p.Height(), "level"),
		p.Required(), p.Quarry(), plural(p.Quarry(), "floor"))
	if f := p.NextFloor(); f.Valid() {
		fmt.Fprintf(&b, " (next %s)", f)
	}
	fmt.Fprintf(&b, "; piles blue %d, yellow %d, red %d\n", p.PileLeft(menara.BluePile), p.PileLeft(menara.YellowPile), p.PileLeft(menara.RedPile))
	fmt.Fprintf(&b, "Bag %s (%d); camp %s\n", countWords(p.Bag()), p.Bag().Total(), p.Camp())
	for i, name := range players {
		if i > 0 {
			b.WriteString("; ")
		} else {
			b.WriteString("Hands: ")
		}
		fmt.Fprintf(&b, "%s %s", name, p.Hand(i))
	}
	b.WriteByte('\n')
	top := 0
	for _, f := range p.PlacedFloors() {
		top = max(top, p.Level(f))
	}
	for level := top; level >= 0; level-- {
		fmt.Fprintf(&b, "Level %d:\n", level)
		for _, f := range p.PlacedFloors() {
			if p.Level(f) == level {
				b.WriteString("  " + FloorLine(p, f) + "\n")
			}
		}
		for _, line := range Plan(p, level) {
			b.WriteString("    " + line + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

var endWords = map[menara.EndReason]string{
	menara.Collapse:   "the temple collapsed",
	menara.Refill:     "a player could not refill",
	menara.CardsUsed:  "the last plan card was used",
	menara.FloorsUsed: "the last floor was placed",
}

func turnWords(p *menara.Position) string {
	c, ok := p.Card()
	switch {
	case p.Stage() == menara.Exchanging:
		return "exchange with the camp or reveal a card"
	case !ok:
		return p.Stage().String()
	}
	card := fmt.Sprintf("%s card %q (%s rim), %d done", c.Pile, c.String(), c.Rim, p.Progress())
	switch p.Stage() {
	case menara.NewFloor:
		return card + "; place the new floor " + p.NextFloor().String()
	case menara.Closing:
		return card + "; it goes to the level row: done"
	}
	if f := p.Chosen(); f.Valid() {
		card += ", on floor " + f.String()
	}
	return card
}

// FloorLine describes one floor on one line: "M light, turn 2 at 3,-1, on
// K2 K4 L1, margin 12.345 mm (holds); bases Y1+ R2", with each base's
// colour letter and number, and + where a column stands.
func FloorLine(p *menara.Position, f menara.FloorID) string {
	w, _ := p.Where(f)
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s, turn %d at %s", f, w.Side, w.Turn, w.At)
	if w.Level > 0 {
		fmt.Fprintf(&b, ", on %s", p.Supports(f))
		if m, ok := p.Margin(f); ok {
			fmt.Fprintf(&b, ", margin %s mm", milli(m))
		} else {
			b.WriteString(", no margin")
		}
		if p.Holds(f) {
			b.WriteString(" (holds)")
		} else {
			b.WriteString(" (falls)")
		}
	}
	if p.Fallen(f) {
		b.WriteString(", fallen")
	}
	b.WriteString("; bases")
	for i, s := range p.FloorBases(f) {
		mark := ""
		if p.Column(menara.Base{Floor: f, N: uint8(i + 1)}) {
			mark = "+"
		}
		fmt.Fprintf(&b, " %c%d%s", s.Colour.Letter(), i+1, mark)
	}
	return b.String()
}

// Plan draws the floors of one level from above, one character a cell, two
// characters apart, each row offset by one (the pictures of floors.txt):
// a floor's cells show its letter, a column standing on the level shows
// its colour in lower case (y r k w b).
func Plan(p *menara.Position, level int) []string {
	cells := map[menara.Hex]byte{}
	for _, f := range p.PlacedFloors() {
		if p.Level(f) != level {
			continue
		}
		for _, c := range p.FloorCells(f) {
			cells[c] = f.String()[0]
		}
		for i, s := range p.FloorBases(f) {
			if p.Column(menara.Base{Floor: f, N: uint8(i + 1)}) {
				cells[s.Cell] = strings.ToLower(string(s.Colour.Letter()))[0]
			}
		}
	}
	if len(cells) == 0 {
		return nil
	}
	minR, maxR, minC := 1<<30, -(1 << 30), 1<<30
	for c := range cells {
		minR, maxR = min(minR, int(c.R)), max(maxR, int(c.R))
		minC = min(minC, 2*int(c.Q)+int(c.R))
	}
	rows := make([][]byte, maxR-minR+1)
	for c, ch := range cells {
		r, col := int(c.R)-minR, 2*int(c.Q)+int(c.R)-minC
		for len(rows[r]) <= col {
			rows[r] = append(rows[r], ' ')
		}
		rows[r][col] = ch
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = string(r)
	}
	return out
}

func countWords(c menara.Columns) string {
	var parts []string
	for _, col := range menara.Colours {
		parts = append(parts, fmt.Sprintf("%c%d", col.Letter(), c[col]))
	}
	return strings.Join(parts, " ")
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
