package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/etcd/etcdtest"
)

// TestServeEtcd runs the bot on the etcd engine (a real etcd, embedded)
// through the fake Discord: a game is opened, joined and started by its
// button, its first board is posted from the outbox, and the game is in
// etcd, playing.
func TestServeEtcd(t *testing.T) {
	if testing.Short() || !etcdtest.Available {
		t.Skip("a whole bot on etcd; the full run has it")
	}
	t.Parallel()
	srv, err := etcdtest.Start(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), patience(t))
	defer cancel()
	fake := fakeDiscord(t)
	w := fake.NewWorld("ann", "bob", "cat")
	config := filepath.Join(t.TempDir(), "config.toml")
	cfg := fmt.Sprintf("[discord]\ntoken = %q\nguild_id = %q\napi_url = %q\n[storage]\nengine = \"etcd\"\netcd_endpoints = [%q]\n",
		fake.Token(), w.Guild.ID, fake.URL(), srv.Endpoint)
	if err := os.WriteFile(config, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(ctx)
	code := make(chan int, 1)
	var logs syncBuffer
	go func() {
		code <- Run(runCtx, []string{"serve", "--config", config}, strings.NewReader(""), io.Discard, &logs)
	}()
	fake.WaitSessions(ctx, 1)
	fake.WaitUntil(ctx, func(v *discordfake.View) bool { return fake.Command(w.Guild.ID, defaultGame(games())) != nil })
	slash := func(user, sub string, opts ...discordfake.Option) *discordfake.Response {
		t.Helper()
		r := fake.SlashCommand(user, w.Channel.ID, defaultGame(games()), sub, opts...).Wait(ctx)
		if r.Ephemeral() {
			t.Fatalf("%s: %s", sub, r.Content())
		}
		return r
	}
	ann, bob, cat := w.Users[0].ID, w.Users[1].ID, w.Users[2].ID
	slash(ann, "new", discordfake.Opt("players", 3), discordfake.Opt("start", "suggested"))
	slash(bob, "join")
	lobby := slash(cat, "join").Message
	for _, b := range lobby.Buttons() {
		if strings.HasSuffix(b.CustomID, ":start") {
			fake.Click(ann, lobby, b.CustomID)
		}
	}
	fake.WaitForMessage(ctx, w.Channel.ID, func(m *discordfake.Message) bool { return strings.Contains(m.Content, "The game begins") })
	stop()
	if c := <-code; c != 0 {
		t.Fatalf("exit status %d; logs:\n%s", c, logs.String())
	}
	conf, err := loadConfig(config, true, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	st, _, err := conf.Storage.open(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g, err := st.Current(ctx, w.Channel.ID)
	if err != nil || g.Status != store.Playing || len(g.Players) != 3 || g.Guild != w.Guild.ID {
		t.Fatalf("the game in etcd: %+v, %v", g, err)
	}
	// The board may still be owed, if the bot stopped between its post
	// and the record of it (the next start posts it with the same nonce,
	// which Discord does not make twice); nothing else is.
	box, err := st.Outbox(ctx, w.Channel.ID)
	if err != nil || len(box) > 1 || len(box) == 1 && (box[0].Game != g.ID || box[0].Version != g.Version || box[0].Kind != store.Board) {
		t.Errorf("owed after the start: %+v, %v", box, err)
	}
}
