package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/internal/discordfake"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// commandsGolden holds the slash commands tablebot registers, as Discord
// receives them: every game's names, options, choices and localisations.
const commandsGolden = "testdata/commands.golden.json"

// TestCommandsGolden registers the commands through serve, as with real
// Discord, and compares what the fake received with the golden file made
// before the game seam was redesigned: a change of the seam must not
// change what players see unless it is meant to (then rerun with
// -update and say why in the commit).
func TestCommandsGolden(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("the full run checks the commands; serve's start is slow under -race")
	}
	got := registeredCommands(t)
	if *update {
		if err := os.WriteFile(commandsGolden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(commandsGolden)
	if err != nil {
		t.Fatalf("%v (run go test -run TestCommandsGolden -update ./cmd/tablebot)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the registered commands differ from %s:\n%s", commandsGolden, firstDifference(string(got), string(want)))
	}
}

// registeredCommands runs serve against the fake until every game's
// command is registered, and returns them as indented JSON, sorted by
// name, without the ids the fake gave them.
func registeredCommands(t *testing.T) []byte {
	t.Helper()
	fake := fakeDiscord(t)
	w := fake.NewWorld("ann")
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "config.toml")
	cfg := fmt.Sprintf("[discord]\ntoken = %q\nguild_id = %q\napi_url = %q\n[storage]\npath = %q\n",
		fake.Token(), w.Guild.ID, fake.URL(), filepath.Join(dir, "tablebot.db"))
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	code := make(chan int, 1)
	go func() {
		code <- Run(ctx, []string{"serve", "--config", cfgPath}, strings.NewReader(""), io.Discard, io.Discard)
	}()
	fake.WaitUntil(ctx, func(v *discordfake.View) bool {
		for _, g := range games() {
			if fake.Command(w.Guild.ID, g.Name()) == nil {
				return false
			}
		}
		return true
	})
	cmds := fake.GuildCommands(w.Guild.ID)
	cancel()
	if c := <-code; c != 0 {
		t.Fatalf("serve exited with %d", c)
	}
	sort.Slice(cmds, func(i, j int) bool { return cmds[i].Name < cmds[j].Name })
	clean := make([]discordgo.ApplicationCommand, len(cmds))
	for i, c := range cmds {
		clean[i] = *c
		clean[i].ID, clean[i].ApplicationID, clean[i].GuildID, clean[i].Version = "", "", "", ""
	}
	out, err := json.MarshalIndent(clean, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(out, '\n')
}

// firstDifference shows the first line where got and want part, with its
// number.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n got  %q\n want %q", i+1, gl, wl)
		}
	}
	return "(no line differs)"
}
