package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store"
)

// testVersions: every change of a game's moves, seats, status or setup
// makes its version greater, never the same twice (an undo too);
// bookkeeping leaves it alone; the position follows the moves only.
func testVersions(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 3)
	g := &store.Game{Channel: "c1", Kind: "shangrila", Creator: "u1", Setup: setup,
		Players: []store.Player{{UserID: "u1", Colour: "red"}, {UserID: "u2", Colour: "blue"}, {UserID: "u3", Colour: "yellow"}, {UserID: "u4", Colour: "violet"}}}
	if err := db.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	seen := []uint64{g.Version}
	step := func(name string, bumps bool, change func() (*store.Game, error)) *store.Game {
		t.Helper()
		before := seen[len(seen)-1]
		got, err := change()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		stored, err := db.Game(ctx, g.ID)
		if err != nil || stored.Version != got.Version || stored.Position != got.Position {
			t.Fatalf("%s: stored %+v, returned version %d (%v)", name, stored, got.Version, err)
		}
		switch {
		case bumps && (got.Version <= before || slices.Contains(seen, got.Version)):
			t.Errorf("%s: version %d after %d (seen %v)", name, got.Version, before, seen)
		case !bumps && got.Version != before:
			t.Errorf("%s: bookkeeping changed the version from %d to %d", name, before, got.Version)
		}
		seen = append(seen, got.Version)
		return got
	}
	update := func(fn func(*store.Game)) func() (*store.Game, error) {
		return func() (*store.Game, error) {
			return db.Update(ctx, "c1", g.ID, func(g *store.Game) error { fn(g); return nil })
		}
	}
	step("start", true, update(func(g *store.Game) { g.Status = store.Playing }))
	step("the board's id", false, update(func(g *store.Game) { g.BoardMessage = "m1" }))
	step("a reminder counted", false, update(func(g *store.Game) { g.Reminded++ }))
	step("the language", false, update(func(g *store.Game) { g.Settings = map[string]string{"lang": "es"} }))
	for n := range 3 {
		got := step("a move", true, func() (*store.Game, error) {
			return db.AppendMove(ctx, "c1", g.ID, store.Move{N: n, Text: moves[n], By: "u1"}, shangrilaCheck)
		})
		if got.Position != got.Version {
			t.Errorf("after a move: position %d, version %d", got.Position, got.Version)
		}
	}
	moved := step("a computer stands in", true, update(func(g *store.Game) { g.Players[1].Away = "medium" }))
	if moved.Position == moved.Version {
		t.Errorf("a seat's change moved the position to %d", moved.Position)
	}
	step("the seat taken back", true, update(func(g *store.Game) { g.Players[1].Away = "" }))
	until := time.Date(2026, 12, 3, 17, 0, 0, 0, time.UTC)
	away := step("a person away", true, update(func(g *store.Game) { g.Players[0].AwayUntil = until }))
	if stored, err := db.Game(ctx, g.ID); err != nil || !stored.Players[0].AwayUntil.Equal(until) || !slices.Equal(stored.Players, away.Players) {
		t.Errorf("a person away: stored %+v (%v)", stored.Players[0], err)
	}
	step("the same again", false, update(func(g *store.Game) { g.Players[0].AwayUntil = until }))
	step("back", true, update(func(g *store.Game) { g.Players[0].AwayUntil = time.Time{} }))
	step("a hand-over", true, update(func(g *store.Game) { g.Players[2].UserID, g.Players[2].Computer = "", "hard" }))
	undone := step("an undo", true, func() (*store.Game, error) { return db.UndoMove(ctx, "c1", g.ID, 3) })
	again := step("the same move again", true, func() (*store.Game, error) {
		return db.AppendMove(ctx, "c1", g.ID, store.Move{N: 2, Text: moves[2], By: "u1"}, shangrilaCheck)
	})
	if undone.Position == again.Position || len(again.Moves) != 3 {
		t.Errorf("the same number of moves after an undo kept the position %d", again.Position)
	}
	step("the end", true, update(func(g *store.Game) { g.Status = store.Cancelled }))
}

// testAppendMoveMore: the moves that follow a move by themselves are stored
// with it in one transaction, numbered after it, with one announcement and
// one new version; a check that refuses stores none of them.
func testAppendMoveMore(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 8)
	g := startGame(t, db, "c1", setup)
	withMore := func(g *store.Game, m store.Move) (store.Checked, error) {
		c, err := shangrilaCheck(g, m)
		c.Snapshot = nil
		c.More = []store.Move{{Text: moves[1], By: "auto"}, {Text: moves[2], By: "auto"}}
		c.Announce = &store.Announcement{Kind: store.Board, Lines: []string{"three moves"}}
		return c, err
	}
	got, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: 0, Text: moves[0], By: "u1"}, withMore)
	if err != nil {
		t.Fatal(err)
	}
	stored, _ := db.Current(ctx, "c1")
	for _, h := range []*store.Game{got, stored} {
		if len(h.Moves) != 3 || h.Moves[1].N != 1 || h.Moves[2].N != 2 || h.Moves[2].By != "auto" || !h.Moves[2].At.Equal(h.Moves[0].At) {
			t.Fatalf("moves %+v", h.Moves)
		}
		if h.Version != g.Version+1 || h.Position != h.Version {
			t.Errorf("version %d (position %d) after one change of version %d", h.Version, h.Position, g.Version)
		}
	}
	box, _ := db.Outbox(ctx, "c1")
	if len(box) != 1 || box[0].Moves != 3 || box[0].Version != got.Version {
		t.Errorf("outbox %+v", box)
	}
	bad := func(g *store.Game, m store.Move) (store.Checked, error) {
		return store.Checked{More: []store.Move{{Text: "", By: "auto"}}}, nil
	}
	if _, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: 3, Text: moves[3], By: "u1"}, bad); err == nil {
		t.Fatal("a move followed by an empty one was stored")
	}
	if now, _ := db.Current(ctx, "c1"); len(now.Moves) != 3 || now.Version != got.Version {
		t.Errorf("a refused append changed the game: %d moves, version %d", len(now.Moves), now.Version)
	}
}
