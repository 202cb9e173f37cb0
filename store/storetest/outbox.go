package storetest

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store"
)

// testOutbox: an announcement is written with its change, in the same
// transaction (a refused move writes none), in the order of the changes,
// with the game's version after it; an undo takes the owed boards of the
// moves it takes back with it; Posted removes announcements up to a
// version and remembers the board; Retry reschedules them.
func testOutbox(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 21)
	g := startGame(t, db, "c1", setup)
	announce := func(line string) *store.Announcement {
		return &store.Announcement{Kind: store.Board, Lines: []string{line}, Reply: true}
	}
	for i := range 3 {
		check := func(g *store.Game, m store.Move) (store.Checked, error) {
			c, err := shangrilaCheck(g, m)
			c.Announce = announce(m.Text)
			return c, err
		}
		if _, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: i, Text: moves[i], By: "u1"}, check); err != nil {
			t.Fatal(err)
		}
	}
	refused := func(g *store.Game, m store.Move) (store.Checked, error) {
		return store.Checked{Announce: announce("never")}, errors.New("refused")
	}
	if _, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: 3, Text: moves[3], By: "u1"}, refused); err == nil {
		t.Fatal("a refused move was stored")
	}
	if _, err := db.UndoMoves(ctx, "c1", g.ID, 3, 1, announce("undone")); err != nil {
		t.Fatal(err)
	}
	if _, err := db.UpdateAnnounced(ctx, "c1", g.ID, func(g *store.Game) (*store.Announcement, error) {
		g.Reminded++
		return &store.Announcement{Kind: store.Reminder}, nil
	}); err != nil {
		t.Fatal(err)
	}
	box, err := db.Outbox(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	var seqs []uint64
	for _, a := range box {
		lines = append(lines, a.Kind+":"+firstLine(a.Lines))
		seqs = append(seqs, a.Seq)
		if a.Game != g.ID || a.Channel != "c1" || a.Created.IsZero() {
			t.Errorf("announcement %+v", a)
		}
	}
	// The third move was never posted when it was taken back: the
	// channel never hears of it.
	want := []string{"board:" + moves[0], "board:" + moves[1], "board:undone", "reminder:"}
	if !slices.Equal(lines, want) || !slices.IsSorted(seqs) {
		t.Fatalf("outbox %q (seqs %v), want %q", lines, seqs, want)
	}
	if box[1].Moves != 2 || box[2].Moves != 2 {
		t.Errorf("moves of the announcements: %d, %d", box[1].Moves, box[2].Moves)
	}
	for i := 1; i < len(box); i++ {
		if box[i].Version <= box[i-1].Version && box[i].Kind == store.Board {
			t.Errorf("versions do not grow: %d then %d", box[i-1].Version, box[i].Version)
		}
	}
	cur, _ := db.Current(ctx, "c1")
	if box[2].Version != cur.Version || cur.Position != cur.Version || box[3].Version != cur.Version {
		t.Errorf("the undo's announcement is of version %d, the game is at %d (position %d)", box[2].Version, cur.Version, cur.Position)
	}
	if chs, err := db.OutboxChannels(ctx); err != nil || !slices.Equal(chs, []string{"c1"}) {
		t.Errorf("OutboxChannels = %v, %v", chs, err)
	}
	posting(t, db, g, box, cur, moves)
}

// posting goes on from testOutbox's outbox box: a failed try, posts
// of older and current boards, and a move that resets the reminders.
func posting(t *testing.T, db store.Store, g *store.Game, box []store.Announcement, cur *store.Game, moves []string) {
	t.Helper()
	ctx := context.Background()
	next := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := db.Retry(ctx, "c1", g.ID, store.Board, box[1].Version, next, true); err != nil {
		t.Fatal(err)
	}
	box, _ = db.Outbox(ctx, "c1")
	if box[0].Attempts != 1 || !box[0].Doubt || box[0].Reply || !box[0].NextTry.Equal(next) || box[2].Attempts != 0 || box[2].Doubt || !box[2].Reply || box[3].Reply {
		t.Errorf("after Retry: %+v / %+v", box[0], box[2])
	}
	// A post of an older board: the boards up to it are gone from the
	// outbox, the rest are not, and it is not the latest board.
	if err := db.Posted(ctx, "c1", g.ID, store.Board, box[1].Version, "m42"); err != nil {
		t.Fatal(err)
	}
	if box, _ := db.Outbox(ctx, "c1"); len(box) != 2 || box[0].Kind != store.Board || box[1].Kind != store.Reminder {
		t.Errorf("still owed: %v", box)
	}
	if err := db.Posted(ctx, "c1", g.ID, store.Reminder, cur.Version, "m43"); err != nil {
		t.Fatal(err)
	}
	if box, _ := db.Outbox(ctx, "c1"); len(box) != 1 {
		t.Errorf("still owed: %v", box)
	}
	cur, _ = db.Current(ctx, "c1")
	if cur.BoardMessage != "" || cur.Reminded != 1 {
		t.Errorf("board %q, reminded %d", cur.BoardMessage, cur.Reminded)
	}
	// A board of the game as it stands is remembered as the latest.
	if err := db.Posted(ctx, "c1", g.ID, store.Board, cur.Version, "m44"); err != nil {
		t.Fatal(err)
	}
	if cur, _ := db.Current(ctx, "c1"); cur.BoardMessage != "m44" {
		t.Errorf("the latest board is %q", cur.BoardMessage)
	}
	if chs, _ := db.OutboxChannels(ctx); len(chs) != 0 {
		t.Errorf("OutboxChannels after posting: %v", chs)
	}
	// A move resets the reminders.
	if _, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: 2, Text: moves[2], By: "u1"}, shangrilaCheck); err != nil {
		t.Fatal(err)
	}
	if cur, _ := db.Current(ctx, "c1"); cur.Reminded != 0 {
		t.Errorf("reminded %d after a move", cur.Reminded)
	}
}

func firstLine(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return lines[0]
}
