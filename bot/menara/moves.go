package menara

import (
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// MovesSaid lists the legal steps as Moves does, written as a player of
// p's language types them (colours by the language's codes: "column L on
// M2" in Spanish), each that touches the temple's floors followed by a
// comment in that language with its margin and risk, or the fall it would
// cause ("# FALLS: the temple collapses"): the comment is no part of the
// line, which plays as it stands (bot.MovesSayer).
func (g *Game) MovesSaid(p *i18n.Printer, st bot.State) []string {
	lines := g.Forms.Moves(st)
	s := state(st)
	pos := s.Position()
	for i, l := range lines {
		step, err := s.Engine().ParseMove(l)
		if err != nil {
			continue
		}
		lines[i] = typedLine(p, l, step)
		if o, err := pos.Outlook(step); err == nil {
			if c := outlookComment(p, &o); c != "" {
				lines[i] += "  # " + c
			}
		}
	}
	return lines
}

// typedLine writes a record line's colours by the codes of p's language;
// the line's other words stay, and the line still reads typed.
func typedLine(p *i18n.Printer, line string, s mr.Step) string {
	if s.Kind != mr.PlaceColumn && s.Kind != mr.Exchange {
		return line
	}
	f := strings.Fields(line)
	for i := 0; i+1 < len(f); i++ {
		switch {
		case s.Kind == mr.PlaceColumn && f[i] == "column":
			f[i+1] = ColourLetter(p, s.Colour)
		case s.Kind == mr.Exchange && f[i] == "exchange":
			f[i+1] = columnsCode(p, s.Give)
		case s.Kind == mr.Exchange && f[i] == "for":
			f[i+1] = columnsCode(p, s.Take)
		}
	}
	return strings.Join(f, " ")
}

// outlookComment says a step's outlook in a few words for a line's
// comment; "" for a step that touches no floor on columns.
func outlookComment(p *i18n.Printer, o *mr.Outlook) string {
	switch {
	case o.Collapse:
		return p.T("menara.moves.collapse")
	case o.LiftFalls:
		return p.T("menara.moves.lift-falls")
	case !o.HasMargin:
		return ""
	}
	key := "menara.moves.margin"
	if o.Margin < mr.Safe() {
		key = "menara.moves.shaky"
	}
	c := p.T(key, "mm", Millimetres(p, o.Margin))
	if o.Risk.Num > 0 {
		c += ", " + p.T("menara.moves.risk", "percent", o.Risk.Percent())
	}
	return c
}
