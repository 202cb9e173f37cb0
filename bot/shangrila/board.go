package shangrila

import (
	"context"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	srender "github.com/tablebot/tablebot/render/shangrila"
	sl "github.com/tablebot/tablebot/rules/shangrila"
)

// NewBoardFunc returns a BoardFunc that draws with r, every word of the
// image in the board's language. The labels of each language are built
// once; the buffers, the caller's when it lends one (bot.WithImageBuffer),
// have the room of the boards before (bot.Room).
func NewBoardFunc(r *srender.Renderer, cat *i18n.Catalog) bot.BoardFunc {
	labels := i18n.PerLang(cat, Labels)
	var room bot.Room
	return func(ctx context.Context, v bot.BoardView) ([]byte, error) {
		pos := state(v.State).Position()
		last, _ := effects(v.Last)
		since := bot.EffectsOf[*sl.Effects](v.Since)
		buf := room.ImageBuffer(ctx)
		err := r.WritePNG(buf, &pos, srender.Options{Last: last, Since: since, Names: colourNames(pos, v.Names), Labels: labels(v.Lang)})
		room.Took(buf.Len())
		return buf.Bytes(), err
	}
}

// colourNames are the players' names by colour, from their names in seat
// order.
func colourNames(pos sl.Position, names []string) map[sl.Colour]string {
	out := map[sl.Colour]string{}
	for i, n := range names {
		out[colour(pos, i)] = n
	}
	return out
}

// Labels returns the words of the board image in the printer's language.
func Labels(p *i18n.Printer) srender.Labels {
	l := srender.Labels{
		Strength:    func(tiles, masters int) string { return p.T("render.strength", "tiles", tiles, "masters", masters) },
		OutOfPlay:   p.T("render.out-of-play"),
		ToMove:      func(player string) string { return p.T("render.to-move", "player", player) },
		SetupToMove: func(player string) string { return p.T("render.setup-to-move", "player", player) },
		Winners: func(ps []string) string {
			switch len(ps) {
			case 0:
				return p.T("render.game-over")
			case 1:
				return p.T("render.winner", "player", ps[0])
			}
			return p.T("render.winners", "players", strings.Join(ps, ", "))
		},
		Bridges:        func(n int) string { return p.N("render.bridges", n) },
		ToGo:           func(n int) string { return p.N("render.to-go", n) },
		LastMove:       func(m srender.MoveWords) string { return lastMove(p, m) },
		Masters:        p.T("render.masters"),
		Villages:       p.T("render.villages"),
		Supply:         p.T("render.supply"),
		Resigned:       func(player string) string { return p.T("render.resigned", "player", player) },
		Rank:           func(rank int) string { return p.T("render.rank", "rank", rank) },
		LegendStrength: p.T("render.legend.strength"),
		LegendStudent:  p.T("render.legend.student"),
		LegendStone:    p.T("render.legend.stone"),
		LegendBroken:   p.T("render.legend.broken"),
		LegendLast:     p.T("render.legend.last"),
		LegendHome:     p.T("render.legend.home"),
	}
	for _, c := range sl.Colours {
		l.Colours[c] = ColourName(p, c)
	}
	for _, d := range sl.Disciplines {
		l.Disciplines[d] = DisciplineName(p, d)
	}
	return l
}

// lastMove is the board's line about the move that led to it.
func lastMove(p *i18n.Printer, m srender.MoveWords) string {
	s := moveSaid(p, m)
	if s == "" {
		return ""
	}
	return p.T("render.last", "move", s)
}

// moveSaid is a move in a few words ("Bob passed"); "" for a move it
// cannot say.
func moveSaid(p *i18n.Printer, m srender.MoveWords) string {
	var s string
	switch m.Kind {
	case sl.Setup, sl.Place:
		s = p.T("render.last.place", "player", m.Player, "discipline", m.Discipline, "village", m.Village)
	case sl.Recruit:
		if len(m.Sites) == 1 {
			s = p.T("render.last.recruit1", "player", m.Player, "discipline", m.Sites[0].Discipline, "village", m.Sites[0].Village)
		} else if len(m.Sites) == 2 {
			s = p.T("render.last.recruit2", "player", m.Player,
				"discipline", m.Sites[0].Discipline, "village", m.Sites[0].Village,
				"discipline2", m.Sites[1].Discipline, "village2", m.Sites[1].Village)
		}
	case sl.Journey:
		s = p.T("render.last.journey", "player", m.Player, "from", m.From, "to", m.To)
		var parts []string
		for _, part := range []struct {
			id string
			n  int
		}{{"render.last.promoted", m.Promoted}, {"render.last.joined", m.Joined}, {"render.last.sent-home", m.SentHome}, {"render.last.driven-out", m.DrivenOut}} {
			if part.n > 0 {
				parts = append(parts, p.N(part.id, part.n))
			}
		}
		if len(parts) > 0 {
			s += ": " + strings.Join(parts, ", ")
		}
	case sl.Pass, sl.Resign:
		s = p.T("render.last."+m.Kind.String(), "player", m.Player)
	default:
		return ""
	}
	if len(m.Stones) > 0 {
		s += "; " + p.T("render.last.stones", "villages", strings.Join(m.Stones, ", "))
	}
	return s
}
