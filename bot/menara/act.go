package menara

import (
	"github.com/tablebot/tablebot/bot"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// colourEmoji is the small picture of a column's colour in menus.
var colourEmoji = [mr.NumColours]string{"🟡", "🔴", "⚫", "⚪", "🔵"}

// pileEmoji is the small picture of a pile.
var pileEmoji = [mr.NumPiles]string{"🟦", "🟨", "🟥"}

// Confirm asks before some steps are made (bot.Confirmer): from the
// board's buttons, a reveal (it cannot be taken back) and the end of a
// turn or giving up (renewing the camp or not); from a menu, a floor's
// place is previewed with its image; and a step that would bring the
// temple down, or a lift whose floor would fall (the card lost), asks
// once more in every face, unless it is a record piped into the terminal
// or a typed line ending in "!".
func (g *Game) Confirm(a *bot.Act, form string, v bot.Values, line string) (*bot.Question, error) {
	s := state(a.State)
	step, err := s.Engine().ParseMove(line)
	if err != nil {
		return nil, err
	}
	pos := s.Position()
	_, e, err := pos.Preview(step)
	if err != nil {
		return nil, err
	}
	q := &asking{g: g, a: a, p: a.Printer, pos: &pos, step: step, e: &e, form: form, v: v}
	if a.Action != nil {
		switch form {
		case cmdReveal:
			return q.reveal(), nil
		case cmdGiveUp, cmdDone:
			return q.closing(), nil
		case cmdFloor, cmdLift, cmdExtend:
			return q.preview(), nil
		}
	} else if a.Request.Option(optConfirm) == confirmRecord && a.Request.Piped {
		// A record piped into the terminal plays as it stands.
		return nil, nil
	}
	if e.Collapse || e.LiftFell {
		return q.warning(), nil
	}
	return nil, nil
}
