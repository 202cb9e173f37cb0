package shangrila

import (
	"context"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	sl "github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/ai"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// computers are the levels a lobby offers, each the engine's ai player
// (rules/shangrila/ai) tuned by opts.
func computers(opts ai.Options) bot.ComputerLevels[sl.Position, sl.Move, *sl.Effects] {
	return bot.ComputerLevels[sl.Position, sl.Move, *sl.Effects]{
		Offered: []rules.Level{ai.Easy, ai.Medium, ai.Hard},
		Play: func(ctx context.Context, lv rules.Level, seed uint64, pos sl.Position) (sl.Move, error) {
			return ai.New(lv, seed, opts).Move(ctx, &pos), nil
		},
	}
}

// Hint suggests the hard level's move with its reason.
func (g *Game) Hint(ctx context.Context, st bot.State, seat int, seed uint64, p *i18n.Printer) (string, error) {
	pos := state(st).Position()
	_, reason := ai.Hint(ctx, &pos, seed)
	return hintText(p, reason), nil
}

// Resign returns the seat's resignation: their tiles stay, their turns
// are skipped.
func (g *Game) Resign(st bot.State, seat int) (string, bool) {
	return notation.FormatMove(sl.ResignMove(seatColour(seat))), true
}

// hintText writes a hint's reason in the printer's language.
func hintText(p *i18n.Printer, r ai.Reason) string {
	key := r.Key
	if n, _ := r.Args["students"].(int); n == 2 {
		key += ".two"
	}
	if v, ok := r.Args["victim"].(sl.Colour); ok && v == sl.NoColour {
		key += ".others"
	}
	args := make([]any, 0, 2*len(r.Args))
	for k, v := range r.Args {
		args = append(args, k, v)
	}
	var text string
	if n, ok := r.Args["count"].(int); ok {
		text = p.N(key, n, args...)
	} else {
		text = p.T(key, args...)
	}
	if text == key {
		return r.String()
	}
	return text
}
