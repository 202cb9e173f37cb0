package shangrila

import (
	"context"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	sl "github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/ai"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// computerLevels are the levels offered in the lobby.
var computerLevels = []string{ai.Easy.String(), ai.Medium.String(), ai.Hard.String()}

// Levels are the computer levels a lobby offers.
func (g *Game) Levels() []string { return computerLevels }

// computer is a computer player of the engine's ai package.
type computer struct{ player ai.Player }

// Computer returns the computer player of a seat: its seed from the
// game's seed and the seat's colour, so that its moves replay exactly.
func (g *Game) Computer(level string, seed uint64, seat int) (bot.Computer, bool) {
	lv, ok := ai.ParseLevel(level)
	if !ok || lv == ai.Random {
		return nil, false
	}
	c := seatColour(seat)
	return computer{ai.New(lv, seed^uint64(c)<<56, g.opts.Computers)}, true
}

// Move returns the computer's move.
func (c computer) Move(ctx context.Context, st bot.State) (string, error) {
	pos := state(st).Position()
	return notation.FormatMove(c.player.Move(ctx, &pos)), nil
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
