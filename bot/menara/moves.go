package menara

import (
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/bot"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// steadiest returns steps sorted for a player to choose from, as
// mr.SortSteadiest sorts them: the steadiest first, the lifts whose floor
// would fall after the rest, the steps that collapse the temple last. The
// steps are returned as given (not as the engine completes them), so that
// their record lines do not change; an illegal step is dropped.
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
	return os
}

// Moves lists the legal steps of the player to act as record lines,
// steadiest first, each that touches the temple's floors followed by a
// comment with its margin and risk, or the fall it would cause ("# FALLS:
// the temple collapses"): the comment is no part of the line, which plays
// as it stands.
func (g *Game) Moves(st bot.State) []string {
	lines := g.Forms.Moves(st)
	s := state(st)
	pos := s.Position()
	for i, l := range lines {
		step, err := s.Engine().ParseMove(l)
		if err != nil {
			continue
		}
		if o, err := pos.Outlook(step); err == nil {
			if c := outlookComment(&o); c != "" {
				lines[i] = l + "  # " + c
			}
		}
	}
	return lines
}

// outlookComment says a step's outlook in a few words for a record
// line's comment; "" for a step that touches no floor on columns.
func outlookComment(o *mr.Outlook) string {
	switch {
	case o.Collapse:
		return "FALLS: the temple collapses"
	case o.LiftFalls:
		return "FALLS: not made, the card goes to the level row"
	case !o.HasMargin:
		return ""
	}
	parts := []string{"margin " + mm(o.Margin) + " mm"}
	if o.Risk.Num > 0 {
		parts = append(parts, "risk "+strconv.Itoa(o.Risk.Percent())+"%")
	}
	if o.Margin < mr.Safe() {
		parts[0] = "shaky, " + parts[0]
	}
	return strings.Join(parts, ", ")
}

// mm writes µm as millimetres with one decimal, rounded down, as record
// comments write them (in English).
func mm(um int) string {
	tenths := um / 100
	if um < 0 && um%100 != 0 {
		tenths--
	}
	sign := ""
	if tenths < 0 {
		sign, tenths = "-", -tenths
	}
	return sign + strconv.Itoa(tenths/10) + "." + strconv.Itoa(tenths%10)
}
