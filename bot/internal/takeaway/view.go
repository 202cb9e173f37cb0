package takeaway

import (
	"strconv"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/stats"
)

// LobbyOptions: the pile and the mode.
func (g *Game) LobbyOptions(p *i18n.Printer, settings map[string]string) string {
	n, _ := strconv.Atoi(settings[optStones])
	return p.N("takeaway.lobby."+settings[optMode], n)
}

// SeatName is "p1", "p2"...
func (g *Game) SeatName(p *i18n.Printer, seat int) string { return "p" + strconv.Itoa(seat+1) }

// Describe says what a move did.
func (g *Game) Describe(p *i18n.Printer, e bot.Effect, names []string) string {
	x, ok := e.(Effect)
	if !ok {
		return ""
	}
	if x.Move.Resign {
		return p.T("takeaway.did.resign", "player", names[x.Move.Seat])
	}
	if x.Move.Pass {
		return p.T("takeaway.did.pass", "player", names[x.Move.Seat], "left", x.Left)
	}
	return p.N("takeaway.did.take", x.Move.Take, "player", names[x.Move.Seat], "left", x.Left)
}

// Prompt asks a seat to take.
func (g *Game) Prompt(p *i18n.Printer, st bot.State, seat int, mention string) string {
	return p.T("takeaway.prompt", "mention", mention, "left", state(st).Position().Left)
}

// Result says who won.
func (g *Game) Result(p *i18n.Printer, st bot.State, names []string) string {
	pos := state(st).Position()
	switch {
	case pos.Winner >= 0:
		return p.T("takeaway.result.win", "name", names[pos.Winner])
	case pos.TeamWon:
		return p.T("takeaway.result.team-won")
	}
	return p.T("takeaway.result.lost")
}

// Progress says how many moves were made.
func (g *Game) Progress(p *i18n.Printer, st bot.State) string {
	return p.N("takeaway.progress", state(st).Moves())
}

// Status says how many stones are left.
func (g *Game) Status(p *i18n.Printer, st bot.State, names []string, seat int) string {
	return p.T("takeaway.status", "left", state(st).Position().Left)
}

// Text is the pile as text.
func (g *Game) Text(p *i18n.Printer, st bot.State, names []string) string {
	return "  " + p.T("takeaway.status", "left", state(st).Position().Left) + "\n"
}

// Final ranks the winner first and the others second, or gives the
// team's result (bot.Finisher).
func (g *Game) Final(st bot.State) bot.Final {
	pos := state(st).Position()
	if pos.Rules.Mode == Team {
		return bot.Final{Team: &stats.TeamResult{Difficulty: Team, Won: pos.TeamWon, Height: pos.Moves}}
	}
	ranks := make([]int, len(pos.Resigned))
	for i := range ranks {
		ranks[i] = 2
		if i == pos.Winner {
			ranks[i] = 1
		}
	}
	return bot.Final{Ranks: ranks, Rated: true}
}
