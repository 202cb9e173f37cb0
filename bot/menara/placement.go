package menara

import (
	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// placementsOf returns the placements of a state's position as a player
// chooses among them, found once a position (autocomplete names a hundred
// or more at once): steadiest first, as moves lists steps (see
// mr.Position.SteadiestPlacements).
func placementsOf(st bot.State) []mr.Placement {
	return bot.Memo(state(st), "placements", func(pos mr.Position) []mr.Placement {
		return pos.SteadiestPlacements(pos.Placements(nil))
	})
}

// placeWords is a placement in words, in two parts for a menu (label and
// description) that together make its one-line name for autocomplete:
// "on K2 K4 L1 · level 2" and "turned 120° · light · margin 9.4 mm".
func placeWords(p *i18n.Printer, pos *mr.Position, pl mr.Placement) (label, desc string) {
	s := pl.Step
	turned := p.T("menara.place.turned", "degrees", 60*int(s.Turn))
	side := ""
	if s.Kind != mr.Lift {
		side = " · " + sideName(p, s.Side)
	}
	switch s.Kind {
	case mr.Extend:
		label = p.T("menara.place.beside", "at", s.At.String())
		desc = turned + side + " · " + p.N("menara.place.edges", pl.Contact) + " · " + p.T("menara.place.level-row")
		return label, desc
	case mr.Lift:
		label = p.T("menara.place.lift", "floor", s.Floor, "level", pl.Level, "on", s.On.String())
	default:
		label = p.T("menara.place.on", "on", s.On.String(), "level", pl.Level)
	}
	desc = turned + side + " · " + stabilityWords(p, pl.Level, pl.Stability)
	if pl.LiftFalls {
		desc = turned + " · " + p.T("menara.place.lift-falls")
	}
	if pl.Collapse {
		label = "⚠️ " + label
	}
	return label, desc
}

// stabilityWords says how a placed floor would stand: its margin and
// whether it is steady, shaky, or the temple collapses.
func stabilityWords(p *i18n.Printer, level int, st mr.Stability) string {
	switch {
	case st.Collapse:
		return p.T("menara.place.collapses")
	case !st.HasMargin:
		return ""
	case st.Margin >= mr.Safe():
		return p.T("menara.place.margin-steady", "mm", Millimetres(p, st.Margin))
	}
	return p.T("menara.place.margin-shaky", "mm", Millimetres(p, st.Margin))
}

// sideName is a floor's side in words ("light side").
func sideName(p *i18n.Printer, s mr.Side) string {
	if s == mr.Dark {
		return p.T("menara.render.dark")
	}
	return p.T("menara.render.light")
}
