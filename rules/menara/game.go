package menara

import "fmt"

// Game is a game as its starting position and the steps played since; its
// current position is always the result of replaying them. A Game is not
// safe for concurrent use.
type Game struct {
	start Position
	steps []Step
	pos   Position
}

// NewGame sets up a new game from the options and a seed.
func NewGame(o Options, seed uint64) (*Game, error) {
	p, err := NewPosition(o, seed)
	if err != nil {
		return nil, err
	}
	return GameFrom(p), nil
}

// GameFrom returns a game that starts from an arbitrary position.
func GameFrom(start Position) *Game { return &Game{start: start, pos: start} }

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.start }

// Position returns the current position.
func (g *Game) Position() Position { return g.pos }

// Steps returns a copy of the steps played so far, as played: floor steps
// with their side and position filled in.
func (g *Game) Steps() []Step { return append([]Step(nil), g.steps...) }

// NumSteps returns the number of steps played so far.
func (g *Game) NumSteps() int { return len(g.steps) }

// Play plays step s, or returns why it is illegal and changes nothing.
func (g *Game) Play(s Step) (Effects, error) {
	next, e, err := g.pos.Apply(s)
	if err != nil {
		return e, err
	}
	g.pos = next
	g.steps = append(g.steps, e.Step)
	return e, nil
}

// Undo takes back the last step, replaying the others, and returns it;
// false when no step was played. Random draws replay exactly, so the
// position is the one before the step.
func (g *Game) Undo() (Step, bool) {
	if len(g.steps) == 0 {
		return Step{}, false
	}
	last := g.steps[len(g.steps)-1]
	g.steps = g.steps[:len(g.steps)-1]
	p, err := Replay(g.start, g.steps)
	if err != nil {
		panic("menara: a prefix of legal steps no longer replays: " + err.Error())
	}
	g.pos = p
	return last, true
}

// ReplayError says which step of a replay failed and why.
type ReplayError struct {
	Index int // 0-based index of the failing step
	Step  Step
	Err   error
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("step %d (%s): %v", e.Index+1, e.Step, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// Replay applies steps in order from start and returns the final position,
// or a *ReplayError for the first illegal step.
func Replay(start Position, steps []Step) (Position, error) {
	p := start
	for i, s := range steps {
		next, _, err := p.Apply(s)
		if err != nil {
			return p, &ReplayError{Index: i, Step: s, Err: err}
		}
		p = next
	}
	return p, nil
}
