package bot

import (
	"testing"
	"time"
)

// countState is a State for the cache's test: only its moves matter.
type countState struct{ n int }

func (s *countState) Moves() int                  { return s.n }
func (s *countState) Over() bool                  { return false }
func (s *countState) ToAct() []int                { return nil }
func (s *countState) Out(int) bool                { return false }
func (s *countState) Play(string) (Effect, error) { s.n++; return nil, nil }
func (s *countState) Clone() State                { c := *s; return &c }
func (s *countState) Auto() (string, bool)        { return "", false }
func (s *countState) Last() Effect                { return nil }
func (s *countState) History() []Effect           { return nil }

// TestStates: a kept state serves its game at its version and number of
// moves only, as a copy; the least recently used and the too old go.
func TestStates(t *testing.T) {
	now := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	c := newStates(2, time.Hour)
	c.put("c1", "c1-1", 5, &countState{n: 3}, now)
	tests := []struct {
		name    string
		game    string
		version uint64
		moves   int
		ok      bool
	}{
		{"as kept", "c1-1", 5, 3, true},
		{"another version", "c1-1", 6, 3, false},
		{"another game", "c1-2", 5, 3, false},
		{"a prefix", "c1-1", 5, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, ok := c.get("c1", tt.game, tt.version, tt.moves, now)
			if ok != tt.ok {
				t.Fatalf("got %v, want %v", ok, tt.ok)
			}
			if ok {
				st.Play("x") // a copy: the kept state does not move
				if again, _ := c.get("c1", tt.game, tt.version, tt.moves, now); again == nil || again.Moves() != 3 {
					t.Error("the kept state changed with its copy")
				}
			}
		})
	}
	c.put("c2", "c2-1", 1, &countState{}, now.Add(time.Minute))
	c.get("c1", "c1-1", 5, 3, now.Add(2*time.Minute)) // c1 used last
	c.put("c3", "c3-1", 1, &countState{}, now.Add(3*time.Minute))
	if _, ok := c.get("c2", "c2-1", 1, 0, now.Add(3*time.Minute)); ok || c.len() != 2 {
		t.Errorf("the least recently used was kept: %d states", c.len())
	}
	if _, ok := c.get("c1", "c1-1", 5, 3, now.Add(3*time.Hour)); ok {
		t.Error("a state older than the age served")
	}
	c.put("c4", "c4-1", 1, &countState{}, now.Add(4*time.Hour))
	if c.len() != 1 {
		t.Errorf("%d states after the others grew old", c.len())
	}
}
