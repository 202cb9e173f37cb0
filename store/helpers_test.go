package store

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// clock is a deterministic Options.Now: every reading is one second after
// the previous one.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock {
	return &clock{t: time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)}
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Second)
	return c.t
}

// openTemp opens a new database in a temporary directory.
func openTemp(t testing.TB) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "data", "tablebot.db")
	db, err := Open(path, Options{Now: newClock().Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

// randomRecord returns the setup lines and move lines of a game of
// uniformly random legal moves, the same for the same seed.
func randomRecord(t testing.TB, players int, seed uint64) (setup, moves []string) {
	t.Helper()
	seats := shangrila.Colours[:players]
	p, err := shangrila.NewPosition(seats, shangrila.StartSetup)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	for p.Phase() != shangrila.Over {
		m := p.RandomMove(rng)
		if p, _, err = p.Apply(m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, notation.FormatMove(m))
	}
	names := make([]string, players)
	for i, c := range seats {
		names[i] = c.String()
	}
	return []string{"players " + strings.Join(names, " ")}, moves
}

// shangrilaCheck is the bot's Check for The Bridges of Shangri-La: it
// applies the move to the snapshot, or to the replayed record when there
// is none, stores the new state and ends the game at its end.
func shangrilaCheck(g *Game, m Move) (Checked, error) {
	var p shangrila.Position
	if g.Snapshot != nil {
		var err error
		if p, err = notation.UnmarshalPosition(g.Snapshot); err != nil {
			return Checked{}, err
		}
	} else {
		rec, err := notation.ParseRecord(strings.NewReader(g.Record()))
		if err != nil {
			return Checked{}, err
		}
		game, err := rec.Replay(nil)
		if err != nil {
			return Checked{}, err
		}
		p = game.Position()
	}
	mv, err := notation.ParseMove(m.Text)
	if err != nil {
		return Checked{}, err
	}
	next, _, err := p.Apply(mv)
	if err != nil {
		return Checked{}, err
	}
	c := Checked{Snapshot: notation.MarshalPosition(&next)}
	if next.Phase() == shangrila.Over {
		c.Finish = Over
	}
	return c, nil
}

// replay replays a stored game's record with the engine.
func replay(t testing.TB, g *Game) shangrila.Position {
	t.Helper()
	rec, err := notation.ParseRecord(strings.NewReader(g.Record()))
	if err != nil {
		t.Fatal(err)
	}
	game, err := rec.Replay(nil)
	if err != nil {
		t.Fatalf("game %s does not replay: %v", g.ID, err)
	}
	return game.Position()
}

// startGame creates a Shangri-La game in channel and starts it.
func startGame(t testing.TB, db *DB, channel string, setup []string) *Game {
	t.Helper()
	ctx := context.Background()
	g := &Game{
		Guild: "guild", Channel: channel, Kind: "shangrila", Creator: "u1",
		Players: []Player{
			{UserID: "u1", Name: "Alice", Colour: "red"},
			{UserID: "u2", Name: "Bob", Colour: "blue"},
			{UserID: "u3", Name: "Carol", Colour: "yellow"},
			{Name: "Ada", Colour: "violet", Computer: "easy"},
		},
		Settings: map[string]string{"language": "en"},
		Setup:    setup,
	}
	if err := db.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	started, err := db.Update(ctx, channel, g.ID, func(g *Game) error {
		g.Status = Playing
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return started
}

// byOf returns who makes the move with this text in g: the user id of
// the player of its colour, or Computer.
func byOf(g *Game, text string) string {
	colour, _, _ := strings.Cut(text, " ")
	for _, p := range g.Players {
		if p.Colour == colour && p.Computer == "" {
			return p.UserID
		}
	}
	return Computer
}

// wantCode fails unless err is a *rules.Error with the given code.
func wantCode(t testing.TB, err error, code rules.Code) {
	t.Helper()
	var re *rules.Error
	if !errors.As(err, &re) || re.Code != code {
		t.Fatalf("error %v (%T), want a *rules.Error with code %q", err, err, code)
	}
}
func ids(gs []*Game) []string {
	var out []string
	for _, g := range gs {
		out = append(out, g.ID)
	}
	return out
}
