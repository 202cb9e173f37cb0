package menara

import (
	"context"
	"maps"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// Steps of the exchange's own chain, a menu of several columns at once
// (the board's Exchange button opens it).
const (
	stepGive = "eg" // given chosen (values); what to take
	stepTake = "et" // taken chosen (arg: given; values): the step
)

// colourEmoji is the small picture of a column's colour in menus.
var colourEmoji = [mr.NumColours]string{"🟡", "🔴", "⚫", "⚪", "🔵"}

// pileEmoji is the small picture of a pile.
var pileEmoji = [mr.NumPiles]string{"🟦", "🟨", "🟥"}

// Act makes the step of a subcommand or answers a step of a menu chain,
// as the forms say, but for the exchange's chain. A colour or a pile
// typed in the asker's language is read first.
func (g *Game) Act(ctx context.Context, a *bot.Act) (bot.Outcome, error) {
	if a.Action == nil {
		r := *a.Request
		r.Options = maps.Clone(r.Options)
		if c, ok := parseColour(a.Printer, strings.TrimSpace(r.Options[optColumn])); ok {
			r.Options[optColumn] = string(c.Letter())
		}
		if pl, ok := parsePile(a.Printer, strings.TrimSpace(r.Options[optPile])); ok {
			r.Options[optPile] = pl.String()
		}
		a.Request = &r
		return g.Forms.Act(ctx, a)
	}
	switch a.Action.Step {
	case cmdExchange:
		return giveMenu(a)
	case stepGive:
		return takeMenu(a)
	case stepTake:
		return exchanged(a)
	}
	return g.Forms.Act(ctx, a)
}

// reply wraps a message as a private answer: a new message, or the menu
// updated.
func reply(m bot.Message, update bool) bot.Outcome {
	return bot.Outcome{Reply: bot.Reply{Private: !update, Update: update, Message: m}}
}

// cancel is the Cancel button of the exchange's menus.
func cancel(a *bot.Act) bot.Button {
	return bot.Button{ID: a.Board.With(bot.StepCancel).ID(), Label: a.Printer.T("bot.button.cancel"), Style: bot.Secondary}
}

// canExchange says why seat may not exchange now, if they may not.
func canExchange(pos *mr.Position, seat int) error {
	switch {
	case pos.Stage() != mr.Exchanging:
		return illegal("menara.exchange.late")
	case pos.Exchanged():
		return illegal("menara.exchange.again")
	case pos.Hand(seat).Total() == 0 || pos.Camp().Total() == 0:
		return illegal("menara.err.no-exchange")
	}
	return nil
}

// giveMenu asks which columns to give to the camp.
func giveMenu(a *bot.Act) (bot.Outcome, error) {
	pos := positionOf(state(a.State))
	if err := canExchange(pos, a.Seat); err != nil {
		return bot.Outcome{}, err
	}
	hand := pos.Hand(a.Seat)
	opts := columnOptions(a.Printer, hand, mr.Columns{})
	m := bot.Message{
		Content: a.Printer.T("menara.menu.give", "hand", hand.String(), "camp", pos.Camp().String()),
		Rows: []bot.Row{
			{Menu: &bot.Menu{ID: a.Board.With(stepGive).ID(), Placeholder: a.Printer.T("menara.menu.give-placeholder"), Options: opts, Min: 1, Max: len(opts)}},
			{Buttons: []bot.Button{cancel(a)}},
		},
	}
	return reply(m, false), nil
}

// takeMenu asks, once the columns to give are chosen, which to take from
// the camp: as many, of other colours.
func takeMenu(a *bot.Act) (bot.Outcome, error) {
	pos := positionOf(state(a.State))
	give, ok := chosenColumns(a.Request.Values)
	if !ok || !pos.Hand(a.Seat).Covers(give) {
		return bot.Outcome{}, bot.BadComponent()
	}
	if err := canExchange(pos, a.Seat); err != nil {
		return bot.Outcome{}, err
	}
	n := give.Total()
	opts := columnOptions(a.Printer, pos.Camp(), give)
	if len(opts) < n {
		return bot.Outcome{}, illegal("menara.err.camp-short", "give", give.String(), "count", len(opts), "camp", pos.Camp().String())
	}
	m := bot.Message{
		Content: a.Printer.N("menara.menu.take", n, "give", give.String(), "camp", pos.Camp().String()),
		Rows: []bot.Row{
			{Menu: &bot.Menu{ID: a.Board.With(stepTake, give.String()).ID(), Placeholder: a.Printer.N("menara.menu.take-placeholder", n), Options: opts, Min: n, Max: n}},
			{Buttons: []bot.Button{cancel(a)}},
		},
	}
	return reply(m, true), nil
}

// exchanged makes the exchange chosen in the menus.
func exchanged(a *bot.Act) (bot.Outcome, error) {
	give, ok1 := mr.ParseColumns(a.Action.Arg(0))
	take, ok2 := chosenColumns(a.Request.Values)
	if !ok1 || !ok2 {
		return bot.Outcome{}, bot.BadComponent()
	}
	line, err := makeStep(a.State, mr.ExchangeStep(a.Seat, give, take))
	return bot.Outcome{Move: line}, err
}

// columnOptions lists columns one option each ("Y0", "Y1", "R0"...),
// leaving out the colours of skip.
func columnOptions(p *i18n.Printer, cols, skip mr.Columns) []bot.MenuOption {
	var opts []bot.MenuOption
	for _, col := range mr.Colours {
		if skip[col] > 0 {
			continue
		}
		for i := range int(cols[col]) {
			opts = append(opts, bot.MenuOption{
				Label: p.T("menara.menu.colour", "colour", col),
				Value: string(col.Letter()) + strconv.Itoa(i), Emoji: colourEmoji[col],
			})
		}
	}
	return opts
}

// chosenColumns reads the values of a column menu.
func chosenColumns(values []string) (mr.Columns, bool) {
	var cols mr.Columns
	seen := map[string]bool{}
	for _, v := range values {
		if len(v) < 2 || seen[v] {
			return cols, false
		}
		seen[v] = true
		col, ok := mr.ParseColour(v[:1])
		if !ok {
			return cols, false
		}
		cols[col]++
	}
	return cols, len(values) > 0
}

// Confirm asks before some steps are made (bot.Confirmer): from the
// board's buttons, a reveal (it cannot be taken back) and the end of a
// turn or giving up (renewing the camp or not); from a menu, a floor's
// place is previewed with its image; and a step that would bring the
// temple down asks once more, unless it was typed as a record line.
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
	q := &asking{g: g, a: a, p: a.Printer, s: s, pos: &pos, step: step, e: &e, form: form, v: v}
	if a.Action != nil {
		switch form {
		case cmdReveal:
			return q.reveal(), nil
		case cmdGiveUp, cmdDone:
			return q.closing(), nil
		case cmdFloor, cmdLift, cmdExtend:
			return q.preview(), nil
		}
	} else if a.Request.Option(optConfirm) != "" {
		return nil, nil
	}
	if e.Collapse {
		return q.warning(), nil
	}
	return nil, nil
}
