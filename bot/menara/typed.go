package menara

import (
	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// Typed reads a step typed in a terminal, as the forms read it: a record
// line without its player ("column R on K2", "exchange YY for RB",
// "reveal yellow", "move K2 to M3", "floor M on K2 K4 L1 at 3,-1 turn 2
// dark", "extend N at 5,-3 turn 1", "lift M to F1 G2 G4 turn 0", "give up
// renew", "done"), or a subcommand's short form ("place R K2", "exchange
// YY RB", "floor on K2 K4 L1 turn 2", "giveup renew"). Either asks first
// when it would bring the temple down, but for a record line piped into
// the terminal (a record plays as it stands); a line ending in "!" is
// made as it stands.
func (g *Game) Typed(st bot.State, seat int, words []string, p *i18n.Printer) (bot.Typed, bool, error) {
	t, ok, err := g.Forms.Typed(st, seat, words, p)
	if !ok || err != nil {
		return t, ok, err
	}
	words, _ = bot.Unsure(words)
	_, notRecord := notation.ParseAction(seat, words)
	if notRecord != nil && (t.Command == cmdExchange || t.Command == cmdPlace) {
		// A short form's colour codes are the player's: a letter that reads
		// as two colours (a Spanish B, blanca or blue) is asked again.
		if err := ambiguousWord(p, words[1:]); err != nil {
			return bot.Typed{}, true, err
		}
	}
	if notRecord == nil {
		t.Options[optConfirm] = confirmRecord
	}
	return t, true, nil
}
