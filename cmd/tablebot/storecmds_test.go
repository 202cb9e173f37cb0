package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
	"github.com/tablebot/tablebot/store"
)

// storedGame is a game written to a test database and what it should show.
type storedGame struct {
	channel string
	moves   []shangrila.Move
	pos     shangrila.Position // after the stored moves
	lobby   bool               // not started: no seats, no setup, no position
}

// testDB writes a database with a game being played in channel 100; in
// channel 200, an ended game and a new one in the lobby (as the bot keeps
// it: players without seats, no setup); in channel 300, an ended game
// only. It returns the file and the games by id.
func testDB(t *testing.T) (string, map[string]storedGame) {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "data", "tablebot.db")
	now := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	db, err := store.Open(path, store.Options{Now: func() time.Time { now = now.Add(time.Minute); return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	seats := shangrila.Colours[:]
	players := []store.Player{
		{UserID: "u1", Name: "Alice", Colour: "red"},
		{UserID: "u2", Name: "Bob", Colour: "blue"},
		{UserID: "u3", Name: "Carol", Colour: "yellow"},
		{Name: "Ada", Colour: "violet", Computer: "easy"},
	}
	want := map[string]storedGame{}
	play := func(channel string, seed uint64, keep int) {
		moves, err := randomMoves(seats, seed)
		if err != nil {
			t.Fatal(err)
		}
		if keep > 0 {
			moves = moves[:keep]
		}
		g := &store.Game{Channel: channel, Guild: "g", Kind: "shangrila", Status: store.Playing,
			Players: players, Setup: []string{"players red blue yellow violet"}}
		if err := db.Create(ctx, g); err != nil {
			t.Fatal(err)
		}
		for n, m := range moves {
			by := store.Computer
			if m.Player != shangrila.Violet {
				by = players[m.Player-shangrila.Red].UserID
			}
			finish := store.Status("")
			if n == len(moves)-1 && keep == 0 {
				finish = store.Over
			}
			check := func(*store.Game, store.Move) (store.Checked, error) { return store.Checked{Finish: finish}, nil }
			if _, err := db.AppendMove(ctx, channel, g.ID, store.Move{N: n, Text: notation.FormatMove(m), By: by}, check); err != nil {
				t.Fatal(err)
			}
		}
		p, err := shangrila.NewPosition(seats, shangrila.StartSetup)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = shangrila.Replay(p, moves); err != nil {
			t.Fatal(err)
		}
		want[g.ID] = storedGame{channel: channel, moves: moves, pos: p}
	}
	play("100", 3, 30)
	play("200", 4, 0)
	play("300", 6, 0)
	lobby := &store.Game{Channel: "200", Kind: "shangrila", Creator: "u2",
		Players: []store.Player{{UserID: "u2", Name: "Bob"}}}
	if err := db.Create(ctx, lobby); err != nil {
		t.Fatal(err)
	}
	want[lobby.ID] = storedGame{channel: "200", lobby: true}
	return path, want
}

func TestGamesCommand(t *testing.T) {
	path, want := testDB(t)
	code, stdout, stderr := run(t, "", "games", "--db", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 1+len(want) || !strings.HasPrefix(lines[0], "CHANNEL") {
		t.Fatalf("games printed:\n%s", stdout)
	}
	for id, g := range want {
		t.Run(id, func(t *testing.T) {
			var row string
			for _, l := range lines[1:] {
				if f := strings.Fields(l); len(f) > 1 && f[1] == id {
					row = l
				}
			}
			phase := fmt.Sprintf("%s, %s to move", g.pos.Phase(), g.pos.Turn())
			switch {
			case g.lobby:
				phase = "no players yet"
			case g.pos.Phase() == shangrila.Over:
				phase = " over " // ended games are listed by their status, not replayed
			}
			for _, s := range []string{g.channel + " ", " shangrila ", phase, fmt.Sprintf(" %d ", len(g.moves))} {
				if !strings.Contains(row, s) {
					t.Errorf("row %q lacks %q", row, s)
				}
			}
		})
	}
	if !strings.Contains(stdout, "Alice (red), Bob (blue), Carol (yellow), Ada (violet, computer easy)") ||
		!strings.Contains(stdout, " over ") || !strings.Contains(stdout, " lobby ") {
		t.Errorf("games printed:\n%s", stdout)
	}
}

// TestExportReplays stores games, exports them and replays the exports,
// with notation and with tablebot replay: the positions are the stored ones.
func TestExportReplays(t *testing.T) {
	path, want := testDB(t)
	tests := []struct {
		name string
		args []string
		id   string
	}{
		{"current game of a channel", []string{"--channel", "100"}, "100-1"},
		{"ended game by id", []string{"--game", "200-1"}, "200-1"},
		{"ended game without comments", []string{"--game", "300-1", "--comments=false"}, "300-1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, "", append([]string{"export", "--db", path}, tt.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			rec, err := notation.ParseRecord(strings.NewReader(stdout))
			if err != nil {
				t.Fatal(err)
			}
			g, err := rec.Replay(nil)
			if err != nil {
				t.Fatal(err)
			}
			p, w := g.Position(), want[tt.id].pos
			if got, want := notation.MarshalPosition(&p), notation.MarshalPosition(&w); string(got) != string(want) {
				t.Errorf("the export replays to\n%s\nwant\n%s", got, want)
			}
			if g.NumMoves() != len(want[tt.id].moves) {
				t.Errorf("the export has %d moves, want %d", g.NumMoves(), len(want[tt.id].moves))
			}
			comments := strings.Count(stdout, " # ")
			if wantComments := g.NumMoves(); strings.Contains(tt.name, "without") {
				if comments != 0 {
					t.Errorf("%d comments with --comments=false", comments)
				}
			} else if comments != wantComments {
				t.Errorf("%d move comments, want %d:\n%s", comments, wantComments, stdout)
			}

			file := filepath.Join(t.TempDir(), "export.txt")
			if err := os.WriteFile(file, []byte(stdout), 0o644); err != nil {
				t.Fatal(err)
			}
			code, replayed, stderr := run(t, "", "replay", "--json", file)
			if code != 0 {
				t.Fatalf("tablebot replay: exit %d: %s", code, stderr)
			}
			if got := strings.TrimSpace(replayed); got != string(notation.MarshalPosition(&w)) {
				t.Errorf("tablebot replay printed\n%s", got)
			}
		})
	}
	code, stdout, _ := run(t, "", "export", "--db", path, "--channel", "100")
	if code != 0 || !strings.Contains(stdout, "# Alice, 2026-11-22T") || !strings.Contains(stdout, "# computer, ") {
		t.Errorf("the export's comments do not name who moved:\n%s", stdout)
	}
}

// TestExportThenReplay: every game that tablebot export prints, tablebot
// replay accepts; a game still in its lobby has no record yet, and export
// says so (exit status 1, nothing on stdout), naming the channel's last
// ended game when there is one.
func TestExportThenReplay(t *testing.T) {
	path, want := testDB(t)
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	menaraLobby := &store.Game{Channel: "400", Kind: "menara", Creator: "u1", Players: []store.Player{{UserID: "u1", Name: "Alice"}, {UserID: "u2", Name: "Bob"}}}
	err = db.Create(context.Background(), menaraLobby)
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	want[menaraLobby.ID] = storedGame{channel: "400", lobby: true}
	tests := []struct {
		name, id string
		args     []string
		stderr   []string
	}{
		{"a game played", "100-1", []string{"--channel", "100"}, nil},
		{"an ended game", "200-1", []string{"--game", "200-1"}, nil},
		{"a lobby by channel", "200-2", []string{"--channel", "200"},
			[]string{"game 200-2 in channel 200 is still in its lobby (1 player has joined)", "nothing to replay", "tablebot export --game 200-1"}},
		{"a lobby by id", "200-2", []string{"--game", "200-2"}, []string{"still in its lobby", "tablebot export --game 200-1"}},
		{"a Menara lobby", "400-1", []string{"--channel", "400"}, []string{"game 400-1 in channel 400 is still in its lobby (2 players have joined)", "nothing to replay yet"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, record, stderr := run(t, "", append([]string{"export", "--db", path}, tt.args...)...)
			if code == 0 {
				if rc, _, rerr := run(t, record, "replay", "-"); rc != 0 {
					t.Errorf("replay of the export: exit %d: %s", rc, rerr)
				}
			}
			if !want[tt.id].lobby {
				if code != 0 {
					t.Errorf("export: exit %d: %s", code, stderr)
				}
				return
			}
			if code != 1 || record != "" {
				t.Errorf("export of a lobby: exit %d, want 1, with stdout:\n%s", code, record)
			}
			for _, w := range tt.stderr {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q lacks %q", stderr, w)
				}
			}
		})
	}
}

// TestExportLastEnded: a channel without a current game exports the last
// game that ended there, with a note on stderr saying so.
func TestExportLastEnded(t *testing.T) {
	path, want := testDB(t)
	code, stdout, stderr := run(t, "", "export", "--db", path, "--channel", "300")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got, w := replayText(t, stdout), want["300-1"].pos; got != string(notation.MarshalPosition(&w)) {
		t.Errorf("the export is not game 300-1:\n%s", stdout)
	}
	if !strings.Contains(stderr, `no game is being played in channel "300": this is the last one that ended there (300-1, over`) {
		t.Errorf("stderr %q", stderr)
	}
	// A channel with a current game exports it, without a note.
	code, stdout, stderr = run(t, "", "export", "--db", path, "--channel", "100")
	if code != 0 || stderr != "" || !strings.Contains(stdout, "game 100-1 in channel 100") {
		t.Errorf("current game: exit %d, stderr %q:\n%s", code, stderr, stdout)
	}
}

func TestStoreCommandErrors(t *testing.T) {
	path, _ := testDB(t)
	missing := filepath.Join(t.TempDir(), "missing.db")
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"export without a channel", []string{"export", "--db", path}, 2, "give --channel ID or --game ID"},
		{"export with both", []string{"export", "--db", path, "--channel", "1", "--game", "1-1"}, 2, "--channel and --game both given: give one"},
		{"export of an empty channel", []string{"export", "--db", path, "--channel", "999"}, 1, `there is no game in channel "999", current or ended`},
		{"export of an unknown game", []string{"export", "--db", path, "--game", "100-7"}, 1, "there is no game 100-7"},
		{"games of a missing file", []string{"games", "--db", missing}, 1, "no such file"},
		{"games with an argument", []string{"games", "--db", path, "extra"}, 2, "unexpected argument"},
		{"backup without -o", []string{"backup", "--db", path}, 2, "-o COPY"},
		{"backup over the database", []string{"backup", "--db", path, "-o", path}, 2, "must not replace the database"},
		{"backup of a missing file", []string{"backup", "--db", missing, "-o", missing + ".copy"}, 1, "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := run(t, "", tt.args...)
			if code != tt.code || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr, tt.code, tt.stderr)
			}
		})
	}
}

// TestStoreCommandsWhileBotRuns holds the database open as the bot does:
// the commands read it through the bot's backup socket, and fail clearly
// when the holder does not serve copies.
func TestStoreCommandsWhileBotRuns(t *testing.T) {
	path, _ := testDB(t)
	code, offlineOut, stderr := run(t, "", "games", "--db", path)
	if code != 0 {
		t.Fatalf("games of a free file: exit %d: %s", code, stderr)
	}
	copyPath := filepath.Join(t.TempDir(), "offline.db")
	code, stdout, stderr := run(t, "", "backup", "--db", path, "-o", copyPath)
	if code != 0 || !strings.Contains(stdout, "from "+path) {
		t.Fatalf("backup of a free file: exit %d: %s%s", code, stdout, stderr)
	}

	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	code, _, stderr = run(t, "", "games", "--db", path)
	if code != 1 || !strings.Contains(stderr, "database is in use by another tablebot process") {
		t.Errorf("games on a held file without a socket: exit %d, %q", code, stderr)
	}

	ln, err := db.ListenBackups(store.SocketPath(path))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- db.ServeBackups(ctx, ln) }()
	defer func() {
		cancel()
		if err := <-served; err != nil {
			t.Error(err)
		}
	}()

	code, online, stderr := run(t, "", "games", "--db", path)
	if code != 0 || online != offlineOut {
		t.Errorf("games through the socket: exit %d, %s\n%s\nwant\n%s", code, stderr, online, offlineOut)
	}
	code, stdout, stderr = run(t, "", "export", "--db", path, "--channel", "100")
	if code != 0 || !strings.Contains(stdout, "game shangrila") {
		t.Errorf("export through the socket: exit %d, %s", code, stderr)
	}
	hot := filepath.Join(t.TempDir(), "hot.db")
	code, stdout, stderr = run(t, "", "backup", "--db", path, "-o", hot)
	if code != 0 || !strings.Contains(stdout, "from the running bot") {
		t.Fatalf("backup through the socket: exit %d: %s%s", code, stdout, stderr)
	}
	if err := store.Verify(hot); err != nil {
		t.Error(err)
	}
}

// TestEmptyDatabaseFile: an empty file at the database's path is most
// likely a database cut short. Every command that opens the database
// refuses it with the same clear message, and leaves it as it is.
func TestEmptyDatabaseFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tablebot.db")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	config := filepath.Join(dir, "config.toml")
	cfg := fmt.Sprintf("[discord]\ntoken = \"t0ken\"\napi_url = %q\n[storage]\npath = %q\n", "http://"+freeAddr(t)+"/", path)
	if err := os.WriteFile(config, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	copyPath := filepath.Join(dir, "copy.db")
	tests := []struct {
		name string
		args []string
	}{
		{"serve", []string{"serve", "--config", config}},
		{"local", []string{"local", "--db", path}},
		{"local menara", []string{"local", "--game", "menara", "--players", "1", "--db", path}},
		{"games", []string{"games", "--db", path}},
		{"export", []string{"export", "--db", path, "--channel", "local"}},
		{"backup", []string{"backup", "--db", path, "-o", copyPath}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, "", tt.args...)
			if code != 1 {
				t.Errorf("exit %d, want 1; stdout:\n%s", code, stdout)
			}
			for _, want := range []string{"tablebot " + tt.args[0] + ": " + path, "the file is empty (0 bytes)", "cut short", "remove the file", "backup in its place"} {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr %q lacks %q", stderr, want)
				}
			}
			if st, err := os.Stat(path); err != nil || st.Size() != 0 {
				t.Fatalf("the file is now %d bytes (%v)", st.Size(), err)
			}
			for _, p := range []string{store.SocketPath(path), copyPath} {
				if _, err := os.Lstat(p); !os.IsNotExist(err) {
					t.Errorf("%s is there: %v", p, err)
				}
			}
		})
	}
}

// randomMoves plays a game of uniformly random legal moves from the
// setup, as selfplay does for seed and game 1.
func randomMoves(seats []shangrila.Colour, seed uint64) ([]shangrila.Move, error) {
	p, err := shangrila.NewPosition(seats, shangrila.StartSetup)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	var moves []shangrila.Move
	for p.Phase() != shangrila.Over {
		m := p.RandomMove(rng)
		next, _, err := p.Apply(m)
		if err != nil {
			return nil, fmt.Errorf("random move %s is illegal: %w", notation.FormatMove(m), err)
		}
		p = next
		moves = append(moves, m)
	}
	return moves, nil
}
