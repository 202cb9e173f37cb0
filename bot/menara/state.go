package menara

import (
	"github.com/tablebot/tablebot/bot"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// State is a game in progress: its start, its steps and the position they
// lead to, replayed by the host's generic State. Seat i is the record's
// player i.
type State = bot.Replay[mr.Position, mr.Step, *mr.Effects]

// engine is the rules of Menara as the host's State plays them, with the
// record's names of the players, which its lines use. Nobody leaves a
// team (a seat may be handed to a computer teammate) and a player always
// has a choice, if only whether to renew the camp: the defaults.
type engine struct {
	bot.EngineDefaults[mr.Position, mr.Step, *mr.Effects]
	players []string
}

var (
	_ bot.Engine[mr.Position, mr.Step, *mr.Effects] = engine{}
	_ bot.Lister[mr.Position, mr.Step]              = engine{}
)

// Legal lists the steps the player to act may take, for the forms'
// Moves, steadiest first and the steps that make a floor fall last: every reveal, column, move and closing step, the exchanges of
// one column for one (any exchange may be typed), and one place of a
// floor for each set of columns, turn and side (the steadiest), one base
// extension for each turn and side.
func (engine) Legal(pos mr.Position) []mr.Step {
	var out []mr.Step
	switch pos.Stage() {
	case mr.NewFloor:
		out = steps(ai.Placements(pos.Placements(nil), ai.PlaceNew, mr.NoFloor))
	case mr.Building:
		if card, _ := pos.Card(); card.Type == mr.LiftCard {
			out = steps(ai.Lifts(pos.Placements(nil), mr.NoFloor))
		}
	}
	for _, step := range pos.LegalSteps(nil) {
		switch step.Kind {
		case mr.Exchange:
			if step.Give.Total() == 1 {
				out = append(out, step)
			}
		case mr.PlaceFloor, mr.Extend, mr.Lift:
		default:
			out = append(out, step)
		}
	}
	return pos.Steadiest(out)
}

// steps are the steps of placements.
func steps(pls []mr.Placement) []mr.Step {
	out := make([]mr.Step, len(pls))
	for i, pl := range pls {
		out[i] = pl.Step
	}
	return out
}

// Apply makes a step.
func (engine) Apply(pos mr.Position, step mr.Step) (mr.Position, *mr.Effects, error) {
	next, e, err := pos.Apply(step)
	if err != nil {
		return pos, nil, err
	}
	return next, &e, nil
}

// ParseMove reads a step's record line ("ana column R on K2").
func (g engine) ParseMove(line string) (mr.Step, error) { return notation.ParseStep(g.players, line) }

// FormatMove writes a step's record line.
func (g engine) FormatMove(step mr.Step) string { return notation.FormatStep(g.players, step) }

// Over reports whether the game has ended.
func (engine) Over(pos mr.Position) bool { return pos.Phase() == mr.Over }

// ToAct returns the seat of the player to act: one at a time, although
// everyone plays together.
func (engine) ToAct(pos mr.Position) []int { return []int{pos.Turn()} }

// PositionOf returns the position of a state of this game; false for a
// state of another game.
func PositionOf(st bot.State) (mr.Position, bool) {
	return bot.PositionOf[mr.Position, mr.Step, *mr.Effects](st)
}

// effects reads an effect of this game.
func effects(e bot.Effect) (*mr.Effects, bool) { return bot.EffectOf[*mr.Effects](e) }

// state reads a state of this game; a state of another game panics.
func state(st bot.State) *State { return bot.ReplayOf[mr.Position, mr.Step, *mr.Effects](st) }

// positionOf returns a copy of a state's position, for the functions that
// take one by pointer.
func positionOf(s *State) *mr.Position {
	pos := s.Position()
	return &pos
}
