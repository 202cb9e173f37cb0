package main

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	mnotation "github.com/tablebot/tablebot/rules/menara/notation"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// TestLocalWholeGame pipes a whole game record through tablebot local and
// checks the output, the board image and the database: tablebot export
// then prints the same game.
func TestLocalWholeGame(t *testing.T) {
	for _, players := range []string{"3", "4"} {
		t.Run(players+" players", func(t *testing.T) {
			if testing.Short() && players == "4" {
				t.Skip("one whole game is enough in the short run")
			}
			code, record, _ := run(t, "", "selfplay", "--players", players, "--seed", "5")
			if code != 0 {
				t.Fatal("selfplay failed")
			}
			dir := t.TempDir()
			db := filepath.Join(dir, "tablebot.db")
			out := filepath.Join(dir, "boards")
			args := []string{"local", "--players", players, "--db", db, "--out", out}
			if testing.Short() {
				args = args[:len(args)-2] // images are checked in the full run
			}
			code, stdout, stderr := run(t, record, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if strings.Contains(stdout, "⚠️") {
				t.Errorf("a record line was refused:\n%s", firstWarning(stdout))
			}
			if !strings.Contains(stdout, "The game is over") {
				t.Errorf("no end of game in the output:\n%s", tail(stdout, 20))
			}
			want := replayText(t, record)
			if !strings.Contains(stdout, "wins with") && !strings.Contains(stdout, "share the win") {
				t.Errorf("no winner announced")
			}
			if _, err := os.Stat(filepath.Join(out, "board.png")); err == nil {
				data, _ := os.ReadFile(filepath.Join(out, "board.png"))
				if _, err := png.Decode(bytes.NewReader(data)); err != nil {
					t.Errorf("the board image does not decode: %v", err)
				}
				if !strings.Contains(stdout, "board image: "+filepath.Join(out, "board.png")) {
					t.Errorf("the image path is not printed")
				}
			}
			// The finished game is archived; export it by id.
			code, games, _ := run(t, "", "games", "--db", db)
			if code != 0 || !strings.Contains(games, "local") {
				t.Fatalf("games: %s", games)
			}
			id := "local-1"
			code, exported, stderr := run(t, "", "export", "--db", db, "--game", id)
			if code != 0 {
				t.Fatalf("export: %s", stderr)
			}
			if got := replayText(t, exported); got != want {
				t.Errorf("the exported game ends elsewhere than the record")
			}
		})
	}
}

// replayText replays a record and returns its final position as JSON.
func replayText(t *testing.T, record string) string {
	t.Helper()
	p := replayPosition(t, record)
	return string(notation.MarshalPosition(&p))
}

// replayPosition replays a record and returns its final position.
func replayPosition(t *testing.T, record string) shangrila.Position {
	t.Helper()
	rec, err := notation.ParseRecord(strings.NewReader(record))
	if err != nil {
		t.Fatal(err)
	}
	g, err := rec.Replay(nil)
	if err != nil {
		t.Fatal(err)
	}
	return g.Position()
}

func firstWarning(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.Contains(l, "⚠️") {
			return strings.Join(lines[max(0, i-3):i+1], "\n")
		}
	}
	return ""
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// TestLocalBadInput: unknown commands, illegal moves, the wrong player and
// garbage bytes each get a clear message, and the session goes on.
func TestLocalBadInput(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	input := strings.Join([]string{
		"dance wildly",
		"place Q rainmaker",
		"place A wizard",
		"\x00\xff\xfe garbage",
		"as blue",
		"place A rainmaker",
		"as nobody",
		"as",
		"journey A B",
		"place C healer",
		"red place A rainmaker",
		"/shangrila place village:B master:yeti whisperer",
		"/shangrila fly",
		"moves",
		"status",
	}, "\n") + "\n"
	code, stdout, _ := run(t, input, "local", "--players", "3", "--db", db)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		`"dance" is not a command`,
		`"Q" is not a village`,
		`"wizard" is not a master`,
		"not readable text",
		"It is Red's turn, not Blue's",
		`"nobody" is not at this table`,
		"During the setup phase",
		"Village C is not in play with 3 players",
		"Red places a starting Rainmaker in village A",
		"Blue places a starting Yeti-Whisperer in village B",
		`"fly" is not a command`,
		"legal moves:",
		"setup phase, 2 placements made",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}

// TestLocalContinues: quitting and starting again continues the game
// kept in the database.
func TestLocalContinues(t *testing.T) {
	_, record, _ := run(t, "", "selfplay", "--players", "3", "--seed", "8")
	lines := strings.Split(strings.TrimSpace(record), "\n")
	half := len(lines) / 2
	db := filepath.Join(t.TempDir(), "t.db")
	first := strings.Join(lines[:half], "\n") + "\nquit\nred place A rainmaker\n"
	if code, _, _ := run(t, first, "local", "--players", "3", "--db", db); code != 0 {
		t.Fatal("first session failed")
	}
	code, stdout, _ := run(t, strings.Join(lines[half:], "\n")+"\n", "local", "--players", "3", "--db", db)
	if code != 0 || !strings.Contains(stdout, "Continuing the game") || !strings.Contains(stdout, "The game is over") {
		t.Fatalf("second session:\n%s", tail(stdout, 10))
	}
	if strings.Contains(stdout, "⚠️") {
		t.Errorf("a line was refused:\n%s", firstWarning(stdout))
	}
}

// TestLocalComputers: computer players fill seats and move by themselves;
// a person who resigns or hands their seat over leaves the computers to
// finish the game, which is kept like any other.
func TestLocalComputers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, input string
		want        []string
	}{
		{"resign", "hint\nresign\n", []string{"💡", "Red resigns", "The game is over"}},
		{"hand over", "resign computer easy\n", []string{"hands their seat to Computer (easy)", "The game is over"}},
		{"bad resign", "resign now please\nresign computer\n", []string{"Type resign, or resign computer"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "t.db")
			code, stdout, stderr := run(t, tt.input, "local", "--players", "3", "--db", db,
				"--start", "suggested", "--ai", "human,easy,medium", "--think", "50ms")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, want := range append(tt.want, "Computer (easy)", "Computer (medium)") {
				if !strings.Contains(stdout, want) {
					t.Errorf("output lacks %q:\n%s", want, tail(stdout, 15))
				}
			}
			if tt.name == "bad resign" {
				if strings.Contains(stdout, "The game is over") {
					t.Errorf("a bad resign ended the game")
				}
				return
			}
			// The computers' moves are in the database: the exported game
			// replays to its end.
			code, games, _ := run(t, "", "games", "--db", db)
			if code != 0 || !strings.Contains(games, "over") {
				t.Fatalf("games: %s", games)
			}
		})
	}
	t.Run("first seat", func(t *testing.T) {
		code, _, stderr := run(t, "", "local", "--db", filepath.Join(t.TempDir(), "t.db"), "--ai", "hard,easy,human,easy")
		if code != 2 || !strings.Contains(stderr, "the first seat is the person") {
			t.Errorf("exit %d, stderr %q", code, stderr)
		}
	})
}

// TestLocalImageNotWritten: when the board image cannot be written, the
// session says so, and does not claim it wrote it.
func TestLocalImageNotWritten(t *testing.T) {
	oneGoroutine(t)
	t.Parallel()
	dir := t.TempDir()
	blocked := filepath.Join(dir, "not-a-directory")
	if err := os.WriteFile(blocked, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := run(t, "board\n", "local", "--players", "3", "--db", filepath.Join(dir, "t.db"), "--out", blocked)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if strings.Contains(stdout, "board image: ") {
		t.Errorf("claims an image was written:\n%s", stdout)
	}
	if !strings.Contains(stdout, "Could not write the board image") {
		t.Errorf("does not say the image could not be written:\n%s", stdout)
	}
}

// parseMenara parses a Menara record.
func parseMenara(t *testing.T, text string) *mnotation.Record {
	t.Helper()
	rec, err := mnotation.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// sameMenaraGame reports how two records differ: their options, seed or
// steps (each as played).
func sameMenaraGame(t *testing.T, a, b *mnotation.Record) {
	t.Helper()
	if fmt.Sprint(a.Options(), a.Seed) != fmt.Sprint(b.Options(), b.Seed) {
		t.Fatalf("the games differ: %v seed %d, %v seed %d", a.Options(), a.Seed, b.Options(), b.Seed)
	}
	if len(a.Steps) != len(b.Steps) {
		t.Fatalf("%d steps, %d steps", len(a.Steps), len(b.Steps))
	}
	for i := range a.Steps {
		if a.Steps[i] != b.Steps[i] {
			t.Fatalf("step %d: %s, %s", i+1, a.Steps[i], b.Steps[i])
		}
	}
}

// TestLocalMenaraSelfplay: a record of random steps, as selfplay writes
// it, piped into tablebot local started with the record's players,
// options and seed, plays as it stands to the end (collapses and shaky
// failures included), and tablebot export gives the same game back.
func TestLocalMenaraSelfplay(t *testing.T) {
	tests := []struct {
		players, difficulty, hands string
		seed                       int
	}{
		{"2", "medium", "steady", 3},
		{"1", "easy", "shaky", 4},
		{"3", "hard", "shaky", 5},
		{"4", "easy", "steady", 6},
	}
	for i, tt := range tests {
		name := tt.players + "-" + tt.difficulty + "-" + tt.hands
		t.Run(name, func(t *testing.T) {
			if testing.Short() && i > 0 {
				t.Skip("one game is enough in the short run")
			}
			code, record, stderr := run(t, "", "selfplay", "--game", "menara", "--players", tt.players,
				"--difficulty", tt.difficulty, "--hands", tt.hands, "--seed", fmt.Sprint(tt.seed))
			if code != 0 {
				t.Fatalf("selfplay: %s", stderr)
			}
			rec := parseMenara(t, record)
			dir := t.TempDir()
			db, out := filepath.Join(dir, "t.db"), filepath.Join(dir, "boards")
			args := []string{"local", "--game", "menara", "--players", tt.players, "--difficulty", tt.difficulty,
				"--hands", tt.hands, "--seed", fmt.Sprint(rec.Seed), "--db", db}
			if !testing.Short() {
				args = append(args, "--out", out)
			}
			code, stdout, stderr := run(t, record, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if strings.Contains(stdout, "⚠️") {
				t.Fatalf("a record line was refused:\n%s", firstWarning(stdout))
			}
			if !strings.Contains(stdout, "you lost together") && !strings.Contains(stdout, "You won together") && !strings.Contains(stdout, "The temple collapsed: the game is lost") {
				t.Errorf("no result at the end:\n%s", tail(stdout, 10))
			}
			if !testing.Short() {
				data, err := os.ReadFile(filepath.Join(out, "board.png"))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := png.Decode(bytes.NewReader(data)); err != nil {
					t.Errorf("the board image does not decode: %v", err)
				}
			}
			code, exported, stderr := run(t, "", "export", "--db", db, "--game", "local-1")
			if code != 0 {
				t.Fatalf("export: %s", stderr)
			}
			sameMenaraGame(t, rec, parseMenara(t, exported))
		})
	}
}
