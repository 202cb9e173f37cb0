package menara

import (
	"context"
	"maps"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

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

// asking is what a question before a step needs: the asker, the
// position, the step proposed and what it would do, and the form
// and values it was made of.
type asking struct {
	g    *Game
	a    *bot.Act
	p    *i18n.Printer
	pos  *mr.Position
	step mr.Step
	e    *mr.Effects
	form string
	v    bot.Values
}

// again is the answer that makes the step proposed: its values as made,
// a floor's place as its code.
func (q *asking) again(label, emoji string, style bot.ButtonStyle) bot.Answer {
	v := maps.Clone(q.v)
	switch q.e.Step.Kind {
	case mr.PlaceFloor, mr.Extend, mr.Lift:
		v[optPlacement] = notation.PlacementCode(q.e.Step)
	}
	return bot.Answer{Button: bot.Button{Label: label, Emoji: emoji, Style: style}, Form: q.form, Values: v}
}

// giveUp is the answer that gives the card up instead, in a warning.
func (q *asking) giveUp() bot.Answer {
	return bot.Answer{Button: bot.Button{Label: q.p.T("menara.button.give-up-card"), Emoji: "🏳️", Style: bot.Primary},
		Form: cmdGiveUp, Values: bot.Values{optRenew: "false"}}
}

// reveal asks before a card is revealed, which cannot be taken back, and
// says what the pile may hold.
func (q *asking) reveal() *bot.Question {
	p, pl := q.p, q.step.Pile
	content := p.N("menara.ask.reveal", q.pos.PileLeft(pl), "pile", pileWord(p, pl), "cards", pileWords(p, ai.PileLeft(q.pos, pl)))
	if q.pos.CanExchange() == nil {
		content += "\n" + p.T("menara.ask.reveal-exchange")
	}
	return &bot.Question{Content: content, Answers: []bot.Answer{q.again(p.T("menara.button.reveal-now", "pile", pl), pileEmoji[pl], bot.Primary)}}
}

// closing asks before giving up the card (cmdGiveUp) or ending a turn
// whose card goes to the level row (cmdDone), whether to renew the camp.
func (q *asking) closing() *bot.Question {
	p := q.p
	renew := mr.GiveUpStep(q.a.Seat, true)
	key, label, renewLabel, emoji := "menara.ask.giveup", "menara.button.give-up", "menara.button.give-up-renew", "🏳️"
	if q.form == cmdDone {
		renew = mr.DoneStep(q.a.Seat, true)
		key, label, renewLabel, emoji = "menara.ask.done", "menara.button.done", "menara.button.done-renew", "✅"
	}
	content := p.T(key, "required", q.pos.Required()+1) + "\n" + p.N("menara.ask.refill", q.pos.FromHand())
	canRenew := q.pos.Check(renew) == nil
	if canRenew {
		content += "\n" + p.T("menara.ask.renew", "camp", q.pos.Camp())
	}
	return &bot.Question{Content: content, Answers: []bot.Answer{
		{Button: bot.Button{Label: p.T(label), Emoji: emoji, Style: bot.Danger}, Form: q.form, Values: bot.Values{optRenew: "false"}},
		{Button: bot.Button{Label: p.T(renewLabel), Emoji: "🔄", Style: bot.Primary, Disabled: !canRenew}, Form: q.form, Values: bot.Values{optRenew: "true"}},
	}}
}

// preview shows a chosen place of a floor, with its image: Confirm places
// it, Back returns to the list's page.
func (q *asking) preview() *bot.Question {
	p, e := q.p, q.e
	pl, ok := notation.FindPlacement(q.pos.Placements(nil), q.v[optPlacement])
	if !ok {
		pl, _ = notation.FindPlacement(q.pos.Placements(nil), notation.PlacementCode(e.Step))
	}
	label, desc := placeWords(p, q.pos, pl)
	lines := []string{p.T("menara.preview.title", "floor", q.step.Floor) + " " + label + " · " + desc}
	switch {
	case e.Collapse:
		lines = append(lines, "⚠️ "+p.T("menara.warn.collapse", "floors", floorList(e.Fallen)))
	case q.step.Kind == mr.Extend && !q.pos.ToLevelRow():
		lines = append(lines, p.T("menara.preview.extend", "required", q.pos.Required()+1))
	}
	if e.Risk.Num > 0 {
		lines = append(lines, p.T("menara.preview.risk", "percent", e.Risk.Percent()))
	}
	lines = append(lines, p.T("menara.preview.confirm"))
	confirm := q.again(p.T("menara.button.confirm"), "✅", bot.Success)
	if e.Collapse {
		confirm = q.again(p.T("menara.button.do-it"), "💥", bot.Danger)
	}
	answers := []bot.Answer{confirm, {Button: bot.Button{Label: p.T("menara.button.back"), Emoji: "◀️", Style: bot.Secondary}, Back: true}}
	if e.Collapse {
		answers = append(answers, q.giveUp())
	}
	question := &bot.Question{Content: strings.Join(lines, "\n"), Answers: answers}
	if draw := q.g.opts.Preview; draw != nil {
		pos, step, names, lang := *q.pos, q.step, q.a.Names, p.Lang()
		question.Image = &bot.Image{Name: "preview.png", Render: func(ctx context.Context) ([]byte, error) {
			return draw(ctx, &pos, step, names, lang)
		}}
	}
	return question
}

// warning asks once more before a step that brings the temple down.
func (q *asking) warning() *bot.Question {
	p := q.p
	what := p.T("menara.warn.collapse", "floors", floorList(q.e.Fallen))
	if q.e.LiftFell {
		what = p.T("menara.warn.lift-fell", "floor", q.step.Floor)
	}
	text := "⚠️ " + p.T("menara.warn.step", "step", stepWords(p, q.pos, q.step)) + " " + what
	if len(q.e.Falls) > 0 {
		text += " " + fallSaid(p, &q.e.Falls[0], wouldFall)
	}
	if r := q.a.Request; r.Interaction == "" && r.Kind == bot.CommandRequest {
		// The terminal has no buttons: a step typed as a record line is made
		// as it stands.
		text += "\n" + p.T("menara.warn.typed", "line", q.step.String())
	}
	return &bot.Question{Content: text, Answers: []bot.Answer{q.again(p.T("menara.button.do-it"), "💥", bot.Danger), q.giveUp()}}
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
	w := rmenara.StepWords{Kind: s.Kind, Colour: ColourName(p, s.Colour), To: s.To.String(), From: s.From.String(), Floor: s.Floor.String(), Supports: s.On.String()}
	if s.Kind == mr.PlaceFloor || s.Kind == mr.Lift {
		next, e, err := pos.Preview(s)
		w.Level = e.Level
		if err != nil {
			w.Level = next.Level(s.Floor)
		}
	}
	if said := proposal(p, w); said != "" {
		return said
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
	if mc, ok := e.Weakened(&next); ok {
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
