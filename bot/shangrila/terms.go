package shangrila

import (
	"github.com/tablebot/tablebot/i18n"
	sl "github.com/tablebot/tablebot/rules/shangrila"
)

// terms writes the game's values in the printer's language (i18n.Terms):
// colours and disciplines by their names in the language's rulebook, move
// kinds by name, villages and bridges by their letters.
func terms(p *i18n.Printer, v any) (string, bool) {
	switch v := v.(type) {
	case sl.Colour:
		return ColourName(p, v), true
	case sl.Discipline:
		return DisciplineName(p, v), true
	case sl.Village:
		return v.String(), true
	case sl.Kind:
		return p.T("kind." + v.String()), true
	case sl.Bridge:
		return v.String(), true
	}
	return "", false
}

// ColourName is a player's colour as a name ("Rojo").
func ColourName(p *i18n.Printer, c sl.Colour) string { return p.T("colour." + c.String()) }

// DisciplineName is a discipline's name as the rulebook of the language
// names it ("Hacedor de Lluvia").
func DisciplineName(p *i18n.Printer, d sl.Discipline) string {
	return p.T("discipline." + d.String())
}

// counted is n with its noun ("1 master", "3 masters") in the printer's
// language; noun is one of masters, villages, tiles (the bot.n.* messages).
func counted(p *i18n.Printer, noun string, n int) string {
	return p.N("bot.n."+noun, n)
}
