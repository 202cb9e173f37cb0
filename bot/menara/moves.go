package menara

import (
	"slices"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// steadiest returns steps sorted for a player to choose from, as
// mr.SortSteadiest sorts them: the steadiest first, the lifts whose floor
// would fall after the rest, the steps that collapse the temple last;
// the base extensions and giving the card up, which cost a level, after
// the other steps that make nothing fall. The steps are returned as given (not as the engine
// completes them), so that their record lines do not change; an illegal
// step is dropped. It sorts what a player is shown only: the engine's
// Placements order, which the computers and the hint read, stays as it
// is.
func steadiest(pos *mr.Position, steps []mr.Step) []mr.Step {
	os := outlooks(pos, steps)
	out := make([]mr.Step, len(os))
	for i := range os {
		out[i] = os[i].Step
	}
	return out
}

// outlooks returns the outlooks of steps, steadiest first, each with its
// step as given.
func outlooks(pos *mr.Position, steps []mr.Step) []mr.Outlook {
	os := make([]mr.Outlook, 0, len(steps))
	for _, s := range steps {
		if o, err := pos.Outlook(s); err == nil {
			o.Step = s
			os = append(os, o)
		}
	}
	mr.SortSteadiest(os)
	slices.SortStableFunc(os, func(a, b mr.Outlook) int { return choiceGroup(&a) - choiceGroup(&b) })
	return os
}

// choiceGroup is the group of a step in a list of choices: the steps that
// make nothing fall, those that cost a level (a base extension, giving the
// card up), the lifts whose floor would fall, the collapses.
func choiceGroup(o *mr.Outlook) int {
	switch {
	case o.LiftFalls:
		return 2
	case o.Collapse:
		return 3
	case o.Step.Kind == mr.Extend || o.Step.Kind == mr.GiveUp:
		return 1
	}
	return 0
}

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
