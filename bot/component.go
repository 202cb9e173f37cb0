package bot

import (
	"context"
	"strconv"
	"strings"
)

// component handles a button click or a menu choice: the host's own steps
// here, the game's by the game.
func (b *Bot) component(ctx context.Context, req Request) (Reply, error) {
	a, ok := ParseAction(req.CustomID)
	if !ok {
		return Reply{}, BadComponent()
	}
	g, ok := b.game(a.Kind)
	if !ok {
		return Reply{}, BadComponent()
	}
	req.Game = a.Kind
	if req.DM {
		var err error
		if req, err = b.fromDM(ctx, req, a); err != nil {
			return Reply{}, err
		}
	}
	switch a.Step {
	case stepJoin:
		return b.join(ctx, req, &a)
	case stepLeave:
		return b.leave(ctx, req, &a)
	case stepStart:
		return b.start(ctx, req, &a)
	case stepRematch:
		return b.rematch(ctx, g, req, a)
	case stepAccept:
		return b.accept(ctx, req, &a)
	case stepDecline:
		return b.decline(ctx, req, &a)
	case stepComputer:
		if len(req.Values) != 1 {
			return Reply{}, BadComponent()
		}
		return b.AddComputer(ctx, req, req.Values[0])
	case stepResign:
		return b.resignNow(ctx, req, a)
	case stepHandOver:
		return b.handOver(ctx, req, a)
	case stepRules:
		page, _ := strconv.Atoi(a.Arg(0))
		return b.rulesGuide(g, req, page, true), nil
	case StepCancel:
		return Reply{Update: true, Message: Message{Content: b.printer(req.User.Locale).T("bot.menu.cancelled")}}, nil
	case StepHint:
		return b.hint(ctx, req, &a)
	}
	return b.act(ctx, req, &a)
}

// autocomplete suggests, for the option being typed, the values that lead
// to a legal move of the asker in the current position, as the game's
// Choices finds them. Anyone who may not act now gets no suggestions.
func (b *Bot) autocomplete(ctx context.Context, req Request) []Choice {
	t, err := b.load(ctx, req.Channel, req.Game)
	if err != nil || t.state == nil {
		return []Choice{}
	}
	seat, ok := t.seatOf(req.User.ID)
	if !ok || !t.mayAct(seat) {
		return []Choice{}
	}
	out := t.game.Choices(t.state, seat, req.Command, req.Focused, req.Options, b.printer(req.User.Locale))
	if len(out) > MaxChoices {
		out = out[:MaxChoices]
	}
	if out == nil {
		out = []Choice{}
	}
	return out
}

// Matches reports whether what was typed starts one of the names, ignoring
// case; everything matches nothing typed. Games filter their choices with
// it.
func Matches(typed string, names ...string) bool {
	typed = strings.ToLower(strings.TrimSpace(typed))
	if typed == "" {
		return true
	}
	for _, n := range names {
		if strings.HasPrefix(strings.ToLower(n), typed) {
			return true
		}
	}
	return false
}
