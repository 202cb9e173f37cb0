package menara

import (
	"slices"

	"github.com/tablebot/tablebot/bot"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// State is a game in progress: the seats' names in the record, the
// starting position, the steps played (as played: a floor step's side and
// position filled in) and the position they lead to (bot.State). Seat i
// is the record's player i.
type State struct {
	players []string
	start   mr.Position
	steps   []mr.Step
	pos     mr.Position
}

var _ bot.State = (*State)(nil)

// Position returns the current position.
func (s *State) Position() mr.Position { return s.pos }

// PositionOf returns the position of a state of this game; false for a
// state of another game.
func PositionOf(st bot.State) (mr.Position, bool) {
	s, ok := st.(*State)
	if !ok || s == nil {
		return mr.Position{}, false
	}
	return s.pos, true
}

// Moves is the number of steps made.
func (s *State) Moves() int { return len(s.steps) }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.pos.Phase() == mr.Over }

// ToAct returns the seat of the player to act: one at a time, although
// everyone plays together.
func (s *State) ToAct() []int {
	if s.Over() {
		return nil
	}
	return []int{s.pos.Turn()}
}

// Out reports false: nobody leaves a team (a seat may be handed to a
// computer teammate).
func (s *State) Out(seat int) bool { return false }

// Play makes a step given as a record line ("ana column R on K2").
func (s *State) Play(line string) (bot.Effect, error) {
	step, err := notation.ParseStep(s.players, line)
	if err != nil {
		return nil, rekey(err)
	}
	next, e, err := s.pos.Apply(step)
	if err != nil {
		return nil, err
	}
	s.pos = next
	s.steps = append(s.steps, e.Step)
	return &e, nil
}

// Clone returns an independent copy.
func (s *State) Clone() bot.State {
	c := *s
	c.steps = slices.Clone(s.steps)
	return &c
}

// Auto returns no step: a player always has a choice, if only whether to
// renew the camp, and a record plays as it stands.
func (s *State) Auto() (string, bool) { return "", false }

// Last returns the effects of the latest step (*mr.Effects), nil before
// the first.
func (s *State) Last() bot.Effect {
	if len(s.steps) == 0 {
		return nil
	}
	h := s.History()
	return h[len(h)-1]
}

// History returns the effects of every step (*mr.Effects), replayed from
// the start.
func (s *State) History() []bot.Effect {
	out := make([]bot.Effect, 0, len(s.steps))
	for _, e := range s.effects() {
		out = append(out, e)
	}
	return out
}

// effects replays the steps and returns what each did.
func (s *State) effects() []*mr.Effects {
	out := make([]*mr.Effects, 0, len(s.steps))
	pos := s.start
	for _, step := range s.steps {
		next, e, err := pos.Apply(step)
		if err != nil {
			break // cannot happen: the steps were played once already
		}
		pos = next
		out = append(out, &e)
	}
	return out
}

// line writes a step of seat as a record line.
func (s *State) line(step mr.Step) string { return notation.FormatStep(s.players, step) }

// effects reads an effect of this game.
func effects(e bot.Effect) (*mr.Effects, bool) {
	x, ok := e.(*mr.Effects)
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
