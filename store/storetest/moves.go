package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/store"
)

func testAppendMoveRefuses(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 3)
	g := startGame(t, db, "c1", setup)
	for i := range 3 {
		if _, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: i, Text: moves[i], By: "u1"}, shangrilaCheck); err != nil {
			t.Fatal(err)
		}
	}
	lobby := &store.Game{Channel: "c2", Kind: "shangrila", Setup: setup}
	if err := db.Create(ctx, lobby); err != nil {
		t.Fatal(err)
	}
	before, err := db.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		channel string
		id      string
		m       store.Move
		code    rules.Code // "" for an internal error
	}{
		{"a move number already taken", "c1", g.ID, store.Move{N: 2, Text: moves[3], By: "u1"}, store.Conflict},
		{"a move number in the future", "c1", g.ID, store.Move{N: 4, Text: moves[3], By: "u1"}, store.Conflict},
		{"a negative move number", "c1", g.ID, store.Move{N: -1, Text: moves[3], By: "u1"}, store.Conflict},
		{"another game", "c1", "c1-7", store.Move{N: 3, Text: moves[3], By: "u1"}, store.Conflict},
		{"a game in the lobby", "c2", lobby.ID, store.Move{N: 0, Text: moves[0], By: "u1"}, store.Conflict},
		{"an empty channel", "c3", "c3-1", store.Move{N: 0, Text: moves[0], By: "u1"}, store.NotFound},
		{"an illegal move", "c1", g.ID, store.Move{N: 3, Text: "violet journey A M", By: "u1"}, rules.Illegal},
		{"a move out of turn", "c1", g.ID, store.Move{N: 3, Text: "red pass", By: "u1"}, rules.NotYourTurn},
		{"an unreadable move", "c1", g.ID, store.Move{N: 3, Text: "red dance", By: "u1"}, rules.Invalid},
		{"two lines", "c1", g.ID, store.Move{N: 3, Text: moves[3] + "\nred pass", By: "u1"}, ""},
		{"a comment", "c1", g.ID, store.Move{N: 3, Text: moves[3] + " # hi", By: "u1"}, ""},
		{"nobody", "c1", g.ID, store.Move{N: 3, Text: moves[3]}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := db.AppendMove(ctx, tt.channel, tt.id, tt.m, shangrilaCheck)
			if err == nil {
				t.Fatal("AppendMove accepted it")
			}
			if tt.code != "" {
				wantCode(t, err, tt.code)
			} else if code := rules.ErrorCode(err); code != rules.Internal {
				t.Errorf("error %v has code %q, want an internal error", err, code)
			}
		})
	}
	after, err := db.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(after, before) {
		t.Error("refused moves changed the database")
	}
}

func testUndoMove(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 4)
	g := startGame(t, db, "c1", setup)
	for i := range 5 {
		if _, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: i, Text: moves[i], By: "u1"}, shangrilaCheck); err != nil {
			t.Fatal(err)
		}
	}
	_, err := db.UndoMove(ctx, "c1", g.ID, 4)
	wantCode(t, err, store.Conflict)
	undone, err := db.UndoMove(ctx, "c1", g.ID, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(undone.Moves) != 4 || undone.Snapshot != nil {
		t.Fatalf("after undo: %d moves, snapshot %v", len(undone.Moves), undone.Snapshot != nil)
	}
	// The same undo again finds the game changed.
	_, err = db.UndoMove(ctx, "c1", g.ID, 5)
	wantCode(t, err, store.Conflict)

	// The next move replays the record (no snapshot) and stores a new one.
	again, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: 4, Text: moves[4], By: "u1"}, shangrilaCheck)
	if err != nil {
		t.Fatal(err)
	}
	if again.Snapshot == nil {
		t.Error("no snapshot after the move that followed an undo")
	}
	for n := 5; n > 0; n-- {
		if _, err := db.UndoMove(ctx, "c1", g.ID, n); err != nil {
			t.Fatal(err)
		}
	}
	_, err = db.UndoMove(ctx, "c1", g.ID, 0)
	wantCode(t, err, store.Conflict)
}

// testUndoMoves takes back several moves in one transaction: all of them,
// or, when the game has moved on or has fewer moves, none.
func testUndoMoves(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 6)
	g := startGame(t, db, "c1", setup)
	for i := range 6 {
		if _, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: i, Text: moves[i], By: "u1"}, shangrilaCheck); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name            string
		expected, count int
		wantErr         bool
		wantMoves       int
	}{
		{"a stale count", 5, 2, true, 6},
		{"more than there are", 6, 7, true, 6},
		{"none", 6, 0, true, 6},
		{"three at once", 6, 3, false, 3},
		{"the rest", 3, 3, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := db.UndoMoves(ctx, "c1", g.ID, tt.expected, tt.count, nil)
			if tt.wantErr {
				wantCode(t, err, store.Conflict)
			} else if err != nil || len(got.Moves) != tt.wantMoves {
				t.Fatalf("UndoMoves: %v", err)
			}
			now, err := db.Current(ctx, "c1")
			if err != nil || len(now.Moves) != tt.wantMoves {
				t.Fatalf("stored: %d moves, want %d (%v)", len(now.Moves), tt.wantMoves, err)
			}
			for i, m := range now.Moves {
				if m.Text != moves[i] {
					t.Errorf("move %d: %q, want %q", i, m.Text, moves[i])
				}
			}
		})
	}
}

// testStaleSnapshotIsDropped checks that a snapshot never outlives the
// moves it reflects: a move whose check gives none drops the old one.
func testStaleSnapshotIsDropped(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 5)
	g := startGame(t, db, "c1", setup)
	if _, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: 0, Text: moves[0], By: "u1"}, shangrilaCheck); err != nil {
		t.Fatal(err)
	}
	got, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: 1, Text: moves[1], By: "u2"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cur, err := db.Current(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Snapshot != nil || cur.Snapshot != nil {
		t.Error("the snapshot of move 0 survived move 1")
	}
}

// testWholeGameFinishes plays a whole random game through the store: the
// last move's check ends the game, which is archived in the same commit.
func testWholeGameFinishes(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 6)
	g := startGame(t, db, "c1", setup)
	var last *store.Game
	for i, text := range moves {
		var err error
		if last, err = db.AppendMove(ctx, "c1", g.ID, store.Move{N: i, Text: text, By: byOf(g, text)}, shangrilaCheck); err != nil {
			t.Fatalf("move %d %q: %v", i, text, err)
		}
	}
	if last.Status != store.Over {
		t.Fatalf("status after the last move %s, want over", last.Status)
	}
	if _, err := db.Current(ctx, "c1"); rules.ErrorCode(err) != store.NotFound {
		t.Errorf("Current after the end: %v, want not found", err)
	}
	stored, err := db.Game(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(stored, last) {
		t.Errorf("stored game differs from the one AppendMove returned")
	}
	if p := replay(t, stored); len(p.Winners()) == 0 {
		t.Error("the replayed game has no winner")
	}
}

// testConcurrentAppendsOneChannel has many goroutines answer the same
// board at once, move after move: exactly one of them is stored each time
// and the others learn that someone moved first.
func testConcurrentAppendsOneChannel(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 7)
	g := startGame(t, db, "c1", setup)
	const clickers = 16
	const rounds = 20
	for n := range rounds {
		var (
			wg      sync.WaitGroup
			start   = make(chan struct{})
			mu      sync.Mutex
			winners []string
			losers  int
		)
		for c := range clickers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				by := fmt.Sprintf("clicker%d", c)
				<-start
				_, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: n, Text: moves[n], By: by}, shangrilaCheck)
				mu.Lock()
				defer mu.Unlock()
				var re *rules.Error
				switch {
				case err == nil:
					winners = append(winners, by)
				case errors.As(err, &re) && re.Code == store.Conflict && re.Key == "store.moved-first":
					losers++
				default:
					t.Errorf("move %d by %s: %v", n, by, err)
				}
			}()
		}
		close(start)
		wg.Wait()
		if len(winners) != 1 || losers != clickers-1 {
			t.Fatalf("move %d: %d stored (%v), %d conflicts; want 1 and %d", n, len(winners), winners, losers, clickers-1)
		}
		cur, err := db.Current(ctx, "c1")
		if err != nil {
			t.Fatal(err)
		}
		if len(cur.Moves) != n+1 || cur.Moves[n].By != winners[0] {
			t.Fatalf("move %d: stored %d moves, last by %s; want %d by %s", n, len(cur.Moves), cur.Moves[len(cur.Moves)-1].By, n+1, winners[0])
		}
	}
}

// testConcurrentAppendsManyChannels plays many channels at once: every
// move of every channel is stored once, in order, and each game replays.
func testConcurrentAppendsManyChannels(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	const channels = 40
	const perChannel = 15
	type game struct {
		g     *store.Game
		moves []string
	}
	games := make([]game, channels)
	for i := range games {
		setup, moves := randomRecord(t, 4, uint64(100+i))
		games[i] = game{startGame(t, db, fmt.Sprintf("ch%02d", i), setup), moves[:perChannel]}
	}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for _, gm := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for n, text := range gm.moves {
				if _, err := db.AppendMove(ctx, gm.g.Channel, gm.g.ID, store.Move{N: n, Text: text, By: byOf(gm.g, text)}, shangrilaCheck); err != nil {
					t.Errorf("%s move %d: %v", gm.g.Channel, n, err)
					return
				}
			}
		}()
	}
	close(start)
	wg.Wait()
	for _, gm := range games {
		cur, err := db.Current(ctx, gm.g.Channel)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range cur.Moves {
			got = append(got, m.Text)
		}
		if !reflect.DeepEqual(got, gm.moves) {
			t.Errorf("%s: stored %d moves, want %d in order", gm.g.Channel, len(got), len(gm.moves))
		}
		replay(t, cur)
	}
}

// testBatchSurvivesFailures mixes appends with updates that fail inside
// the shared transaction: bbolt then rolls the batch back and reruns its
// functions, and still every move is stored exactly once.
func testBatchSurvivesFailures(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	const channels = 12
	const perChannel = 15
	var wg sync.WaitGroup
	start := make(chan struct{})
	games := make([]*store.Game, channels)
	for i := range games {
		setup, moves := randomRecord(t, 4, uint64(200+i))
		g := startGame(t, db, fmt.Sprintf("ch%02d", i), setup)
		games[i] = g
		wg.Add(2)
		go func() {
			defer wg.Done()
			<-start
			for n, text := range moves[:perChannel] {
				if _, err := db.AppendMove(ctx, g.Channel, g.ID, store.Move{N: n, Text: text, By: byOf(g, text)}, shangrilaCheck); err != nil {
					t.Errorf("%s move %d: %v", g.Channel, n, err)
					return
				}
			}
		}()
		go func() {
			defer wg.Done()
			<-start
			for range perChannel {
				_, err := db.Update(ctx, g.Channel, g.ID, func(g *store.Game) error {
					g.Kind = "renamed" // refused inside the transaction
					return nil
				})
				if err == nil || rules.ErrorCode(err) != rules.Internal {
					t.Errorf("%s: a refused update returned %v", g.Channel, err)
				}
			}
		}()
	}
	close(start)
	wg.Wait()
	for _, g := range games {
		cur, err := db.Current(ctx, g.Channel)
		if err != nil {
			t.Fatal(err)
		}
		if len(cur.Moves) != perChannel || cur.Kind != "shangrila" {
			t.Errorf("%s: %d moves of kind %s, want %d of shangrila", g.Channel, len(cur.Moves), cur.Kind, perChannel)
		}
		replay(t, cur)
	}
}
