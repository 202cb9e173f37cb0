package bot

import "slices"

// Engine is what a game's rules give the host's State: positions P that
// are values (Apply returns a new one and leaves its argument as it was),
// moves M, and E, what a move did (a pointer or a value the game's View
// reads back from an Effect). A game embeds EngineDefaults for what its
// rules do not have (resignation, automatic passes, quiet moves).
type Engine[P, M, E any] interface {
	// Apply makes move m in pos; an illegal move is a *rules.Error.
	Apply(pos P, m M) (P, E, error)
	// ParseMove reads a move's record line; FormatMove writes it.
	ParseMove(line string) (M, error)
	FormatMove(m M) string
	// Over reports whether the game has ended in pos.
	Over(pos P) bool
	// ToAct returns the seats that may act in pos (see State.ToAct).
	ToAct(pos P) []int
	// Out reports whether seat has left the game in pos.
	Out(pos P, seat int) bool
	// Auto returns the move the host makes by itself in pos (a pass).
	Auto(pos P) (M, bool)
	// Quiet reports whether a move that did e is not worth showing as
	// the latest move (an automatic pass): Last skips it.
	Quiet(e E) bool
}

// Lister is implemented by an engine that lists the legal moves of a
// position; the forms' Moves then lists them (see Forms.Moves).
type Lister[P, M any] interface {
	Legal(pos P) []M
}

// EngineDefaults gives an Engine what most games' rules do not have:
// nobody leaves, no automatic moves, every move shown. Embed it.
type EngineDefaults[P, M, E any] struct{}

// Out reports false: nobody leaves the game.
func (EngineDefaults[P, M, E]) Out(P, int) bool { return false }

// Auto returns no move: a seat always has a choice.
func (EngineDefaults[P, M, E]) Auto(P) (M, bool) {
	var none M
	return none, false
}

// Quiet reports false: every move is shown.
func (EngineDefaults[P, M, E]) Quiet(E) bool { return false }

// Replay is a game in progress as its engine replayed it: the State every
// game gives the host, so no game writes its own. Invariants: pos is
// start with moves applied; last is what the latest move that is not
// quiet did (shown is false when there is none), kept so that Last does
// not replay the game; unknown is set while last is still to be found
// (a game loaded already played, see Replayed).
type Replay[P, M, E any] struct {
	eng     Engine[P, M, E]
	start   P
	moves   []M
	pos     P
	last    E
	shown   bool
	unknown bool
	memo    map[string]any // what Memo made of pos; nil after a move
}

var _ State = (*Replay[int, int, int])(nil)

// NewReplay starts a replay at start.
func NewReplay[P, M, E any](eng Engine[P, M, E], start P) *Replay[P, M, E] {
	return &Replay[P, M, E]{eng: eng, start: start, pos: start}
}

// Replayed returns the replay of a game its rules have played already:
// moves lead from start to pos. What the latest move did is found at the
// first Last, by one replay, and kept.
func Replayed[P, M, E any](eng Engine[P, M, E], start P, moves []M, pos P) *Replay[P, M, E] {
	return &Replay[P, M, E]{eng: eng, start: start, moves: slices.Clip(moves), pos: pos, unknown: len(moves) > 0}
}

// Legal lists the legal moves as record lines, none once the game is
// over; false when the engine lists none (it is no Lister).
func (r *Replay[P, M, E]) Legal() ([]string, bool) {
	l, ok := r.eng.(Lister[P, M])
	if !ok || r.eng.Over(r.pos) {
		return nil, ok
	}
	ms := l.Legal(r.pos)
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = r.eng.FormatMove(m)
	}
	return out, true
}

// ReplayOf returns the replay behind a State of a game with these types.
// A State of another game is a bug in the host or the game: it panics
// rather than let the game play on an empty position.
func ReplayOf[P, M, E any](st State) *Replay[P, M, E] {
	r, ok := st.(*Replay[P, M, E])
	if !ok || r == nil {
		panic("bot: a state of another game")
	}
	return r
}

// PositionOf returns the position of a State of a game with these types;
// false for a State of another game (a test asking what a channel plays).
func PositionOf[P, M, E any](st State) (P, bool) {
	r, ok := st.(*Replay[P, M, E])
	if !ok || r == nil {
		var none P
		return none, false
	}
	return r.pos, true
}

// EffectOf returns what a move did as its engine reported it, E (the
// Effect of Play, Last and History); false for none or another game's.
func EffectOf[E any](e Effect) (E, bool) {
	x, ok := e.(E)
	return x, ok
}

// EffectsOf returns the effects among es of a game whose effects are E,
// in order; those of another game are left out.
func EffectsOf[E any](es []Effect) []E {
	out := make([]E, 0, len(es))
	for _, e := range es {
		if x, ok := e.(E); ok {
			out = append(out, x)
		}
	}
	return out
}

// Apply makes a move given as a value; see Play.
func (r *Replay[P, M, E]) Apply(m M) (E, error) {
	next, e, err := r.eng.Apply(r.pos, m)
	if err != nil {
		return e, err
	}
	r.pos, r.memo = next, nil
	r.moves = append(r.moves, m)
	if !r.eng.Quiet(e) {
		r.last, r.shown, r.unknown = e, true, false
	}
	return e, nil
}

// Position returns the current position.
func (r *Replay[P, M, E]) Position() P { return r.pos }

// Start returns the position the game started from.
func (r *Replay[P, M, E]) Start() P { return r.start }

// MoveList returns the moves made, in order; the caller must not change it.
func (r *Replay[P, M, E]) MoveList() []M { return r.moves }

// Engine returns the engine the replay plays with.
func (r *Replay[P, M, E]) Engine() Engine[P, M, E] { return r.eng }

// Line writes a move as its record line.
func (r *Replay[P, M, E]) Line(m M) string { return r.eng.FormatMove(m) }

// Moves is the number of moves made.
func (r *Replay[P, M, E]) Moves() int { return len(r.moves) }

// Over reports whether the game has ended.
func (r *Replay[P, M, E]) Over() bool { return r.eng.Over(r.pos) }

// ToAct returns the seats that may act now; nil when the game is over.
func (r *Replay[P, M, E]) ToAct() []int {
	if r.Over() {
		return nil
	}
	return r.eng.ToAct(r.pos)
}

// Out reports whether seat has left the game.
func (r *Replay[P, M, E]) Out(seat int) bool { return r.eng.Out(r.pos, seat) }

// Play makes a move given as its record line.
func (r *Replay[P, M, E]) Play(line string) (Effect, error) {
	m, err := r.eng.ParseMove(line)
	if err != nil {
		return nil, err
	}
	e, err := r.Apply(m)
	if err != nil {
		return nil, err
	}
	return e, nil
}

// Clone returns an independent copy: the moves are clipped, so that a
// move made on either copy never writes where the other reads.
func (r *Replay[P, M, E]) Clone() State {
	c := *r
	c.moves, c.memo = slices.Clip(r.moves), nil
	return &c
}

// Memo returns what derive makes of r's position, made once a position
// and key: what many questions of one request need, such as every label
// of a list. A move, or a clone, forgets it. Like the rest of a Replay, it
// is for one goroutine at a time.
func Memo[T, P, M, E any](r *Replay[P, M, E], key string, derive func(P) T) T {
	if v, ok := r.memo[key].(T); ok {
		return v
	}
	if r.memo == nil {
		r.memo = map[string]any{}
	}
	v := derive(r.pos)
	r.memo[key] = v
	return v
}

// Auto returns the move the host makes by itself now, as a record line.
func (r *Replay[P, M, E]) Auto() (string, bool) {
	if r.Over() {
		return "", false
	}
	m, ok := r.eng.Auto(r.pos)
	if !ok {
		return "", false
	}
	return r.eng.FormatMove(m), true
}

// Last is what the latest move that is not quiet did; nil when there is
// none.
func (r *Replay[P, M, E]) Last() Effect {
	if r.unknown {
		r.findLast()
	}
	if !r.shown {
		return nil
	}
	return r.last
}

// findLast replays the game to find what its latest move that is not
// quiet did.
func (r *Replay[P, M, E]) findLast() {
	r.unknown = false
	for _, e := range r.Effects() {
		if !r.eng.Quiet(e) {
			r.last, r.shown = e, true
		}
	}
}

// History is Effects as the host holds them.
func (r *Replay[P, M, E]) History() []Effect {
	es := r.Effects()
	out := make([]Effect, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// Effects replays the game from its start and returns what every move
// did, in order, as the engine reports it; it is for the rare requests
// that show the whole game.
func (r *Replay[P, M, E]) Effects() []E {
	out := make([]E, 0, len(r.moves))
	pos := r.start
	for _, m := range r.moves {
		next, e, err := r.eng.Apply(pos, m)
		if err != nil {
			break // cannot happen: the moves were played once already
		}
		pos = next
		out = append(out, e)
	}
	return out
}
