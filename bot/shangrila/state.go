package shangrila

import (
	"github.com/tablebot/tablebot/bot"
	sl "github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// State is a game in progress: its start, its moves and the position
// they lead to, replayed by the host's generic State. Seats are the
// players in play order; seat i plays colour sl.Colours[i].
type State = bot.Replay[sl.Position, sl.Move, *sl.Effects]

// engine is the rules of Shangri-La as the host's State plays them.
type engine struct{}

var (
	_ bot.Engine[sl.Position, sl.Move, *sl.Effects] = engine{}
	_ bot.Lister[sl.Position, sl.Move]              = engine{}
)

// Apply makes a move.
func (engine) Apply(pos sl.Position, m sl.Move) (sl.Position, *sl.Effects, error) {
	next, e, err := pos.Apply(m)
	if err != nil {
		return pos, nil, err
	}
	return next, &e, nil
}

// ParseMove reads a move's record line.
func (engine) ParseMove(line string) (sl.Move, error) { return notation.ParseMove(line) }

// FormatMove writes a move's record line.
func (engine) FormatMove(m sl.Move) string { return notation.FormatMove(m) }

// Legal lists the legal moves of the player to move.
func (engine) Legal(pos sl.Position) []sl.Move { return pos.LegalMoves(nil) }

// Over reports whether the game has ended.
func (engine) Over(pos sl.Position) bool { return pos.Phase() == sl.Over }

// ToAct returns the seat of the colour to move.
func (engine) ToAct(pos sl.Position) []int {
	seat, ok := pos.Seat(pos.Turn())
	if !ok {
		return nil
	}
	return []int{seat}
}

// Out reports whether seat has resigned.
func (engine) Out(pos sl.Position, seat int) bool { return pos.Resigned(seatColour(seat)) }

// Auto returns the pass of a player without a legal action.
func (engine) Auto(pos sl.Position) (sl.Move, bool) {
	legal := pos.LegalMoves(nil)
	if len(legal) != 1 || legal[0].Kind != sl.Pass {
		return sl.Move{}, false
	}
	return legal[0], true
}

// Quiet reports a pass: the automatic passes that follow a move are not
// what a player coming back wants highlighted.
func (engine) Quiet(e *sl.Effects) bool { return e.Move.Kind == sl.Pass }

// PositionOf returns the position of a state of this game; false for a
// state of another game.
func PositionOf(st bot.State) (sl.Position, bool) {
	return bot.PositionOf[sl.Position, sl.Move, *sl.Effects](st)
}

// colour returns the colour of a seat in pos.
func colour(pos sl.Position, seat int) sl.Colour {
	players := pos.Players()
	if seat < 0 || seat >= len(players) {
		return sl.NoColour
	}
	return players[seat]
}

// effects reads an effect of this game.
func effects(e bot.Effect) (*sl.Effects, bool) { return bot.EffectOf[*sl.Effects](e) }

// state reads a state of this game; a state of another game panics.
func state(st bot.State) *State { return bot.ReplayOf[sl.Position, sl.Move, *sl.Effects](st) }
