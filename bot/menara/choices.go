package menara

import (
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// Choices suggests, for the option being typed, the values that lead to
// a legal step of the player to act, narrowed by the options already
// filled in and by what is typed: the menus offer the same.
func (g *Game) Choices(st bot.State, seat int, command, focused string, options map[string]string, p *i18n.Printer) []bot.Choice {
	s := state(st)
	suggest, ok := optionChoices[commandOption{command, focused}]
	if !ok {
		return nil
	}
	q := &choiceQuery{p: p, pos: positionOf(s), seat: seat, focused: focused, options: options, typed: strings.TrimSpace(options[focused])}
	return suggest(q)
}

// commandOption names an option of a subcommand.
type commandOption struct{ command, option string }

// optionChoices suggest the values of each option of the steps'
// subcommands; the options not listed have no suggestions.
var optionChoices = map[commandOption]func(q *choiceQuery) []bot.Choice{
	{cmdExchange, optGive}: giveChoices,
	{cmdExchange, optTake}: takeChoices,
	{cmdPlace, optColumn}: func(q *choiceQuery) []bot.Choice {
		return colourChoices(q.p, q.pos, q.seat, q.typed)
	},
	{cmdPlace, optBase}: baseChoices,
	{cmdMove, optFrom}:  fromChoices,
	{cmdMove, optTo}:    toChoices,
	{cmdFloor, optPlacement}: func(q *choiceQuery) []bot.Choice {
		return placementChoices(q.p, q.pos, choicePlacements(q.pos, placeNew, mr.NoFloor), q.typed)
	},
	{cmdExtend, optPlacement}: func(q *choiceQuery) []bot.Choice {
		return placementChoices(q.p, q.pos, choicePlacements(q.pos, placeExtend, mr.NoFloor), q.typed)
	},
	{cmdLift, optFloor}:     liftFloorChoices,
	{cmdLift, optPlacement}: liftPlacementChoices,
}

// choiceQuery is an autocomplete request as the suggestions of an option
// read it: the asker's language and seat, the position, the option being
// typed and what is typed in it, and the other options filled in.
type choiceQuery struct {
	p       *i18n.Printer
	pos     *mr.Position
	seat    int
	focused string
	options map[string]string
	typed   string
}

// fixed returns what is filled in another option; "" for the option
// being typed, which narrows nothing.
func (q *choiceQuery) fixed(name string) string {
	if name == q.focused {
		return ""
	}
	return strings.TrimSpace(q.options[name])
}

// giveChoices suggests the columns to give to the camp, if the player may
// exchange now.
func giveChoices(q *choiceQuery) []bot.Choice {
	c := &chain{pos: *q.pos, seat: q.seat}
	if c.canExchange() != nil {
		return nil
	}
	return columnChoices(q.p, q.pos.Hand(q.seat), mr.Columns{}, 0, q.typed)
}

// takeChoices suggests the columns to take from the camp: as many as
// given, of other colours.
func takeChoices(q *choiceQuery) []bot.Choice {
	c := &chain{pos: *q.pos, seat: q.seat}
	if c.canExchange() != nil {
		return nil
	}
	give, _ := mr.ParseColumns(q.fixed(optGive))
	return columnChoices(q.p, q.pos.Camp(), give, give.Total(), q.typed)
}

// baseChoices suggests the bases a column may be placed on, of the colour
// chosen if any.
func baseChoices(q *choiceQuery) []bot.Choice {
	col, hasColour := parseColour(q.p, q.fixed(optColumn))
	var out []bot.Choice
	for _, step := range legalOf(q.pos, mr.PlaceColumn) {
		if hasColour && step.Colour != col || !bot.Matches(q.typed, step.To.String()) {
			continue
		}
		out = append(out, bot.Choice{Name: baseName(q.p, q.pos, step, step.To), Value: step.To.String()})
	}
	return out
}

// fromChoices suggests the columns that may move up, each once.
func fromChoices(q *choiceQuery) []bot.Choice {
	var out []bot.Choice
	seen := map[mr.Base]bool{}
	for _, step := range legalOf(q.pos, mr.MoveColumn) {
		if seen[step.From] || !bot.Matches(q.typed, step.From.String()) {
			continue
		}
		seen[step.From] = true
		col, _ := q.pos.BaseColour(step.From)
		out = append(out, bot.Choice{Name: q.p.T("menara.menu.column", "base", step.From, "colour", col, "level", q.pos.Level(step.From.Floor)), Value: step.From.String()})
	}
	return out
}

// toChoices suggests where a column may move, of the column chosen if
// any, each base once.
func toChoices(q *choiceQuery) []bot.Choice {
	from, hasFrom := mr.ParseBase(q.fixed(optFrom))
	var out []bot.Choice
	seen := map[mr.Base]bool{}
	for _, step := range legalOf(q.pos, mr.MoveColumn) {
		if hasFrom && step.From != from || seen[step.To] || !bot.Matches(q.typed, step.To.String()) {
			continue
		}
		seen[step.To] = true
		out = append(out, bot.Choice{Name: baseName(q.p, q.pos, step, step.To), Value: step.To.String()})
	}
	return out
}

// liftFloorChoices suggests the floors that may move.
func liftFloorChoices(q *choiceQuery) []bot.Choice {
	var out []bot.Choice
	for _, f := range liftableFloors(q.pos) {
		if bot.Matches(q.typed, f.String()) {
			out = append(out, bot.Choice{Name: q.p.T("menara.menu.lift-floor", "floor", f, "level", q.pos.Level(f)), Value: f.String()})
		}
	}
	return out
}

// liftPlacementChoices suggests where a floor may move: the floor chosen,
// or any that may.
func liftPlacementChoices(q *choiceQuery) []bot.Choice {
	var pls []mr.Placement
	f, ok := mr.ParseFloor(q.fixed(optFloor))
	for _, lf := range liftableFloors(q.pos) {
		if !ok || lf == f {
			pls = append(pls, choicePlacements(q.pos, placeLift, lf)...)
		}
	}
	return placementChoices(q.p, q.pos, pls, q.typed)
}

// legalOf returns the legal steps of kind in pos.
func legalOf(pos *mr.Position, kind mr.Kind) []mr.Step {
	var out []mr.Step
	for _, s := range pos.LegalSteps(nil) {
		if s.Kind == kind {
			out = append(out, s)
		}
	}
	return out
}

// baseName names a base a step goes to, with what the step would do:
// "K3 · level 1 · fills floor K".
func baseName(p *i18n.Printer, pos *mr.Position, step mr.Step, b mr.Base) string {
	name := p.T("menara.menu.base", "base", b, "level", pos.Level(b.Floor))
	if fx := effectWords(p, pos, step); fx != "" {
		name += " · " + fx
	}
	return bot.Clip(name, bot.MaxLabel)
}

// colourChoices suggests the colours of column the player can place now.
func colourChoices(p *i18n.Printer, pos *mr.Position, seat int, typed string) []bot.Choice {
	bases := map[mr.Colour]int{}
	for _, s := range legalOf(pos, mr.PlaceColumn) {
		bases[s.Colour]++
	}
	hand := pos.Hand(seat)
	var out []bot.Choice
	for _, col := range mr.Colours {
		letter := string(col.Letter())
		if bases[col] == 0 || !bot.Matches(typed, letter, ColourName(p, col), col.String()) {
			continue
		}
		out = append(out, bot.Choice{
			Name:  letter + " · " + p.T("menara.menu.colour", "colour", col) + " · " + p.T("menara.menu.colour-desc", "hand", int(hand[col]), "bases", bases[col]),
			Value: letter,
		})
	}
	return out
}

// columnChoices suggests groups of the columns of from: every group of n
// columns (any size when n is 0) without the colours of skip, that
// holds what is typed, smallest first: "YY · yellow, yellow".
func columnChoices(p *i18n.Printer, from, skip mr.Columns, n int, typed string) []bot.Choice {
	want, _ := mr.ParseColumns(strings.ReplaceAll(typed, " ", ""))
	var groups []mr.Columns
	var cur mr.Columns
	var walk func(c int)
	walk = func(c int) {
		if c == mr.NumColours {
			if t := cur.Total(); t > 0 && (n == 0 || t == n) && cur.Covers(want) {
				groups = append(groups, cur)
			}
			return
		}
		for k := uint8(0); k <= from[c]; k++ {
			if k > 0 && skip[c] > 0 {
				break
			}
			cur[c] = k
			walk(c + 1)
		}
		cur[c] = 0
	}
	walk(0)
	// Smallest first; the walk's order within a size.
	var out []bot.Choice
	for size := 1; size <= from.Total(); size++ {
		for _, g := range groups {
			if g.Total() != size {
				continue
			}
			var names []string
			for _, c := range g.List() {
				names = append(names, ColourName(p, c))
			}
			out = append(out, bot.Choice{Name: bot.Clip(g.String()+" · "+strings.Join(names, ", "), bot.MaxLabel), Value: g.String()})
		}
	}
	return out
}

// placementChoices names placements for autocomplete, keeping those whose
// name holds every word typed.
func placementChoices(p *i18n.Printer, pos *mr.Position, pls []mr.Placement, typed string) []bot.Choice {
	words := strings.Fields(strings.ToLower(typed))
	var out []bot.Choice
	for _, pl := range pls {
		name := placeName(p, pos, pl)
		code := placementCode(pl.Step)
		low := strings.ToLower(name + " " + code)
		keep := true
		for _, w := range words {
			if !strings.Contains(low, w) {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, bot.Choice{Name: name, Value: code})
		}
		if len(out) == bot.MaxChoices {
			break
		}
	}
	return out
}
