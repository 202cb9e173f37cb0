package menara

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// Lists whose pages a menu turns (the first argument of stepPage).
const (
	listBases = "b" // the bases of a colour (arg: its letter)
	listFrom  = "f" // the columns that may move
	listTo    = "t" // where a column may move (arg: its base)
	listNew   = "n" // where the new floor may go
	listLift  = "l" // where a floor may be moved (arg: its letter)
)

// colourEmoji is the small picture of a column's colour in menus.
var colourEmoji = [mr.NumColours]string{"🟡", "🔴", "⚫", "⚪", "🔵"}

// pileEmoji is the small picture of a pile.
var pileEmoji = [mr.NumPiles]string{"🟦", "🟨", "🟥"}

// none is the error for a list with nothing legal in it.
func none() error { return illegal("menara.err.nothing") }

// list builds a private menu message with a page of opts under the text
// prompt: choose is the menu's action, list and arg name the list for its
// page buttons.
func (c *chain) list(prompt string, choose bot.Action, opts []bot.MenuOption, list, arg string, page int) bot.Message {
	p := c.p
	pages := (len(opts) + bot.MaxChoices - 1) / bot.MaxChoices
	page = min(max(page, 0), pages-1)
	lo, hi := page*bot.MaxChoices, min(len(opts), (page+1)*bot.MaxChoices)
	content := prompt
	if pages > 1 {
		content += "\n" + p.T("menara.menu.page", "page", page+1, "pages", pages, "count", len(opts))
	}
	menu := &bot.Menu{ID: choose.ID(), Placeholder: bot.Clip(p.T("menara.menu.choose"), bot.MaxPlaceholder), Options: opts[lo:hi], Min: 1, Max: 1}
	var buttons []bot.Button
	if page > 0 {
		buttons = append(buttons, bot.Button{ID: c.board.With(stepPage, list, arg, strconv.Itoa(page-1)).ID(), Label: p.T("menara.button.previous"), Emoji: "◀️", Style: bot.Secondary})
	}
	if page+1 < pages {
		buttons = append(buttons, bot.Button{ID: c.board.With(stepPage, list, arg, strconv.Itoa(page+1)).ID(), Label: p.T("menara.button.next"), Emoji: "▶️", Style: bot.Secondary})
	}
	buttons = append(buttons, c.cancel())
	return bot.Message{Content: content, Rows: []bot.Row{{Menu: menu}, {Buttons: buttons}}}
}

// cancel is the Cancel button of every menu.
func (c *chain) cancel() bot.Button {
	return bot.Button{ID: c.board.With(bot.StepCancel).ID(), Label: c.p.T("bot.button.cancel"), Style: bot.Secondary}
}

// page turns a list to one of its pages.
func (c *chain) page(list, arg string, page int) (bot.Outcome, error) {
	switch list {
	case listBases:
		col, ok := mr.ParseColour(arg)
		if !ok {
			return bot.Outcome{}, bot.BadComponent()
		}
		return c.baseList(col, page)
	case listFrom:
		return c.fromList(page, true)
	case listTo:
		from, ok := mr.ParseBase(arg)
		if !ok {
			return bot.Outcome{}, bot.BadComponent()
		}
		return c.toList(from, page)
	case listNew:
		return c.placementList(listNew, mr.NoFloor, page, true)
	case listLift:
		f, ok := mr.ParseFloor(arg)
		if !ok {
			return bot.Outcome{}, bot.BadComponent()
		}
		return c.placementList(listLift, f, page, true)
	}
	return bot.Outcome{}, bot.BadComponent()
}

// legal returns the legal steps of the asker of kind.
func (c *chain) legal(kind mr.Kind) []mr.Step {
	var out []mr.Step
	for _, s := range c.pos.LegalSteps(nil) {
		if s.Kind == kind {
			out = append(out, s)
		}
	}
	return out
}

// giveMenu asks which columns to give to the camp.
func (c *chain) giveMenu() (bot.Outcome, error) {
	if err := c.canExchange(); err != nil {
		return bot.Outcome{}, err
	}
	hand := c.pos.Hand(c.seat)
	opts := columnOptions(c.p, hand, mr.Columns{})
	m := bot.Message{
		Content: c.p.T("menara.menu.give", "hand", hand.String(), "camp", c.pos.Camp().String()),
		Rows: []bot.Row{
			{Menu: &bot.Menu{ID: c.board.With(stepGive).ID(), Placeholder: c.p.T("menara.menu.give-placeholder"), Options: opts, Min: 1, Max: len(opts)}},
			{Buttons: []bot.Button{c.cancel()}},
		},
	}
	return c.reply(m, false), nil
}

// canExchange says why the asker may not exchange now, if they may not.
func (c *chain) canExchange() error {
	switch {
	case c.pos.Stage() != mr.Exchanging:
		return illegal("menara.exchange.late")
	case c.pos.Exchanged():
		return illegal("menara.exchange.again")
	case c.pos.Hand(c.seat).Total() == 0 || c.pos.Camp().Total() == 0:
		return illegal("menara.err.no-exchange")
	}
	return nil
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

// takeMenu asks, once the columns to give are chosen, which to take from
// the camp: as many, of other colours.
func (c *chain) takeMenu() (bot.Outcome, error) {
	give, ok := chosenColumns(c.req.Values)
	if !ok || !c.pos.Hand(c.seat).Covers(give) {
		return bot.Outcome{}, bot.BadComponent()
	}
	if err := c.canExchange(); err != nil {
		return bot.Outcome{}, err
	}
	n := give.Total()
	opts := columnOptions(c.p, c.pos.Camp(), give)
	if len(opts) < n {
		return bot.Outcome{}, illegal("menara.err.camp-short", "give", give.String(), "count", len(opts), "camp", c.pos.Camp().String())
	}
	m := bot.Message{
		Content: c.p.N("menara.menu.take", n, "give", give.String(), "camp", c.pos.Camp().String()),
		Rows: []bot.Row{
			{Menu: &bot.Menu{ID: c.board.With(stepTake, give.String()).ID(), Placeholder: c.p.N("menara.menu.take-placeholder", n), Options: opts, Min: n, Max: n}},
			{Buttons: []bot.Button{c.cancel()}},
		},
	}
	return c.reply(m, true), nil
}

// exchanged makes the exchange chosen in the menus.
func (c *chain) exchanged(given string) (bot.Outcome, error) {
	give, ok1 := mr.ParseColumns(given)
	take, ok2 := chosenColumns(c.req.Values)
	if !ok1 || !ok2 {
		return bot.Outcome{}, bot.BadComponent()
	}
	return c.make(mr.ExchangeStep(c.seat, give, take), false, true)
}

// revealQuestion asks before a card is revealed, which cannot be taken
// back, and says what the pile may hold.
func (c *chain) revealQuestion(arg string) (bot.Outcome, error) {
	n, err := strconv.Atoi(arg)
	if err != nil || n < 0 || n >= mr.NumPiles {
		return bot.Outcome{}, bot.BadComponent()
	}
	pl := mr.Pile(n)
	step := mr.RevealStep(c.seat, pl)
	if err := c.pos.Check(step); err != nil {
		return bot.Outcome{}, err
	}
	p := c.p
	content := p.N("menara.ask.reveal", c.pos.PileLeft(pl), "pile", pileWord(p, pl), "cards", pileWords(p, pileLeft(c.s, pl)))
	if !c.pos.Exchanged() && c.canExchange() == nil {
		content += "\n" + p.T("menara.ask.reveal-exchange")
	}
	m := bot.Message{Content: content, Rows: []bot.Row{{Buttons: []bot.Button{
		{ID: c.board.With(stepConfirm, stepCode(step)).ID(), Label: p.T("menara.button.reveal-now", "pile", pl), Emoji: pileEmoji[pl], Style: bot.Primary},
		c.cancel(),
	}}}}
	return c.reply(m, false), nil
}

// pileLeft returns the cards left in pile pl, as everyone knows them:
// the pile's cards but those revealed so far.
func pileLeft(s *State, pl mr.Pile) []mr.Card {
	var left []mr.Card
	for _, card := range mr.Deck() {
		if card.Pile == pl {
			left = append(left, card)
		}
	}
	for _, e := range stepEffects(s) {
		if e.Step.Kind == mr.Reveal && e.Card.Pile == pl {
			if i := slices.Index(left, e.Card); i >= 0 {
				left = slices.Delete(left, i, i+1)
			}
		}
	}
	return left
}

// pileWords says what cards are left in a pile: "Place 3 columns ×3,
// Fill one floor ×1".
func pileWords(p *i18n.Printer, cards []mr.Card) string {
	type kind struct {
		t mr.CardType
		n uint8
	}
	var order []kind
	count := map[kind]int{}
	for _, card := range cards {
		k := kind{card.Type, card.N}
		if count[k] == 0 {
			order = append(order, k)
		}
		count[k]++
	}
	parts := make([]string, len(order))
	for i, k := range order {
		parts[i] = CardWords(p, mr.Card{Type: k.t, N: k.n}) + " ×" + strconv.Itoa(count[k])
	}
	return strings.Join(parts, ", ")
}

// colourMenu asks which colour of column to place.
func (c *chain) colourMenu() (bot.Outcome, error) {
	bases := map[mr.Colour]int{}
	for _, s := range c.legal(mr.PlaceColumn) {
		bases[s.Colour]++
	}
	hand := c.pos.Hand(c.seat)
	var opts []bot.MenuOption
	for _, col := range mr.Colours {
		if bases[col] == 0 {
			continue
		}
		opts = append(opts, bot.MenuOption{
			Label: c.p.T("menara.menu.colour", "colour", col), Value: string(col.Letter()), Emoji: colourEmoji[col],
			Description: c.p.T("menara.menu.colour-desc", "hand", int(hand[col]), "bases", bases[col]),
		})
	}
	if len(opts) == 0 {
		return bot.Outcome{}, none()
	}
	prompt := c.p.T("menara.menu.place-colour")
	if f := c.pos.Chosen(); f.Valid() {
		prompt = c.p.T("menara.menu.place-colour-on", "floor", f)
	}
	return c.reply(c.list(prompt, c.board.With(stepColour), opts, "", "", 0), false), nil
}

// baseList asks on which base a column of colour col goes.
func (c *chain) baseList(col mr.Colour, page int) (bot.Outcome, error) {
	var opts []bot.MenuOption
	for _, s := range c.legal(mr.PlaceColumn) {
		if s.Colour != col {
			continue
		}
		opts = append(opts, bot.MenuOption{
			Label:       c.p.T("menara.menu.base", "base", s.To, "level", c.pos.Level(s.To.Floor)),
			Value:       s.To.String(),
			Description: bot.Clip(effectWords(c.p, &c.pos, s), bot.MaxLabel),
			Emoji:       colourEmoji[col],
		})
	}
	if len(opts) == 0 {
		return bot.Outcome{}, none()
	}
	m := c.list(c.p.T("menara.menu.place-base", "colour", col), c.board.With(stepBase, string(col.Letter())), opts, listBases, string(col.Letter()), page)
	return c.reply(m, true), nil
}

// fromList asks which column of the temple to move.
func (c *chain) fromList(page int, update bool) (bot.Outcome, error) {
	var opts []bot.MenuOption
	seen := map[mr.Base]int{}
	for _, s := range c.legal(mr.MoveColumn) {
		if _, ok := seen[s.From]; ok {
			seen[s.From]++
			continue
		}
		seen[s.From] = 1
		col, _ := c.pos.BaseColour(s.From)
		desc := c.p.T("menara.menu.free")
		if f := c.pos.Carrier(s.From); f != mr.NoFloor {
			desc = c.p.T("menara.menu.carries", "floor", f)
		}
		opts = append(opts, bot.MenuOption{
			Label: c.p.T("menara.menu.column", "base", s.From, "colour", col, "level", c.pos.Level(s.From.Floor)),
			Value: s.From.String(), Description: desc, Emoji: colourEmoji[col],
		})
	}
	if len(opts) == 0 {
		return bot.Outcome{}, none()
	}
	return c.reply(c.list(c.p.T("menara.menu.move-from"), c.board.With(stepFrom), opts, listFrom, "-", page), update), nil
}

// toList asks where the column on from goes.
func (c *chain) toList(from mr.Base, page int) (bot.Outcome, error) {
	var opts []bot.MenuOption
	for _, s := range c.legal(mr.MoveColumn) {
		if s.From != from {
			continue
		}
		opts = append(opts, bot.MenuOption{
			Label:       c.p.T("menara.menu.base", "base", s.To, "level", c.pos.Level(s.To.Floor)),
			Value:       s.To.String(),
			Description: bot.Clip(effectWords(c.p, &c.pos, s), bot.MaxLabel),
		})
	}
	if len(opts) == 0 {
		return bot.Outcome{}, none()
	}
	m := c.list(c.p.T("menara.menu.move-to", "base", from), c.board.With(stepTo, from.String()), opts, listTo, from.String(), page)
	return c.reply(m, true), nil
}

// liftMenu asks which floor the move-a-floor card moves.
func (c *chain) liftMenu() (bot.Outcome, error) {
	floors := liftableFloors(&c.pos)
	if len(floors) == 0 {
		return bot.Outcome{}, none()
	}
	var opts []bot.MenuOption
	for _, f := range floors {
		opts = append(opts, bot.MenuOption{
			Label: c.p.T("menara.menu.lift-floor", "floor", f, "level", c.pos.Level(f)),
			Value: f.String(),
		})
	}
	return c.reply(c.list(c.p.T("menara.menu.lift"), c.board.With(stepLiftFloor), opts, "", "", 0), false), nil
}

// placementList asks where a floor goes: the new floor (listNew), or the
// floor a move-a-floor card moves (listLift), steadiest first.
func (c *chain) placementList(list string, floor mr.FloorID, page int, update bool) (bot.Outcome, error) {
	filter, arg, prompt := placeNew, "-", "menara.menu.floor"
	if list == listLift {
		filter, arg, prompt = placeLift, floor.String(), "menara.menu.lift-where"
	} else {
		floor = c.pos.NextFloor()
	}
	pls := choicePlacements(&c.pos, filter, floor)
	if len(pls) == 0 {
		return bot.Outcome{}, none()
	}
	opts := make([]bot.MenuOption, len(pls))
	for i, pl := range pls {
		label, desc := placeWords(c.p, &c.pos, pl)
		opts[i] = bot.MenuOption{Label: bot.Clip(label, bot.MaxLabel), Value: placementCode(pl.Step), Description: bot.Clip(desc, bot.MaxLabel)}
	}
	page = min(max(page, 0), (len(opts)-1)/bot.MaxChoices)
	m := c.list(c.p.N(prompt, len(pls), "floor", floor), c.board.With(stepPlacement, list, arg, strconv.Itoa(page)), opts, list, arg, page)
	return c.reply(m, update), nil
}

// preview shows a chosen place of a floor, privately, with its image:
// Confirm places it, Back returns to the list's page.
func (c *chain) preview(list, arg string, page int, code string) (bot.Outcome, error) {
	pl, ok := placementFor(&c.pos, code)
	if !ok {
		return bot.Outcome{}, illegal("menara.err.placement-gone", "word", clip(code))
	}
	step := pl.Step
	step.Seat = uint8(c.seat)
	_, e, err := c.pos.Preview(step)
	if err != nil {
		return bot.Outcome{}, err
	}
	p := c.p
	label, desc := placeWords(p, &c.pos, pl)
	lines := []string{p.T("menara.preview.title", "floor", step.Floor) + " " + label + " · " + desc}
	switch {
	case e.Collapse:
		lines = append(lines, "⚠️ "+p.T("menara.warn.collapse", "floors", floorList(e.Fallen)))
	case step.Kind == mr.Extend && !c.pos.ToLevelRow():
		lines = append(lines, p.T("menara.preview.extend", "required", c.pos.Required()+1))
	}
	if e.Risk.Num > 0 {
		lines = append(lines, p.T("menara.preview.risk", "percent", e.Risk.Percent()))
	}
	lines = append(lines, p.T("menara.preview.confirm"))
	confirm := bot.Button{ID: c.board.With(stepConfirm, stepCode(step)).ID(), Label: p.T("menara.button.confirm"), Emoji: "✅", Style: bot.Success}
	if e.Collapse {
		confirm.Label, confirm.Emoji, confirm.Style = p.T("menara.button.do-it"), "💥", bot.Danger
	}
	buttons := []bot.Button{confirm, {ID: c.board.With(stepPage, list, arg, strconv.Itoa(page)).ID(), Label: p.T("menara.button.back"), Emoji: "◀️", Style: bot.Secondary}}
	if e.Collapse {
		buttons = append(buttons, c.giveUpButton())
	}
	buttons = append(buttons, c.cancel())
	m := bot.Message{Content: strings.Join(lines, "\n"), Rows: []bot.Row{{Buttons: buttons}}}
	if draw := c.g.opts.Preview; draw != nil {
		pos, names, lang := c.pos, c.names, p.Lang()
		m.Image = &bot.Image{Name: "preview.png", Render: func(ctx context.Context) ([]byte, error) {
			return draw(ctx, &pos, step, names, lang)
		}}
	}
	return c.reply(m, true), nil
}

// giveUpButton gives up the card, in a warning.
func (c *chain) giveUpButton() bot.Button {
	return bot.Button{ID: c.board.With(stepConfirm, stepCode(mr.GiveUpStep(c.seat, false))).ID(), Label: c.p.T("menara.button.give-up-card"), Emoji: "🏳️", Style: bot.Primary}
}

// warning asks once more before a step that brings the temple down.
func (c *chain) warning(step mr.Step, e *mr.Effects) bot.Message {
	p := c.p
	text := "⚠️ " + p.T("menara.warn.step", "step", stepWords(p, &c.pos, step)) + " " + p.T("menara.warn.collapse", "floors", floorList(e.Fallen))
	if c.req != nil && c.req.Interaction == "" && c.req.Kind == bot.CommandRequest {
		// The terminal has no buttons: a step typed as a record line is made
		// as it stands.
		text += "\n" + p.T("menara.warn.typed", "line", step.String())
	}
	return bot.Message{Content: text, Rows: []bot.Row{{Buttons: []bot.Button{
		{ID: c.board.With(stepConfirm, stepCode(step)).ID(), Label: p.T("menara.button.do-it"), Emoji: "💥", Style: bot.Danger},
		c.giveUpButton(),
		c.cancel(),
	}}}}
}

// closingQuestion asks before giving up the card (kind GiveUp) or ending
// a turn whose card goes to the level row (Done), whether to renew the
// camp.
func (c *chain) closingQuestion(kind mr.Kind) bot.Outcome {
	p := c.p
	step, renew := mr.GiveUpStep(c.seat, false), mr.GiveUpStep(c.seat, true)
	key, label, renewLabel, emoji := "menara.ask.giveup", "menara.button.give-up", "menara.button.give-up-renew", "🏳️"
	if kind == mr.Done {
		step, renew = mr.DoneStep(c.seat, false), mr.DoneStep(c.seat, true)
		key, label, renewLabel, emoji = "menara.ask.done", "menara.button.done", "menara.button.done-renew", "✅"
	}
	content := p.T(key, "required", c.pos.Required()+1) + "\n" + p.N("menara.ask.refill", c.pos.FromHand())
	canRenew := c.pos.Check(renew) == nil
	if canRenew {
		content += "\n" + p.T("menara.ask.renew", "camp", c.pos.Camp().String())
	}
	m := bot.Message{Content: content, Rows: []bot.Row{{Buttons: []bot.Button{
		{ID: c.board.With(stepConfirm, stepCode(step)).ID(), Label: p.T(label), Emoji: emoji, Style: bot.Danger},
		{ID: c.board.With(stepConfirm, stepCode(renew)).ID(), Label: p.T(renewLabel), Emoji: "🔄", Style: bot.Primary, Disabled: !canRenew},
		c.cancel(),
	}}}}
	return c.reply(m, false)
}

// floorList writes floors as letters: "K, M".
func floorList(fs []mr.FloorID) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.String()
	}
	return strings.Join(parts, ", ")
}

// stepWords says a building step in a few words, as proposed: "a red
// column on K2", "column K2 to M3", "floor M on K2 K4 L1, level 2".
func stepWords(p *i18n.Printer, pos *mr.Position, s mr.Step) string {
	switch s.Kind {
	case mr.PlaceColumn:
		return p.T("menara.render.proposal.column", "colour", ColourName(p, s.Colour), "base", s.To.String())
	case mr.MoveColumn:
		return p.T("menara.render.proposal.move", "from", s.From.String(), "to", s.To.String())
	case mr.PlaceFloor, mr.Lift:
		next, e, err := pos.Preview(s)
		level := e.Level
		if err != nil {
			level = next.Level(s.Floor)
		}
		id := "menara.render.proposal.floor"
		if s.Kind == mr.Lift {
			id = "menara.render.proposal.lift"
		}
		return p.T(id, "floor", s.Floor.String(), "supports", s.On.String(), "level", level)
	case mr.Extend:
		return p.T("menara.render.proposal.extend", "floor", s.Floor.String())
	}
	return s.String()
}

// effectWords says in a few words what a building step would do: the
// floor it fills, the floor it comes to carry, the margin it lowers most,
// the risk with shaky hands, a collapse.
func effectWords(p *i18n.Printer, pos *mr.Position, s mr.Step) string {
	next, e, err := pos.Preview(s)
	if err != nil {
		return ""
	}
	if e.Collapse {
		return "⚠️ " + p.T("menara.effect.collapse", "floors", floorList(e.Fallen))
	}
	var parts []string
	if e.Filled != mr.NoFloor {
		if e.NewFloor != mr.NoFloor {
			parts = append(parts, p.T("menara.effect.fills-next", "floor", e.Filled, "next", e.NewFloor))
		} else {
			parts = append(parts, p.T("menara.effect.fills", "floor", e.Filled))
		}
	}
	if e.PushedUnder != mr.NoFloor {
		parts = append(parts, p.T("menara.effect.carries", "floor", e.PushedUnder))
	}
	if e.Unsupported != mr.NoFloor {
		parts = append(parts, p.T("menara.effect.unsupported", "floor", e.Unsupported))
	}
	if mc, ok := weakest(&next, e.Margins()); ok {
		parts = append(parts, p.T("menara.effect.margin", "floor", mc.Floor, "before", Millimetres(p, mc.Before), "after", Millimetres(p, mc.After)))
	}
	if e.Risk.Num > 0 {
		parts = append(parts, p.T("menara.effect.risk", "percent", e.Risk.Percent()))
	}
	if e.CardDone {
		parts = append(parts, p.T("menara.effect.card-done"))
	}
	return strings.Join(parts, " · ")
}

// weakest returns, among the margins a step lowered, the one left
// closest to falling.
func weakest(next *mr.Position, changes []mr.MarginChange) (mr.MarginChange, bool) {
	var best mr.MarginChange
	bestSlack, found := 0, false
	for _, mc := range changes {
		if !mc.HadBefore || !mc.HasAfter || mc.After >= mc.Before {
			continue
		}
		slack := mc.After - mr.Delta(next.Level(mc.Floor))
		if !found || slack < bestSlack {
			best, bestSlack, found = mc, slack, true
		}
	}
	return best, found
}
