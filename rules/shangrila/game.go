package shangrila

import "fmt"

// Game is a game as its starting position and the list of moves made
// since; its current position is always the result of replaying them.
// A Game is not safe for concurrent use.
type Game struct {
	start Position
	moves []Move
	pos   Position
}

// NewGame returns a new game for the given players in seat order.
func NewGame(players []Colour, start Start) (*Game, error) {
	p, err := NewPosition(players, start)
	if err != nil {
		return nil, err
	}
	return GameFrom(p), nil
}

// GameFrom returns a game that starts from an arbitrary position.
func GameFrom(start Position) *Game {
	return &Game{start: start, pos: start}
}

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.start }

// Position returns the current position.
func (g *Game) Position() Position { return g.pos }

// Moves returns a copy of the moves made so far.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// NumMoves returns the number of moves made so far.
func (g *Game) NumMoves() int { return len(g.moves) }

// Play makes move m, or returns why it is illegal and changes nothing.
func (g *Game) Play(m Move) (Effects, error) {
	next, e, err := g.pos.Apply(m)
	if err != nil {
		return e, err
	}
	g.pos = next
	g.moves = append(g.moves, m)
	return e, nil
}

// Undo takes back the last move, replaying the others, and returns it;
// false when no move was made.
func (g *Game) Undo() (Move, bool) {
	if len(g.moves) == 0 {
		return Move{}, false
	}
	last := g.moves[len(g.moves)-1]
	g.moves = g.moves[:len(g.moves)-1]
	p, err := Replay(g.start, g.moves)
	if err != nil {
		panic("shangrila: a prefix of legal moves no longer replays: " + err.Error())
	}
	g.pos = p
	return last, true
}

// ReplayError says which move of a replay failed and why.
type ReplayError struct {
	Index int // 0-based index of the failing move
	Move  Move
	Err   error
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("move %d (%s %s): %v", e.Index+1, e.Move.Player, e.Move, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// Replay applies moves in order from start and returns the final position,
// or a *ReplayError for the first illegal move.
func Replay(start Position, moves []Move) (Position, error) {
	p := start
	for i, m := range moves {
		if err := p.Check(m); err != nil {
			return p, &ReplayError{Index: i, Move: m, Err: err}
		}
		p.play(m)
	}
	return p, nil
}
