package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/tablebot/tablebot/internal/discordfake"
)

// envChildConfig names the configuration of a bot run as a child process
// of the test (see TestChildServe).
const envChildConfig = "TABLEBOT_TEST_CHILD_CONFIG"

// TestChildServe is the bot in a child process: it serves until it is
// killed. It runs only as a child of TestKilledWhilePosting.
func TestChildServe(t *testing.T) {
	path := os.Getenv(envChildConfig)
	if path == "" {
		t.Skip("runs as a child process of TestKilledWhilePosting")
	}
	Run(context.Background(), []string{"serve", "--config", path}, strings.NewReader(""), os.Stdout, os.Stderr)
}

// child is a bot running in a child process.
type child struct {
	cmd *exec.Cmd
	log *os.File
}

// startChild runs the bot of config in a child process.
func startChild(t *testing.T, config string, n int) *child {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	log, err := os.Create(filepath.Join(filepath.Dir(config), fmt.Sprintf("child-%d.log", n)))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestChildServe$", "-test.count=1")
	cmd.Env = append(os.Environ(), envChildConfig+"="+config)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, log: log}
	t.Cleanup(func() { c.kill(); log.Close() })
	return c
}

// kill kills the child with SIGKILL and waits for it to end.
func (c *child) kill() {
	if c.cmd.ProcessState != nil {
		return
	}
	c.cmd.Process.Signal(syscall.SIGKILL)
	c.cmd.Wait()
}

// TestKilledWhilePosting kills the bot (SIGKILL) while the first board of a
// game is on its way to Discord, then starts it again: the board is posted
// exactly once, notifying exactly the player to move, whether Discord made
// the post before the bot died (its answer lost) or never did, and the game
// goes on.
func TestKilledWhilePosting(t *testing.T) {
	if testing.Short() {
		t.Skip("builds on child processes; the full run has it")
	}
	for _, apply := range []bool{true, false} {
		t.Run(fmt.Sprintf("post made %v", apply), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), patience(t))
			defer cancel()
			fake := fakeDiscord(t)
			w := fake.NewWorld("ann", "bob", "cat")
			dir := t.TempDir()
			config := filepath.Join(dir, "config.toml")
			cfg := fmt.Sprintf("[discord]\ntoken = %q\nguild_id = %q\napi_url = %q\n[storage]\npath = %q\n[log]\nlevel = \"debug\"\n",
				fake.Token(), w.Guild.ID, fake.URL(), filepath.Join(dir, "tablebot.db"))
			if err := os.WriteFile(config, []byte(cfg), 0o644); err != nil {
				t.Fatal(err)
			}
			bot := startChild(t, config, 1)
			fake.WaitSessions(ctx, 1)
			fake.WaitUntil(ctx, func(v *discordfake.View) bool { return fake.Command(w.Guild.ID, defaultGame(games())) != nil })
			ann, bob, cat := w.Users[0].ID, w.Users[1].ID, w.Users[2].ID
			slash := func(user, sub string, opts ...discordfake.Option) *discordfake.Response {
				t.Helper()
				r := fake.SlashCommand(user, w.Channel.ID, defaultGame(games()), sub, opts...).Wait(ctx)
				if r.Ephemeral() {
					t.Fatalf("%s: %s", sub, r.Content())
				}
				return r
			}
			slash(ann, "new", discordfake.Opt("players", 3), discordfake.Opt("start", "suggested"))
			slash(bob, "join")
			lobby := slash(cat, "join").Message
			var start string
			for _, b := range lobby.Buttons() {
				if strings.HasSuffix(b.CustomID, ":start") {
					start = b.CustomID
				}
			}
			// The start by its button: the bot posts the first board in the
			// channel, and that post is held on its way.
			hold := fake.Hold(discordfake.RouteCreateMessage)
			fake.Click(ann, lobby, start)
			if !hold.Wait(ctx) {
				t.Fatal("the board was never posted")
			}
			bot.kill()
			hold.Release(apply)
			// The restarted bot posts the board it owes: a second request,
			// which Discord must not turn into a second message. It is held
			// too, so that the test looks once it is done.
			again := fake.Hold(discordfake.RouteCreateMessage)
			startChild(t, config, 2)
			fake.WaitSessions(ctx, 2)
			if !again.Wait(ctx) {
				t.Fatal("the restarted bot did not post the board it owed")
			}
			again.Release(true)
			first := fake.WaitForMessage(ctx, w.Channel.ID, func(m *discordfake.Message) bool {
				return strings.Contains(m.Content, "The game begins")
			})
			var boards int
			for _, m := range fake.Messages(w.Channel.ID) {
				if strings.Contains(m.Content, "The game begins") {
					boards++
				}
			}
			if boards != 1 {
				t.Fatalf("the first board was posted %d times", boards)
			}
			if len(first.Notified) != 1 || len(first.Pinged) != 1 || first.Notified[0] != first.Pinged[0] {
				t.Fatalf("the first board notifies %v, pings %v", first.Notified, first.Pinged)
			}
			// The game goes on: the player to move makes a legal move.
			mover := first.Notified[0]
			choice := func(r *discordfake.Response) string {
				if len(r.Choices) == 0 {
					t.Fatalf("no choices")
				}
				return r.Choices[0].Value.(string)
			}
			village := choice(fake.Autocomplete(mover, w.Channel.ID, defaultGame(games()), "place", "village", "").Wait(ctx))
			master := choice(fake.Autocomplete(mover, w.Channel.ID, defaultGame(games()), "place", "master", "", discordfake.Opt("village", village)).Wait(ctx))
			// The move's board is its answer, or, while the restarted bot has
			// not yet recorded the board it posted (the channel reads in
			// order), the next post in the channel.
			r := fake.SlashCommand(mover, w.Channel.ID, defaultGame(games()), "place", discordfake.Opt("village", village), discordfake.Opt("master", master)).Wait(ctx)
			board := r.Message
			if r.Ephemeral() {
				if !strings.Contains(r.Content(), "Done") {
					t.Fatalf("place: %s", r.Content())
				}
				board = fake.WaitForMessage(ctx, w.Channel.ID, func(m *discordfake.Message) bool {
					return !m.Ephemeral() && m.Attachment("board.png") != nil && !strings.Contains(m.Content, "The game begins")
				})
			}
			if len(board.Notified) != 1 || board.Notified[0] == mover {
				t.Errorf("the move's board notifies %v", board.Notified)
			}
		})
	}
}
