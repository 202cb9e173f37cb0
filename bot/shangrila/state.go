package shangrila

import (
	"slices"

	"github.com/tablebot/tablebot/bot"
	sl "github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// State is a game in progress: its start, its moves and the position
// they lead to (bot.State). Seats are the players in play order; seat i
// plays colour sl.Colours[i].
type State struct {
	start sl.Position
	moves []sl.Move
	pos   sl.Position
}

var _ bot.State = (*State)(nil)

// Position returns the current position.
func (s *State) Position() sl.Position { return s.pos }

// PositionOf returns the position of a state of this game; false for a
// state of another game.
func PositionOf(st bot.State) (sl.Position, bool) {
	s, ok := st.(*State)
	if !ok {
		return sl.Position{}, false
	}
	return s.pos, true
}

// Moves is the number of moves made.
func (s *State) Moves() int { return len(s.moves) }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.pos.Phase() == sl.Over }

// ToAct returns the seat of the colour to move.
func (s *State) ToAct() []int {
	if s.Over() {
		return nil
	}
	seat, ok := s.pos.Seat(s.pos.Turn())
	if !ok {
		return nil
	}
	return []int{seat}
}

// Out reports whether seat has resigned.
func (s *State) Out(seat int) bool { return s.pos.Resigned(seatColour(seat)) }

// Play makes a move given as a record line.
func (s *State) Play(line string) (bot.Effect, error) {
	m, err := notation.ParseMove(line)
	if err != nil {
		return nil, err
	}
	next, e, err := s.pos.Apply(m)
	if err != nil {
		return nil, err
	}
	s.pos = next
	s.moves = append(s.moves, m)
	return &e, nil
}

// Clone returns an independent copy.
func (s *State) Clone() bot.State {
	c := *s
	c.moves = slices.Clone(s.moves)
	return &c
}

// Auto returns the pass of a player without a legal action.
func (s *State) Auto() (string, bool) {
	if s.Over() {
		return "", false
	}
	legal := s.pos.LegalMoves(nil)
	if len(legal) != 1 || legal[0].Kind != sl.Pass {
		return "", false
	}
	return notation.FormatMove(legal[0]), true
}

// Last returns the effects of the latest move that did something
// (*sl.Effects): the automatic passes that follow a move are not what a
// player coming back wants highlighted. Nil before the first move.
func (s *State) Last() bot.Effect {
	h := s.History()
	for i := len(h) - 1; i >= 0; i-- {
		if e, ok := effects(h[i]); ok && e.Move.Kind != sl.Pass {
			return e
		}
	}
	return nil
}

// History returns the effects of every move (*sl.Effects), replayed from
// the start.
func (s *State) History() []bot.Effect {
	out := make([]bot.Effect, 0, len(s.moves))
	pos := s.start
	for _, m := range s.moves {
		next, e, err := pos.Apply(m)
		if err != nil {
			break // cannot happen: the moves were played once already
		}
		pos = next
		out = append(out, &e)
	}
	return out
}

// colour returns the colour of a seat.
func (s *State) colour(seat int) sl.Colour {
	players := s.pos.Players()
	if seat < 0 || seat >= len(players) {
		return sl.NoColour
	}
	return players[seat]
}

// effects reads an effect of this game.
func effects(e bot.Effect) (*sl.Effects, bool) {
	x, ok := e.(*sl.Effects)
	return x, ok && x != nil
}

// state reads a state of this game.
func state(st bot.State) *State {
	s, _ := st.(*State)
	if s == nil {
		return &State{}
	}
	return s
}
