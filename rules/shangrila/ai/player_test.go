package ai

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// games returns n scaled down for -short and for the race detector.
func games(n int) int {
	if testing.Short() {
		n /= 10
	}
	if raceEnabled {
		n /= 8
	}
	return max(n, 2)
}

// playMixed plays game i of a legality run: 3 or 4 seats of the given
// levels drawn by i, and in every other game a seat resigning part-way, as
// in the bot when a player leaves and a computer plays on beside the
// others. PlayGame fails on any illegal move.
func playMixed(t *testing.T, i int, levels []Level, opts Options) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(i), 99))
	n := 3 + i%2
	start, err := shangrila.NewPosition(shangrila.Colours[:n], shangrila.Start(i/2%2))
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]Player, n)
	for s := range ps {
		ps[s] = New(levels[rng.IntN(len(levels))], rng.Uint64(), opts)
	}
	if i%4 == 1 {
		// Play part of the game, resign a seat, then play on.
		g := shangrila.GameFrom(start)
		for k := 0; k < 20+rng.IntN(60) && g.Position().Phase() != shangrila.Over; k++ {
			p := g.Position()
			seat, _ := p.Seat(p.Turn())
			if _, err := g.Play(ps[seat].Move(context.Background(), &p)); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
		}
		quitter := shangrila.Colours[rng.IntN(n)]
		if _, err := g.Play(shangrila.ResignMove(quitter)); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		start = g.Position()
	}
	g, err := PlayGame(context.Background(), start, ps)
	if err != nil {
		t.Fatalf("game %d: %v", i, err)
	}
	if g.Position().Phase() != shangrila.Over {
		t.Fatalf("game %d did not end", i)
	}
}

// TestLegalGames plays many games between computer players of every level,
// with resignations, checking every move with the engine.
func TestLegalGames(t *testing.T) {
	tests := []struct {
		name   string
		levels []Level
		games  int
		opts   Options
	}{
		{"random and easy", []Level{Random, Easy}, games(2000), Options{}},
		{"easy and medium", []Level{Random, Easy, Medium, Medium}, games(600), Options{}},
		{"hard with a tiny budget", []Level{Hard, Hard, Easy, Medium}, games(30), Options{Iterations: 16}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			for i := range tt.games {
				playMixed(t, i, tt.levels, tt.opts)
			}
		})
	}
}

// TestCandidatesLegal checks the heuristic's move lists, which every level
// above random draws from, against the engine on every position of many
// games: each candidate is legal, and Pass comes exactly when it is the
// only legal move.
func TestCandidatesLegal(t *testing.T) {
	for seed := range uint64(games(200)) {
		for _, p := range gamePositions(t, 3+int(seed%2), seed) {
			var b board
			b.read(&p)
			cs := b.candidates(nil)
			legal := p.LegalMoves(nil)
			onlyPass := len(legal) == 1 && legal[0].Kind == shangrila.Pass
			for _, c := range cs {
				if err := p.Check(c.m); err != nil {
					t.Fatalf("candidate %s %s is illegal: %v", c.m.Player, c.m, err)
				}
				if (c.m.Kind == shangrila.Pass) != onlyPass {
					t.Fatalf("candidate %s %s, but legal moves are %v", c.m.Player, c.m, legal)
				}
			}
			if p.Phase() != shangrila.Over && len(cs) == 0 {
				t.Fatalf("no candidates in a game that goes on")
			}
		}
	}
}

// TestJourneyModel checks the heuristics' model of a journey against the
// engine: for every legal journey of many positions, the gain it predicts
// is each player's change in masters.
func TestJourneyModel(t *testing.T) {
	n := 0
	for seed := range uint64(games(100)) {
		for _, p := range gamePositions(t, 3+int(seed%2), seed) {
			var b board
			b.read(&p)
			for _, m := range p.LegalMoves(nil) {
				if m.Kind != shangrila.Journey {
					continue
				}
				br, _ := shangrila.BridgeBetween(m.From, m.To)
				g := b.plainJourney(m.From, link{m.To, br})
				after, _, err := p.Apply(m)
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range p.Players() {
					if got, want := int(g[c]), after.Score(c).Masters-p.Score(c).Masters; got != want {
						t.Fatalf("%s %s: model says %s gains %d, engine %d", m.Player, m, c, got, want)
					}
				}
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no journeys checked")
	}
}

// TestDeterministic plays the same game twice for each level: the same
// seeds give the same moves. Different seeds give a different game.
func TestDeterministic(t *testing.T) {
	for _, l := range Levels {
		t.Run(l.String(), func(t *testing.T) {
			play := func(seed uint64) []shangrila.Move {
				start, err := shangrila.NewPosition(four, shangrila.StartSuggested)
				if err != nil {
					t.Fatal(err)
				}
				ps := make([]Player, 4)
				for i := range ps {
					ps[i] = New(l, seed+uint64(i), budget(12))
				}
				g, err := PlayGame(context.Background(), start, ps)
				if err != nil {
					t.Fatal(err)
				}
				return g.Moves()
			}
			a, b := play(1), play(1)
			if !slices.Equal(a, b) {
				t.Errorf("the same seed played two different games")
			}
			if l != Medium && slices.Equal(a, play(100)) {
				// Medium's noise only breaks near-ties: it may well play
				// the same game with another seed.
				t.Errorf("another seed played the same game")
			}
		})
	}
}

// TestStateless checks that a player's move depends on the position only:
// asked in another order, or from several goroutines at once, the same
// player gives the same moves.
func TestStateless(t *testing.T) {
	ps := samplePositions(t, 4, 2, 8)
	for _, l := range Levels {
		t.Run(l.String(), func(t *testing.T) {
			pl := New(l, 7, budget(60))
			want := make([]shangrila.Move, len(ps))
			for i := range ps {
				want[i] = pl.Move(context.Background(), &ps[i])
			}
			got := make([][]shangrila.Move, 3)
			var wg sync.WaitGroup
			for g := range got {
				got[g] = make([]shangrila.Move, len(ps))
				wg.Add(1)
				go func() {
					defer wg.Done()
					for k := range ps {
						i := (len(ps) - 1 - k + g) % len(ps) // another order in each goroutine
						got[g][i] = pl.Move(context.Background(), &ps[i])
					}
				}()
			}
			wg.Wait()
			for g := range got {
				if !slices.Equal(got[g], want) {
					t.Errorf("goroutine %d: moves %v, want %v", g, got[g], want)
				}
			}
		})
	}
}

// TestOnlyPass checks that a player with nothing to do passes at once,
// however large its budget: without a search, which would read the clock
// (a clock that jumps an hour at every reading, so that a search would
// end at its first look and not run its budget).
func TestOnlyPass(t *testing.T) {
	p := build(t, four, shangrila.Red, "A: yellow R", "")
	for _, l := range Levels {
		t.Run(l.String(), func(t *testing.T) {
			reads := 0
			clock := func() time.Time {
				reads++
				return frozen().Add(time.Duration(reads) * time.Hour)
			}
			m := New(l, 1, Options{Think: time.Minute, Iterations: 1 << 30, clock: clock}).Move(context.Background(), &p)
			if want := shangrila.PassMove(shangrila.Red); m != want {
				t.Errorf("move %v, want %v", m, want)
			}
			if reads != 0 {
				t.Errorf("searched before passing (the clock read %d times)", reads)
			}
		})
	}
}

// TestGameOver checks the answer in a finished game: a Pass of nobody.
func TestGameOver(t *testing.T) {
	ps := gamePositions(t, 4, 1)
	over := ps[len(ps)-1]
	for _, l := range Levels {
		if m := New(l, 1, Options{}).Move(context.Background(), &over); m != shangrila.PassMove(shangrila.NoColour) {
			t.Errorf("%s: move %v in a finished game", l, m)
		}
	}
}
