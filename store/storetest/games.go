package storetest

import (
	"context"
	"errors"
	"maps"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store"
)

// testGameLifecycle: a game is created, joined, played, ended and
// archived, and its channel starts again.
func testGameLifecycle(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 1)

	g := &store.Game{Channel: "c1", Guild: "g1", Kind: "shangrila", Creator: "u1", Setup: setup}
	if err := db.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	if g.ID != "c1-1" || g.Status != store.Lobby || g.Created.IsZero() {
		t.Fatalf("created game %+v, want id c1-1 in lobby with a creation time", g)
	}
	wantCode(t, db.Create(ctx, &store.Game{Channel: "c1", Kind: "shangrila"}), store.Exists)

	joined, err := db.Update(ctx, "c1", g.ID, func(g *store.Game) error {
		g.Players = append(g.Players, store.Player{UserID: "u1", Name: "Alice", Colour: "red"},
			store.Player{UserID: "u2", Name: "Bob", Colour: "blue"},
			store.Player{UserID: "u3", Name: "Carol", Colour: "yellow"},
			store.Player{Name: "Ada", Colour: "violet", Computer: "easy"})
		g.Status = store.Playing
		g.BoardMessage = "m1"
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !joined.Updated.After(g.Updated) || joined.Status != store.Playing || len(joined.Players) != 4 {
		t.Fatalf("after the joins: %+v", joined)
	}
	for i, text := range moves[:10] {
		if _, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: i, Text: text, By: byOf(joined, text)}, shangrilaCheck); err != nil {
			t.Fatalf("move %d %q: %v", i, text, err)
		}
	}
	cur, err := db.Current(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if len(cur.Moves) != 10 || cur.Snapshot == nil || cur.BoardMessage != "m1" {
		t.Fatalf("current game has %d moves, snapshot %v, board %q", len(cur.Moves), cur.Snapshot != nil, cur.BoardMessage)
	}
	for i, m := range cur.Moves {
		if m.N != i || m.Text != moves[i] || m.At.IsZero() || m.By == "" {
			t.Errorf("move %d = %+v, want text %q", i, m, moves[i])
		}
	}
	replay(t, cur)

	lifeAfterTheEnd(t, db, g, setup, moves)
}

// lifeAfterTheEnd ends the game g of testGameLifecycle: it is archived,
// stays readable, and the channel starts again.
func lifeAfterTheEnd(t *testing.T, db store.Store, g *store.Game, setup, moves []string) {
	t.Helper()
	ctx := context.Background()
	over, err := db.Finish(ctx, "c1", g.ID, store.Cancelled)
	if err != nil {
		t.Fatal(err)
	}
	if over.Status != store.Cancelled {
		t.Errorf("finished game has status %s", over.Status)
	}
	if _, err := db.Current(ctx, "c1"); err == nil {
		t.Fatal("the channel still has a current game after Finish")
	} else {
		wantCode(t, err, store.NotFound)
	}
	_, err = db.AppendMove(ctx, "c1", g.ID, store.Move{N: 10, Text: moves[10], By: "u1"}, shangrilaCheck)
	wantCode(t, err, store.NotFound)

	// The channel starts again; the old game stays readable.
	next := &store.Game{Channel: "c1", Kind: "shangrila", Setup: setup}
	if err := db.Create(ctx, next); err != nil {
		t.Fatal(err)
	}
	if next.ID != "c1-2" {
		t.Errorf("second game id %q, want c1-2", next.ID)
	}
	_, err = db.Update(ctx, "c1", g.ID, func(*store.Game) error { return nil })
	wantCode(t, err, store.Conflict)

	old, err := db.Game(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(old, over) {
		t.Errorf("Game(%s) = %+v\nwant %+v", g.ID, old, over)
	}
	archived, err := db.Archived(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if len(archived) != 1 || archived[0].ID != g.ID {
		t.Errorf("archived games %v, want only %s", ids(archived), g.ID)
	}
	all, err := db.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ids(all), []string{"c1-1", "c1-2"}; !reflect.DeepEqual(got, want) {
		t.Errorf("List = %v, want %v", got, want)
	}
}

func ids(gs []*store.Game) []string {
	var out []string
	for _, g := range gs {
		out = append(out, g.ID)
	}
	return out
}

func testGameNotFound(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	startGame(t, db, "c1", []string{"players red blue yellow violet"})
	tests := []struct {
		name string
		call func() error
	}{
		{"current of an empty channel", func() error { _, err := db.Current(ctx, "c2"); return err }},
		{"game of a bad id", func() error { _, err := db.Game(ctx, "nonsense"); return err }},
		{"game of an unknown channel", func() error { _, err := db.Game(ctx, "c2-1"); return err }},
		{"game of an unknown number", func() error { _, err := db.Game(ctx, "c1-2"); return err }},
		{"game of a zero-padded number", func() error { _, err := db.Game(ctx, "c1-01"); return err }},
		{"update of an empty channel", func() error {
			_, err := db.Update(ctx, "c2", "c2-1", func(*store.Game) error { return nil })
			return err
		}},
		{"undo in an empty channel", func() error { _, err := db.UndoMove(ctx, "c2", "c2-1", 1); return err }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { wantCode(t, tt.call(), store.NotFound) })
	}
	archived, err := db.Archived(ctx, "c2")
	if err != nil || len(archived) != 0 {
		t.Errorf("Archived of an empty channel = %v, %v", archived, err)
	}
}

func testUpdateRefuses(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 2)
	g := startGame(t, db, "c1", setup)
	before, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: 0, Text: moves[0], By: "u1"}, shangrilaCheck)
	if err != nil {
		t.Fatal(err)
	}
	refused := errors.New("refused by fn")
	tests := []struct {
		name string
		fn   func(*store.Game) error
		want error // nil: any internal error
	}{
		{"fn's own error", func(*store.Game) error { return refused }, refused},
		{"a new id", func(g *store.Game) error { g.ID = "x-1"; return nil }, nil},
		{"a new channel", func(g *store.Game) error { g.Channel = "c9"; return nil }, nil},
		{"a new kind", func(g *store.Game) error { g.Kind = "menara"; return nil }, nil},
		{"a new creation time", func(g *store.Game) error { g.Created = g.Created.Add(time.Hour); return nil }, nil},
		{"a changed move", func(g *store.Game) error { g.Moves[0].Text = "red pass"; return nil }, nil},
		{"a dropped move", func(g *store.Game) error { g.Moves = nil; return nil }, nil},
		{"setup after the first move", func(g *store.Game) error { g.Setup = []string{"players red blue yellow"}; return nil }, nil},
		{"a setup line with a comment", func(g *store.Game) error { g.Setup = []string{"players red # blue"}; return nil }, nil},
		{"an unknown status", func(g *store.Game) error { g.Status = "paused"; return nil }, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := db.Update(ctx, "c1", g.ID, tt.fn)
			if err == nil || tt.want != nil && !errors.Is(err, tt.want) {
				t.Fatalf("Update: %v, want %v", err, tt.want)
			}
			got, err := db.Current(ctx, "c1")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, before) {
				t.Errorf("the refused update changed the game:\n got %+v\nwant %+v", got, before)
			}
		})
	}
}

func testCreateRefuses(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	tests := []struct {
		name string
		g    store.Game
	}{
		{"no channel", store.Game{Kind: "shangrila"}},
		{"no kind", store.Game{Channel: "c1"}},
		{"a kind with spaces", store.Game{Channel: "c1", Kind: "shangri la"}},
		{"an archived status", store.Game{Channel: "c1", Kind: "shangrila", Status: store.Over}},
		{"moves", store.Game{Channel: "c1", Kind: "shangrila", Moves: []store.Move{{Text: "red pass"}}}},
		{"a two-line setup", store.Game{Channel: "c1", Kind: "shangrila", Setup: []string{"players red\nblue"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := db.Create(ctx, &tt.g); err == nil {
				t.Fatal("Create accepted it")
			}
		})
	}
	if all, err := db.List(ctx); err != nil || len(all) != 0 {
		t.Errorf("List after refused creates = %v, %v", ids(all), err)
	}
}

func testChannelSettings(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	steps := []struct {
		name       string
		key, value string // set when value or key is not empty
		want       string
	}{
		{"unset", "", "", ""},
		{"set", "language", "es", "es"},
		{"changed", "language", "it", "it"},
		{"removed", "language", "", ""},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			if s.key != "" {
				if err := db.SetChannelSetting(ctx, "c1", s.key, s.value); err != nil {
					t.Fatal(err)
				}
			}
			got, err := db.ChannelSetting(ctx, "c1", "language")
			if err != nil || got != s.want {
				t.Errorf("ChannelSetting = %q, %v; want %q", got, err, s.want)
			}
		})
	}
	// Settings live beside the games and do not disturb them.
	if err := db.SetChannelSetting(ctx, "c1", "language", "es"); err != nil {
		t.Fatal(err)
	}
	g := startGame(t, db, "c1", []string{"players red blue yellow violet"})
	if all, err := db.List(ctx); err != nil || len(all) != 1 || all[0].ID != g.ID {
		t.Errorf("List = %v, %v", ids(all), err)
	}
	if got, _ := db.ChannelSetting(ctx, "c2", "language"); got != "" {
		t.Errorf("another channel's setting = %q", got)
	}
}

func testUserSettings(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	steps := []struct {
		name       string
		key, value string // set when key is not empty
		want       string
	}{
		{"unset", "", "", ""},
		{"set", "notify", "dm", "dm"},
		{"changed", "notify", "both", "both"},
		{"removed", "notify", "", ""},
		{"set again", "notify", "dm", "dm"},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			if s.key != "" {
				if err := db.SetUserSetting(ctx, "u1", s.key, s.value); err != nil {
					t.Fatal(err)
				}
			}
			got, err := db.UserSetting(ctx, "u1", "notify")
			if err != nil || got != s.want {
				t.Errorf("UserSetting = %q, %v; want %q", got, err, s.want)
			}
		})
	}
	t.Run("refused", func(t *testing.T) {
		for _, c := range []struct{ user, key string }{{"", "notify"}, {"u1", ""}, {"u\x001", "notify"}} {
			if err := db.SetUserSetting(ctx, c.user, c.key, "dm"); err == nil {
				t.Errorf("SetUserSetting(%q, %q) = nil, want an error", c.user, c.key)
			}
		}
	})
	t.Run("apart from channels and other users", func(t *testing.T) {
		for _, set := range [][3]string{{"u10", "notify", "both"}, {"u2", "quiet", "23:00-07:30"}, {"u2", "notify", "channel"}} {
			if err := db.SetUserSetting(ctx, set[0], set[1], set[2]); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.SetChannelSetting(ctx, "u1", "notify", "channel"); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.UserSetting(ctx, "u1", "notify"); got != "dm" {
			t.Errorf("a channel's setting changed the user's: %q", got)
		}
		if got, _ := db.ChannelSetting(ctx, "u1", "notify"); got != "channel" {
			t.Errorf("a user's setting changed the channel's: %q", got)
		}
		var each []string
		if err := db.EachUserSetting(ctx, func(u, k, v string) error {
			each = append(each, u+":"+k+"="+v)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		want := []string{"u1:notify=dm", "u10:notify=both", "u2:notify=channel", "u2:quiet=23:00-07:30"}
		if !slices.Equal(each, want) {
			t.Errorf("EachUserSetting = %v, want %v", each, want)
		}
		got, err := db.UserSettings(ctx, "u2", "u1", "u3")
		want2 := map[string]map[string]string{"u2": {"notify": "channel", "quiet": "23:00-07:30"}, "u1": {"notify": "dm"}}
		if err != nil || !maps.EqualFunc(got, want2, maps.Equal) {
			t.Errorf("UserSettings(u2, u1, u3) = %v, %v; want %v", got, err, want2)
		}
	})
}

// testGameByIDAmongEnded: Game reads any game of a channel by its id,
// ended (over or cancelled) or live, among several ended games of the
// channel and of another channel: what the rematch reads from its button
// (the channel and the game's number), without scanning the archive.
func testGameByIDAmongEnded(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	want := map[string]store.Status{}
	for _, ch := range []string{"c1", "c10"} {
		for i, status := range []store.Status{store.Over, store.Cancelled, store.Over} {
			g := startGame(t, db, ch, []string{"players red blue yellow violet"})
			if _, err := db.Finish(ctx, ch, g.ID, status); err != nil {
				t.Fatal(err)
			}
			if g.ID != store.GameID(ch, uint64(i+1)) {
				t.Fatalf("game id %q, want number %d of %s", g.ID, i+1, ch)
			}
			want[g.ID] = status
		}
	}
	live := startGame(t, db, "c1", []string{"players red blue yellow violet"})
	want[live.ID] = store.Playing
	for id, status := range want {
		g, err := db.Game(ctx, id)
		if err != nil {
			t.Fatalf("Game(%s): %v", id, err)
		}
		if g.ID != id || g.Status != status {
			t.Errorf("Game(%s) = %s %s, want %s", id, g.ID, g.Status, status)
		}
	}
	_, err := db.Game(ctx, store.GameID("c1", 5))
	wantCode(t, err, store.NotFound)
}
