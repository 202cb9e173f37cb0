package shangrila

import (
	"strings"

	"github.com/tablebot/tablebot/i18n"
	sl "github.com/tablebot/tablebot/rules/shangrila"
)

// describe says in one line what a move did, in the printer's language:
// "Red's students travel from A to B: Red's Rainmaker drives out Yellow's
// and becomes a master; the bridge A-B breaks".
func describe(p *i18n.Printer, e *sl.Effects) string {
	m := e.Move
	c := m.Player
	switch m.Kind {
	case sl.Setup, sl.Place:
		s := m.Sites[0]
		return p.T("bot.did."+m.Kind.String(), "player", c, "discipline", s.Discipline, "village", s.Village)
	case sl.Recruit:
		sites := m.Recruited()
		if len(sites) == 1 {
			return p.T("bot.did.recruit1", "player", c, "discipline", sites[0].Discipline, "village", sites[0].Village)
		}
		return p.T("bot.did.recruit2", "player", c,
			"discipline", sites[0].Discipline, "village", sites[0].Village,
			"discipline2", sites[1].Discipline, "village2", sites[1].Village)
	case sl.Pass, sl.Resign:
		return p.T("bot.did."+m.Kind.String(), "player", c)
	}
	return describeJourney(p, e)
}

func describeJourney(p *i18n.Printer, e *sl.Effects) string {
	m := e.Move
	var parts []string
	for _, t := range e.Travellers() {
		args := []any{"owner", t.Colour, "discipline", t.Discipline, "village", m.To}
		switch {
		case t.Outcome == sl.Promoted && !t.Displaced.Empty() && t.Displaced.Student():
			parts = append(parts, p.T("bot.did.travel.drive2", append(args, "victim", t.Displaced.Master())...))
		case t.Outcome == sl.Promoted && !t.Displaced.Empty():
			parts = append(parts, p.T("bot.did.travel.drive", append(args, "victim", t.Displaced.Master())...))
		case t.Outcome == sl.Promoted:
			parts = append(parts, p.T("bot.did.travel.master", args...))
		case t.Outcome == sl.Joined:
			parts = append(parts, p.T("bot.did.travel.joined", args...))
		default:
			parts = append(parts, p.T("bot.did.travel.home", args...))
		}
	}
	strength := "bot.did.weaker"
	if e.SourceStronger {
		strength = "bot.did.stronger"
	}
	line := p.T("bot.did.journey", "player", m.Player, "from", m.From, "to", m.To) + " " +
		p.T(strength, "from", m.From, "to", m.To,
			"fromTiles", counted(p, "tiles", e.FromStrength.Tiles), "toTiles", e.ToStrength.Tiles) + ": " +
		strings.Join(parts, "; ") + "; " + p.T("bot.did.bridge", "bridge", e.Bridge)
	for _, v := range e.Stones() {
		line += "; " + p.T("bot.did.stone", "village", v)
	}
	return line
}

// describeEnd says how the game ended: the winners and the ranking.
func describeEnd(p *i18n.Printer, pos *sl.Position, names func(sl.Colour) string) string {
	var b strings.Builder
	winners := pos.Winners()
	var ws []string
	for _, w := range winners {
		ws = append(ws, names(w))
	}
	if len(ws) == 1 {
		s := pos.Score(winners[0])
		b.WriteString(p.T("bot.end.winner", "name", ws[0], "masters", counted(p, "masters", s.Masters), "villages", counted(p, "villages", s.Villages)))
	} else {
		b.WriteString(p.T("bot.end.shared", "names", strings.Join(ws, ", ")))
	}
	for _, pl := range pos.Ranking() {
		b.WriteString("\n")
		key := "bot.end.place"
		if pl.Resigned {
			key = "bot.end.place-resigned"
		}
		b.WriteString(p.T(key, "rank", pl.Rank, "name", names(pl.Colour), "colour", pl.Colour,
			"masters", counted(p, "masters", pl.Score.Masters), "villages", counted(p, "villages", pl.Score.Villages)))
	}
	return b.String()
}
