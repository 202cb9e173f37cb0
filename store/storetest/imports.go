package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store"
)

// testImport: whole games are stored as their channels' games, ended ones
// archived and live ones current (and due); importing them again stores
// nothing; a second live game for a channel is refused and stores nothing.
func testImport(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 3, 51)
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	game := func(channel string, status store.Status, n int) *store.Game {
		g := &store.Game{Guild: "g1", Channel: channel, Kind: "shangrila", Status: status, Setup: setup, Created: at,
			Players: []store.Player{{UserID: "u1", Colour: "red"}, {UserID: "u2", Colour: "blue"}, {Computer: "easy", Colour: "yellow"}}}
		for i, text := range moves[:n] {
			g.Moves = append(g.Moves, store.Move{N: i, Text: text, By: "u1", At: at.Add(time.Duration(i) * time.Minute)})
		}
		return g
	}
	games := []*store.Game{game("c1", store.Over, len(moves)), game("c1", store.Playing, 10), game("c2", store.Cancelled, 5), game("c1", store.Playing, 3)}
	got, err := db.Import(ctx, games)
	if err != nil {
		t.Fatal(err)
	}
	if got[0].ID != "c1-1" || got[1].ID != "c1-2" || got[2].ID != "c2-1" || got[3].Err == nil {
		t.Fatalf("imported %+v", got)
	}
	wantCode(t, got[3].Err, store.Exists)
	again, err := db.Import(ctx, games[:3])
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range again {
		if !r.Again || r.ID != got[i].ID {
			t.Errorf("game %d imported again: %+v", i, r)
		}
	}
	over, err := db.Game(ctx, "c1-1")
	if err != nil || over.Record() != (&store.Game{Kind: "shangrila", Setup: setup, Moves: games[0].Moves}).Record() || over.Status != store.Over {
		t.Errorf("the ended game: %v, %v", over, err)
	}
	if !over.Moves[3].At.Equal(at.Add(3 * time.Minute)) {
		t.Errorf("move times: %v", over.Moves[3].At)
	}
	cur, err := db.Current(ctx, "c1")
	if err != nil || cur.ID != "c1-2" || len(cur.Moves) != 10 || cur.Wake.IsZero() {
		t.Errorf("the live game: %+v, %v", cur, err)
	}
	if live, archived, _ := db.Count(ctx); live != 1 || archived != 2 {
		t.Errorf("%d live, %d archived", live, archived)
	}
	if users, _ := db.LiveOf(ctx, "u2"); len(users) != 1 || users[0].Channel != "c1" {
		t.Errorf("LiveOf(u2) = %v", users)
	}
	importBesideLive(t, db, game("c1", store.Cancelled, 4))
	if err := db.Check(ctx, nil); err != nil {
		t.Error(err)
	}
}

// importBesideLive imports ended game g into channel c1 of testImport,
// which has a live game c1-2 of 10 moves: it leaves that game be.
func importBesideLive(t *testing.T, db store.Store, g *store.Game) {
	t.Helper()
	ctx := context.Background()
	late, err := db.Import(ctx, []*store.Game{g})
	if err != nil || late[0].ID != "c1-3" || late[0].Err != nil {
		t.Fatalf("an ended game beside a live one: %+v, %v", late, err)
	}
	if cur, err := db.Current(ctx, "c1"); err != nil || cur.ID != "c1-2" || len(cur.Moves) != 10 {
		t.Errorf("the live game after an ended one was imported: %v, %v", cur, err)
	}
	if users, _ := db.LiveOf(ctx, "u1"); len(users) != 1 {
		t.Errorf("LiveOf(u1) = %v", users)
	}
}
