package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store"
)

// testOutboxDMs: an announcement keeps the users owed a DM and those its
// channel post does not ping; the post that carries it as its latest
// leaves it owed, Shown, with its tries counted afresh, until a second
// Posted (its DMs sent); an older one carried by a later post goes at
// once.
func testOutboxDMs(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 27)
	g := startGame(t, db, "c1", setup)
	for i := range 2 {
		check := func(g *store.Game, m store.Move) (store.Checked, error) {
			c, err := shangrilaCheck(g, m)
			c.Announce = &store.Announcement{Kind: store.Board, Lines: []string{m.Text}, Reply: true, Interaction: "i1",
				DM: []string{"u2", "u3"}, NoPing: []string{"u2"}}
			return c, err
		}
		if _, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: i, Text: moves[i], By: "u1"}, check); err != nil {
			t.Fatal(err)
		}
	}
	box, err := db.Outbox(ctx, "c1")
	if err != nil || len(box) != 2 {
		t.Fatalf("outbox %v, %v", box, err)
	}
	if a := box[1]; !slices.Equal(a.DM, []string{"u2", "u3"}) || !slices.Equal(a.NoPing, []string{"u2"}) || a.Shown {
		t.Errorf("the announcement as stored: %+v", a)
	}
	if err := db.Retry(ctx, "c1", g.ID, store.Board, box[1].Version, time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC), true); err != nil {
		t.Fatal(err)
	}
	if err := db.Posted(ctx, "c1", g.ID, store.Board, box[1].Version, "m1"); err != nil {
		t.Fatal(err)
	}
	after, _ := db.Outbox(ctx, "c1")
	if len(after) != 1 {
		t.Fatalf("after the post, owed %+v; want the latest, Shown", after)
	}
	if a := after[0]; a.Seq != box[1].Seq || !a.Shown || a.Reply || a.Interaction != "" || a.Attempts != 0 || a.Doubt ||
		!a.NextTry.IsZero() || !slices.Equal(a.DM, box[1].DM) || !slices.Equal(a.Lines, box[1].Lines) {
		t.Errorf("the Shown announcement: %+v", a)
	}
	if cur, _ := db.Current(ctx, "c1"); cur.BoardMessage != "m1" {
		t.Errorf("the latest board is %q, want m1", cur.BoardMessage)
	}
	if err := db.Posted(ctx, "c1", g.ID, store.Board, box[1].Version, ""); err != nil {
		t.Fatal(err)
	}
	if after, _ := db.Outbox(ctx, "c1"); len(after) != 0 {
		t.Errorf("owed once its DMs are sent: %+v", after)
	}
	if chs, _ := db.OutboxChannels(ctx); len(chs) != 0 {
		t.Errorf("OutboxChannels: %v", chs)
	}
}
