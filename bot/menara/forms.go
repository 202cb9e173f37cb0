package menara

import (
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// The steps as subcommands and forms.
const (
	cmdExchange = "exchange"
	cmdReveal   = "reveal"
	cmdPlace    = "place"
	cmdFloor    = "floor"
	cmdMove     = "move"
	cmdLift     = "lift"
	cmdExtend   = "extend"
	cmdGiveUp   = "giveup"
	cmdDone     = "done"
)

// Options of the subcommands, the forms' parameters.
const (
	optGive      = "give"
	optTake      = "take"
	optPile      = "pile"
	optColumn    = "column"
	optBase      = "base"
	optPlacement = "placement"
	optFrom      = "from"
	optTo        = "to"
	optFloor     = "floor"
	optRenew     = "renew"
	// optConfirm is set by the terminal to confirmRecord for a step typed
	// as a record line: made as it stands when piped, asked about like a
	// short form when a person types it (a line ending in "!" is made as
	// it stands: bot.Forms.Typed). No slash command has it.
	optConfirm    = "confirm"
	confirmRecord = "record"
)

// forms are the steps as forms. From them the host derives the
// subcommands, autocomplete and the menu chains of the board's buttons
// (the exchange's menus take several columns at once: exchange.go); the
// game asks before some steps are made (Confirm).
func (g *Game) forms() bot.Forms {
	piles := bot.ChoicesOf("menara.choice.pile.", mr.BluePile.String(), mr.YellowPile.String(), mr.RedPile.String())
	colours := colourNames()
	renew := bot.Param{Name: optRenew, Type: bot.BooleanOption, Optional: true, Read: bot.ReadYes(optRenew, "opt.menara."+optRenew+".name")}
	return bot.Forms{Confirm: g, List: []bot.Form{
		{Name: cmdExchange, Board: onBoard("menara.button.exchange", "🔁", bot.Secondary, stage(mr.Exchanging)), Params: []bot.Param{
			{Name: optGive, Type: bot.StringOption, Legal: legalGive, Label: groupLabel, Match: coversTyped, Read: readColumns,
				Menu: handColumns, Join: joinColumns, Check: checkGive, Option: columnOption, Prompt: givePrompt, Placeholder: givePlaceholder},
			{Name: optTake, Type: bot.StringOption, Lead: true, Legal: legalTake, Label: groupLabel, Match: coversTyped, Read: readColumns,
				Menu: campColumns, Min: given, Max: given, Join: joinColumns, Check: checkTake, Option: columnOption, Prompt: takePrompt, Placeholder: takePlaceholder},
		}, Make: makeExchange, Usage: "menara.usage.exchange"},
		{Name: cmdReveal, Board: revealButtons, Params: []bot.Param{{Name: optPile, Type: bot.StringOption, Choices: piles, Read: pileNames().Read}}, Make: makeReveal, Usage: "menara.usage.reveal"},
		{Name: cmdPlace, Board: onBoard("menara.button.place", "🏛️", bot.Primary, building(mr.PlaceCard)), Params: []bot.Param{
			{Name: optColumn, Type: bot.StringOption, Legal: legalColours, Label: colourLabel, Option: colourOption, Prompt: colourPrompt, Match: colours.Match, Read: colours.Read},
			{Name: optBase, Type: bot.StringOption, Legal: legalBases, Option: baseOption, Prompt: basePrompt, Lead: true},
		}, Make: makeColumn, Aliases: []string{"column"}, Usage: "menara.usage.record-column"},
		{Name: cmdFloor, Board: floorButton, Params: []bot.Param{placementParam(ai.PlaceNew)}, Make: makePlacement(mr.PlaceFloor), Usage: "menara.usage.floor"},
		{Name: cmdMove, Board: onBoard("menara.button.move", "⬆️", bot.Primary, building(mr.MoveCard)), Params: []bot.Param{
			{Name: optFrom, Type: bot.StringOption, Ask: "menara.menu.move-from", Legal: legalFrom, Label: fromLabel, Option: fromOption},
			{Name: optTo, Type: bot.StringOption, Legal: legalTo, Option: toOption, Prompt: toPrompt, Lead: true},
		}, Make: makeMove, Usage: "menara.usage.record-move"},
		{Name: cmdLift, Board: onBoard("menara.button.lift", "🏗️", bot.Primary, building(mr.LiftCard)), Params: []bot.Param{
			{Name: optFloor, Type: bot.StringOption, Ask: "menara.menu.lift", Legal: legalLifted, Label: liftedLabel},
			placementParam(ai.PlaceLift),
		}, Make: makePlacement(mr.Lift), Usage: "menara.usage.lift"},
		{Name: cmdExtend, Params: []bot.Param{placementParam(ai.PlaceExtend)}, Make: makePlacement(mr.Extend), Usage: "menara.usage.extend"},
		{Name: cmdGiveUp, Board: onBoard("menara.button.give-up", "🏳️", bot.Danger, mayGiveUp, "false"), Params: []bot.Param{renew}, Make: makeClosing(mr.GiveUpStep), Aliases: []string{"give up"}, Usage: "menara.usage.give-up"},
		{Name: cmdDone, Board: onBoard("menara.button.end-turn", "✅", bot.Success, stage(mr.Closing), "false"), Params: []bot.Param{renew}, Make: makeClosing(mr.DoneStep), Usage: "menara.usage.done"},
	}}
}

// legalGive lists the groups of columns the player may give to the camp,
// if they may exchange now.
func legalGive(st bot.State, seat int, _ bot.Values) []string {
	pos := positionOf(state(st))
	if pos.CanExchange() != nil {
		return nil
	}
	return groupValues(pos.Hand(seat).Groups(mr.Columns{}, 0))
}

// legalTake lists the groups of columns the player may take from the
// camp: as many as given, of other colours.
func legalTake(st bot.State, seat int, v bot.Values) []string {
	pos := positionOf(state(st))
	if pos.CanExchange() != nil {
		return nil
	}
	give, _ := mr.ParseColumns(strings.TrimSpace(v[optGive]))
	return groupValues(pos.Camp().Groups(give, give.Total()))
}

// groupLabel names a group of columns: "YY · yellow, yellow".
func groupLabel(p *i18n.Printer, _ bot.State, value string) string {
	cols, _ := mr.ParseColumns(value)
	var names []string
	for _, c := range cols.List() {
		names = append(names, ColourName(p, c))
	}
	return columnsCode(p, cols) + " · " + strings.Join(names, ", ")
}

// coversTyped keeps the groups that hold the columns typed.
func coversTyped(p *i18n.Printer, typed string, c bot.Choice) bool {
	want, _ := parseColumns(p, strings.ReplaceAll(typed, " ", ""))
	cols, _ := mr.ParseColumns(c.Value)
	return cols.Covers(want)
}

// groupValues are groups of columns as values ("YY").
func groupValues(groups []mr.Columns) []string {
	out := make([]string, len(groups))
	for i, g := range groups {
		out[i] = g.String()
	}
	return out
}

// legalColours lists the colours of column the player can place now.
func legalColours(st bot.State, _ int, _ bot.Values) []string {
	bases := freeBases(positionOf(state(st)))
	var out []string
	for _, col := range mr.Colours {
		if bases[col] > 0 {
			out = append(out, string(col.Letter()))
		}
	}
	return out
}

// freeBases counts the bases a column of each colour may go on.
func freeBases(pos *mr.Position) map[mr.Colour]int {
	bases := map[mr.Colour]int{}
	for _, s := range pos.SteadiestOf(mr.PlaceColumn) {
		bases[s.Colour]++
	}
	return bases
}

// colourLabel names a colour for autocomplete: "Y · yellow column · in
// your hand: 2 · free bases: 5".
func colourLabel(p *i18n.Printer, st bot.State, value string) string {
	o := colourOption(p, st, nil, value)
	col, _ := mr.ParseColour(value)
	return ColourLetter(p, col) + " · " + o.Label + " · " + o.Description
}

// colourOption is a colour of column in a menu, with the columns of it in
// hand and the bases free for it.
func colourOption(p *i18n.Printer, st bot.State, _ bot.Values, value string) bot.MenuOption {
	pos := positionOf(state(st))
	col, _ := mr.ParseColour(value)
	return bot.MenuOption{Label: p.T("menara.menu.colour", "colour", col), Emoji: colourEmoji[col],
		Description: p.T("menara.menu.colour-desc", "hand", int(pos.Hand(pos.Turn())[col]), "bases", freeBases(pos)[col])}
}

// colourPrompt asks which colour of column to place.
func colourPrompt(p *i18n.Printer, st bot.State, _ bot.Values, _ int) string {
	if f := positionOf(state(st)).Chosen(); f.Valid() {
		return p.T("menara.menu.place-colour-on", "floor", f)
	}
	return p.T("menara.menu.place-colour")
}

// legalBases lists the bases a column may be placed on, of the colour
// chosen if any.
func legalBases(st bot.State, _ int, v bot.Values) []string {
	col, hasColour := mr.ParseColour(strings.TrimSpace(v[optColumn]))
	return stepValues(st, mr.PlaceColumn, func(s mr.Step) (mr.Base, bool) { return s.To, !hasColour || s.Colour == col })
}

// stepValues lists, once each and in the order of the legal steps of kind,
// the base key gives of those it keeps.
func stepValues(st bot.State, kind mr.Kind, key func(mr.Step) (mr.Base, bool)) []string {
	var out []string
	seen := map[mr.Base]bool{}
	for _, s := range positionOf(state(st)).SteadiestOf(kind) {
		if b, keep := key(s); keep && !seen[b] {
			seen[b] = true
			out = append(out, b.String())
		}
	}
	return out
}

// columnOn is the step that places a column on base b.
func columnOn(pos *mr.Position, value string) (mr.Step, mr.Colour) {
	b, _ := mr.ParseBase(value)
	col, _ := pos.BaseColour(b)
	return mr.ColumnStep(pos.Turn(), col, b), col
}

// baseOption is a base in a menu: its level, and what a column there
// would do.
func baseOption(p *i18n.Printer, st bot.State, _ bot.Values, value string) bot.MenuOption {
	pos := positionOf(state(st))
	step, col := columnOn(pos, value)
	return bot.MenuOption{Label: p.T("menara.menu.base", "base", step.To, "level", pos.Level(step.To.Floor)),
		Description: effectWords(p, pos, step), Emoji: colourEmoji[col]}
}

// basePrompt asks on which base the column chosen goes.
func basePrompt(p *i18n.Printer, _ bot.State, v bot.Values, _ int) string {
	col, _ := mr.ParseColour(v[optColumn])
	return p.T("menara.menu.place-base", "colour", col)
}

// legalFrom lists the columns that may move up.
func legalFrom(st bot.State, _ int, _ bot.Values) []string {
	return stepValues(st, mr.MoveColumn, func(s mr.Step) (mr.Base, bool) { return s.From, true })
}

// fromLabel names a column that may move: its base, colour and level.
func fromLabel(p *i18n.Printer, st bot.State, value string) string {
	return fromOption(p, st, nil, value).Label
}

// fromOption is a column that may move in a menu, with the floor it
// carries.
func fromOption(p *i18n.Printer, st bot.State, _ bot.Values, value string) bot.MenuOption {
	pos := positionOf(state(st))
	from, _ := mr.ParseBase(value)
	col, _ := pos.BaseColour(from)
	desc := p.T("menara.menu.free")
	if f := pos.Carrier(from); f != mr.NoFloor {
		desc = p.T("menara.menu.carries", "floor", f)
	}
	return bot.MenuOption{Label: p.T("menara.menu.column", "base", from, "colour", col, "level", pos.Level(from.Floor)),
		Description: desc, Emoji: colourEmoji[col]}
}

// legalTo lists where a column may move, of the column chosen if any.
func legalTo(st bot.State, _ int, v bot.Values) []string {
	from, hasFrom := mr.ParseBase(strings.TrimSpace(v[optFrom]))
	return stepValues(st, mr.MoveColumn, func(s mr.Step) (mr.Base, bool) { return s.To, !hasFrom || s.From == from })
}

// moveTo is the move of a column to base value: from the base chosen in
// v, else the first column that may go there.
func moveTo(pos *mr.Position, v bot.Values, value string) mr.Step {
	from, hasFrom := mr.ParseBase(strings.TrimSpace(v[optFrom]))
	for _, s := range pos.SteadiestOf(mr.MoveColumn) {
		if s.To.String() == value && (!hasFrom || s.From == from) {
			return s
		}
	}
	return mr.Step{}
}

// toOption is where the column chosen may move, in a menu.
func toOption(p *i18n.Printer, st bot.State, v bot.Values, value string) bot.MenuOption {
	pos := positionOf(state(st))
	s := moveTo(pos, v, value)
	return bot.MenuOption{Label: p.T("menara.menu.base", "base", s.To, "level", pos.Level(s.To.Floor)), Description: effectWords(p, pos, s)}
}

// toPrompt asks where the column chosen goes.
func toPrompt(p *i18n.Printer, _ bot.State, v bot.Values, _ int) string {
	return p.T("menara.menu.move-to", "base", v[optFrom])
}

// legalLifted lists the floors the move-a-floor card may move.
func legalLifted(st bot.State, _ int, _ bot.Values) []string {
	var out []string
	for _, f := range ai.Liftable(placementsOf(st)) {
		out = append(out, f.String())
	}
	return out
}

// liftedLabel names a floor that may move, with its level.
func liftedLabel(p *i18n.Printer, st bot.State, value string) string {
	f, _ := mr.ParseFloor(value)
	return p.T("menara.menu.lift-floor", "floor", f, "level", positionOf(state(st)).Level(f))
}

// placementParam is the placement of a floor: where the new floor goes
// (ai.PlaceNew, ai.PlaceExtend) or where the floor chosen moves
// (ai.PlaceLift), each as its placement code.
func placementParam(filter ai.Among) bot.Param {
	return bot.Param{Name: optPlacement, Type: bot.StringOption, Rest: true, Read: readPlacement,
		Legal: func(st bot.State, _ int, v bot.Values) []string {
			var out []string
			for _, pl := range placements(st, filter, v) {
				out = append(out, notation.PlacementCode(pl.Step))
			}
			return out
		},
		Option: func(p *i18n.Printer, st bot.State, _ bot.Values, code string) bot.MenuOption {
			pl, _ := notation.FindPlacement(placementsOf(st), code)
			label, desc := placeWords(p, positionOf(state(st)), pl)
			return bot.MenuOption{Label: label, Description: desc}
		},
		Prompt: func(p *i18n.Printer, st bot.State, v bot.Values, n int) string {
			if filter == ai.PlaceLift {
				f, _ := mr.ParseFloor(v[optFloor])
				return p.N("menara.menu.lift-where", n, "floor", f)
			}
			return p.N("menara.menu.floor", n, "floor", positionOf(state(st)).NextFloor())
		},
		Match: wordsMatch,
	}
}

// placements are the placements a list offers: for ai.PlaceLift, those of
// the floor chosen in v, or of every floor that may move.
func placements(st bot.State, filter ai.Among, v bot.Values) []mr.Placement {
	if filter != ai.PlaceLift {
		return ai.Placements(placementsOf(st), filter, mr.NoFloor)
	}
	f, ok := mr.ParseFloor(strings.TrimSpace(v[optFloor]))
	if !ok {
		f = mr.NoFloor
	}
	return ai.Lifts(placementsOf(st), f)
}

// wordsMatch keeps the choices whose name or value holds every word
// typed.
func wordsMatch(_ *i18n.Printer, typed string, c bot.Choice) bool {
	low := strings.ToLower(c.Name + " " + c.Value)
	for _, w := range strings.Fields(strings.ToLower(typed)) {
		if !strings.Contains(low, w) {
			return false
		}
	}
	return true
}
