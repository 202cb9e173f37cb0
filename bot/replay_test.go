package bot

import (
	"errors"
	"strconv"
	"testing"
)

// sums is an engine for testing Replay: a position is a running sum, a
// move a number added to it (negative numbers are illegal), what a move
// did the sum after it. The game is over at 10.
type sums struct{ EngineDefaults[int, int, int] }

func (sums) Apply(pos, m int) (int, int, error) {
	if m < 0 {
		return pos, 0, errors.New("negative")
	}
	return pos + m, pos + m, nil
}
func (sums) ParseMove(line string) (int, error) { return strconv.Atoi(line) }
func (sums) FormatMove(m int) string            { return strconv.Itoa(m) }
func (sums) Over(pos int) bool                  { return pos >= 10 }
func (sums) ToAct(int) []int                    { return []int{0} }

func TestReplayPlay(t *testing.T) {
	r := NewReplay[int, int, int](sums{}, 0)
	if r.Last() != nil {
		t.Errorf("Last before any move = %v, want nil", r.Last())
	}
	for _, line := range []string{"1", "2", "3"} {
		if _, err := r.Play(line); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := r.Play("-1"); err == nil {
		t.Error("an illegal move was made")
	}
	if _, err := r.Play("x"); err == nil {
		t.Error("a line that is no move was made")
	}
	if got, want := r.Moves(), 3; got != want {
		t.Errorf("Moves = %d, want %d", got, want)
	}
	if got, want := r.Position(), 6; got != want {
		t.Errorf("Position = %d, want %d", got, want)
	}
	if got, want := r.Last(), any(6); got != want {
		t.Errorf("Last = %v, want %v", got, want)
	}
	if got := r.History(); len(got) != 3 || got[0] != 1 || got[2] != 6 {
		t.Errorf("History = %v, want [1 3 6]", got)
	}
	r.Play("4")
	if !r.Over() || r.ToAct() != nil {
		t.Errorf("at 10: Over %v, ToAct %v; want over, nobody to act", r.Over(), r.ToAct())
	}
}

// TestReplayClone makes moves on two clones of one replay: neither sees
// the other's, although the moves' slice had room to grow in place.
func TestReplayClone(t *testing.T) {
	r := NewReplay[int, int, int](sums{}, 0)
	r.moves = make([]int, 0, 8)
	r.Play("1")
	a, b := r.Clone().(*Replay[int, int, int]), r.Clone().(*Replay[int, int, int])
	a.Play("2")
	b.Play("5")
	if got, want := a.MoveList(), []int{1, 2}; len(got) != 2 || got[1] != want[1] {
		t.Errorf("a's moves = %v, want %v", got, want)
	}
	if got := b.MoveList(); len(got) != 2 || got[1] != 5 {
		t.Errorf("b's moves = %v, want [1 5]", got)
	}
	if r.Moves() != 1 || r.Position() != 1 {
		t.Errorf("the original moved: %d moves at %d", r.Moves(), r.Position())
	}
}

// TestReplayedLast finds what the latest shown move did in a game loaded
// already played, skipping the quiet ones, as a game played move by move.
func TestReplayedLast(t *testing.T) {
	eng := loud{}
	tests := []struct {
		name  string
		moves []int
		want  Effect
	}{
		{"no move", nil, nil},
		{"last shown", []int{1, 2}, 3},
		{"quiet passes after", []int{1, 2, 0, 0}, 3},
		{"only passes", []int{0, 0}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			played := NewReplay[int, int, int](eng, 0)
			pos := 0
			for _, m := range tt.moves {
				played.Apply(m)
				pos += m
			}
			loaded := Replayed[int, int, int](eng, 0, tt.moves, pos)
			if got := played.Last(); got != tt.want {
				t.Errorf("played: Last = %v, want %v", got, tt.want)
			}
			if got := loaded.Last(); got != tt.want {
				t.Errorf("loaded: Last = %v, want %v", got, tt.want)
			}
		})
	}
}

// loud is sums where adding 0 is a quiet pass.
type loud struct{ sums }

func (loud) Apply(pos, m int) (int, int, error) {
	if m == 0 {
		return pos, -1, nil
	}
	return sums{}.Apply(pos, m)
}
func (loud) Quiet(e int) bool { return e < 0 }

func TestReplayOfAnotherGame(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("ReplayOf took a state of another game")
		}
	}()
	var st State = NewReplay[int, int, int](sums{}, 0)
	ReplayOf[string, int, int](st)
}

// TestPositionAndEffectOf checks the typed reads of a State and an Effect:
// their own game's read, another game's refused.
func TestPositionAndEffectOf(t *testing.T) {
	r := NewReplay[int, int, int](sums{}, 0)
	e, err := r.Play("4")
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := PositionOf[int, int, int](r); !ok || got != 4 {
		t.Errorf("PositionOf = %d, %t, want 4, true", got, ok)
	}
	if _, ok := PositionOf[string, int, int](r); ok {
		t.Error("PositionOf read a state of another game")
	}
	if got, ok := EffectOf[int](e); !ok || got != 4 {
		t.Errorf("EffectOf = %d, %t, want 4, true", got, ok)
	}
	for _, e := range []Effect{nil, "4"} {
		if _, ok := EffectOf[int](e); ok {
			t.Errorf("EffectOf(%#v) read an effect of another game", e)
		}
	}
}

// TestMemo checks that Memo derives a value once a position and key, and
// that a move or a clone forgets it.
func TestMemo(t *testing.T) {
	r := NewReplay[int, int, int](sums{}, 1)
	made := 0
	double := func(pos int) int { made++; return 2 * pos }
	steps := []struct {
		name      string
		do        func()
		want, ran int
	}{
		{"first", func() {}, 2, 1},
		{"again", func() {}, 2, 1},
		{"after a move", func() { r.Apply(3) }, 8, 2},
		{"in a clone", func() { r = r.Clone().(*Replay[int, int, int]) }, 8, 3},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			s.do()
			if got := Memo(r, "double", double); got != s.want || made != s.ran {
				t.Errorf("Memo = %d after %d derivations, want %d after %d", got, made, s.want, s.ran)
			}
		})
	}
}
