package menara

import (
	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// The buttons under a board are the forms' (bot.Forms.Buttons): what the
// stage of the turn allows, each opening a private menu or question; the
// host adds Hint and disables a button with nothing legal behind it.

// onBoard is a form's one button under a board, in the stages (and for
// the cards) when reports, its values set.
func onBoard(label, emoji string, style bot.ButtonStyle, when func(*mr.Position) bool, values ...string) func(*i18n.Printer, bot.State) []bot.BoardButton {
	return func(p *i18n.Printer, st bot.State) []bot.BoardButton {
		if !when(positionOf(state(st))) {
			return nil
		}
		return []bot.BoardButton{{Button: bot.Button{Label: p.T(label), Emoji: emoji, Style: style}, Values: values}}
	}
}

// revealButtons are the reveal's buttons before the reveal: one a pile,
// with the cards left in it.
func revealButtons(p *i18n.Printer, st bot.State) []bot.BoardButton {
	pos := positionOf(state(st))
	if pos.Stage() != mr.Exchanging {
		return nil
	}
	out := make([]bot.BoardButton, mr.NumPiles)
	for pl := mr.Pile(0); pl < mr.NumPiles; pl++ {
		label := p.T("menara.button.reveal", "pile", pileWord(p, pl), "count", pos.PileLeft(pl))
		out[pl] = bot.BoardButton{Button: bot.Button{Label: label, Emoji: pileEmoji[pl]}, Values: []string{pl.String()}}
	}
	return out
}

// floorButton is the new floor's button, named after it.
func floorButton(p *i18n.Printer, st bot.State) []bot.BoardButton {
	pos := positionOf(state(st))
	if pos.Stage() != mr.NewFloor {
		return nil
	}
	return []bot.BoardButton{{Button: bot.Button{Label: p.T("menara.button.floor", "floor", pos.NextFloor()), Emoji: "🧱"}}}
}

// stage reports whether a position is at stage s.
func stage(s mr.Stage) func(*mr.Position) bool {
	return func(pos *mr.Position) bool { return pos.Stage() == s }
}

// building reports whether a position is building a card of type t (a
// card that places columns for PlaceCard).
func building(t mr.CardType) func(*mr.Position) bool {
	return func(pos *mr.Position) bool {
		card, _ := pos.Card()
		if card.Type != mr.MoveCard && card.Type != mr.LiftCard {
			card.Type = mr.PlaceCard
		}
		return pos.Stage() == mr.Building && card.Type == t
	}
}

// mayGiveUp reports whether the card may be given up: while building it or
// placing a new floor.
func mayGiveUp(pos *mr.Position) bool {
	return pos.Stage() == mr.Building || pos.Stage() == mr.NewFloor
}
