package shangrila

import (
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	sl "github.com/tablebot/tablebot/rules/shangrila"
)

// Steps of the buttons under a board; each opens a private menu chain.
const (
	stepPlace   = "place"
	stepRecruit = "recruit"
	stepJourney = "journey"
)

// LobbyOptions says how the table starts.
func (g *Game) LobbyOptions(p *i18n.Printer, settings map[string]string) string {
	if settings[settingStart] == startSuggest {
		return p.T("bot.lobby.start-suggested")
	}
	return p.T("bot.lobby.start-setup")
}

// Mark is the emoji of a seat's colour, used in text beside the name.
func (g *Game) Mark(seat int) string { return mark(seatColour(seat)) }

// mark is the emoji of a colour.
func mark(c sl.Colour) string {
	switch c {
	case sl.Red:
		return "🔴"
	case sl.Blue:
		return "🔵"
	case sl.Yellow:
		return "🟡"
	case sl.Violet:
		return "🟣"
	}
	return "⚪"
}

// SeatName is a seat's colour ("Red").
func (g *Game) SeatName(p *i18n.Printer, seat int) string { return ColourName(p, seatColour(seat)) }

// Describe says in one line what a move did.
func (g *Game) Describe(p *i18n.Printer, e bot.Effect, names []string) string {
	x, ok := effects(e)
	if !ok {
		return ""
	}
	return describe(p, x)
}

// Prompt tells the player to move what to do.
func (g *Game) Prompt(p *i18n.Printer, st bot.State, seat int, mention string) string {
	s := state(st)
	pos := s.Position()
	c := colour(pos, seat)
	key := "bot.turn.play"
	if pos.Phase() == sl.SetupPhase {
		key = "bot.turn.setup"
	}
	return p.T(key, "mention", mention, "mark", mark(c), "colour", c)
}

// Result says who won, and the ranking.
func (g *Game) Result(p *i18n.Printer, st bot.State, names []string) string {
	s := state(st)
	pos := s.Position()
	return describeEnd(p, &pos, nameOf(s, names))
}

// nameOf returns a colour's player name from the seats' names.
func nameOf(s *State, names []string) func(sl.Colour) string {
	pos := s.Position()
	return func(c sl.Colour) string {
		if seat, ok := pos.Seat(c); ok && seat < len(names) {
			return names[seat]
		}
		return c.String()
	}
}

// Progress is the status's first line: the phase and the moves made.
func (g *Game) Progress(p *i18n.Printer, st bot.State) string {
	s := state(st)
	pos := s.Position()
	if pos.Phase() == sl.SetupPhase {
		return p.N("bot.status.setup", s.Moves())
	}
	return p.N("bot.status.play", s.Moves())
}

// Status says where every player stands and, to a player, their supply.
func (g *Game) Status(p *i18n.Printer, st bot.State, names []string, seat int) string {
	s := state(st)
	pos := s.Position()
	out := Standing(p, &pos, nameOf(s, names))
	if seat >= 0 {
		c := colour(pos, seat)
		var sup []string
		for _, d := range sl.Disciplines {
			sup = append(sup, fmt.Sprintf("%s %d", DisciplineName(p, d), pos.Supply(c, d)))
		}
		out += "\n" + p.T("bot.status.supply", "supply", strings.Join(sup, " · "))
	}
	return out
}

// Text is the position for a terminal: every village on a line, then the
// standing.
func (g *Game) Text(p *i18n.Printer, st bot.State, names []string) string {
	s := state(st)
	pos := s.Position()
	var b strings.Builder
	for v := sl.Village(0); v < sl.NumVillages; v++ {
		b.WriteString("  " + VillageLine(p, &pos, v) + "\n")
	}
	for _, line := range strings.Split(Standing(p, &pos, nameOf(s, names)), "\n") {
		b.WriteString("  " + line + "\n")
	}
	return b.String()
}
