package menara

import (
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// The exchange's menus offer columns one option each (by their letters,
// repeated: the host numbers them apart): the menu of what to give takes
// any of the hand at once, that of what to take as many of the camp's, of
// other colours.

// handColumns lists the columns of the hand for the menu of what to give.
func handColumns(st bot.State, seat int, _ bot.Values) []string {
	return columnValues(positionOf(state(st)).Hand(seat), mr.Columns{})
}

// campColumns lists the columns of the camp, but of the colours given,
// for the menu of what to take.
func campColumns(st bot.State, _ int, v bot.Values) []string {
	give, _ := mr.ParseColumns(v[optGive])
	return columnValues(positionOf(state(st)).Camp(), give)
}

// given is how many columns were given: as many to take.
func given(_ bot.State, _ int, v bot.Values) int {
	give, _ := mr.ParseColumns(v[optGive])
	return give.Total()
}

// checkGive says why the player may not exchange now, if they may not.
func checkGive(st bot.State, _ int, _ bot.Values) error {
	return positionOf(state(st)).CanExchange()
}

// checkTake says why the player may not take as many columns as given
// from the camp, if they may not: columns not in hand are a stale menu.
func checkTake(st bot.State, seat int, v bot.Values) error {
	pos := positionOf(state(st))
	give, ok := mr.ParseColumns(v[optGive])
	if !ok || !pos.Hand(seat).Covers(give) {
		return bot.BadComponent()
	}
	if err := pos.CanExchange(); err != nil {
		return err
	}
	if n := len(columnValues(pos.Camp(), give)); n < give.Total() {
		return bot.Fail(rules.Illegal, "menara.err.camp-short", "give", give, "count", n, "camp", pos.Camp())
	}
	return nil
}

// columnValues lists columns one value each, their letters, leaving out
// the colours of skip.
func columnValues(cols, skip mr.Columns) []string {
	var out []string
	for _, col := range cols.List() {
		if skip[col] == 0 {
			out = append(out, string(col.Letter()))
		}
	}
	return out
}

// joinColumns reads the columns a menu chose as a group ("YW").
func joinColumns(values []string) (string, bool) {
	cols, ok := mr.ParseColumns(strings.Join(values, ""))
	return cols.String(), ok
}

// columnOption is a column in a menu: its colour.
func columnOption(p *i18n.Printer, _ bot.State, _ bot.Values, value string) bot.MenuOption {
	col, _ := mr.ParseColour(value)
	return bot.MenuOption{Label: p.T("menara.menu.colour", "colour", col), Emoji: colourEmoji[col]}
}

// givePrompt asks which columns to give, with the hand and the camp.
func givePrompt(p *i18n.Printer, st bot.State, _ bot.Values, _ int) string {
	pos := positionOf(state(st))
	return p.T("menara.menu.give", "hand", pos.Hand(pos.Turn()), "camp", pos.Camp())
}

// givePlaceholder is the placeholder of the menu of what to give.
func givePlaceholder(p *i18n.Printer, _ bot.State, _ bot.Values) string {
	return p.T("menara.menu.give-placeholder")
}

// takePrompt asks which columns to take, as many as given.
func takePrompt(p *i18n.Printer, st bot.State, v bot.Values, _ int) string {
	give, _ := mr.ParseColumns(v[optGive])
	return p.N("menara.menu.take", give.Total(), "give", give, "camp", positionOf(state(st)).Camp())
}

// takePlaceholder is the placeholder of the menu of what to take.
func takePlaceholder(p *i18n.Printer, _ bot.State, v bot.Values) string {
	give, _ := mr.ParseColumns(v[optGive])
	return p.N("menara.menu.take-placeholder", give.Total())
}
