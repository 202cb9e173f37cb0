package main

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// parseMenara parses a Menara record.
func parseMenara(t *testing.T, text string) *notation.Record {
	t.Helper()
	rec, err := notation.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// sameMenaraGame reports how two records differ: their options, seed or
// steps (each as played).
func sameMenaraGame(t *testing.T, a, b *notation.Record) {
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

// TestLocalMenaraFlags: flags that cannot make a Menara game are usage
// errors that say why, and open nothing.
func TestLocalMenaraFlags(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"five players", []string{"--players", "5"}, "--players must be 1 to 4 for menara"},
		{"a random teammate", []string{"--players", "2", "--ai", "human,random"}, `"random" is not human or one of menara's levels: easy, medium, hard`},
		{"a computer in the first seat, a person after", []string{"--players", "2", "--ai", "hard,human"}, "the first seat is the person who opens the table"},
		{"a level for each seat", []string{"--players", "3", "--ai", "human,hard"}, "--ai names 2 seats for 3 players"},
		{"a header word as a name", []string{"--players", "2", "--names", "ana,seed"}, `"seed" cannot name a seat`},
		{"a step word as a name", []string{"--players", "2", "--names", "ana,done"}, `"done" is a command`},
		{"a name of two words", []string{"--players", "1", "--names", "ana maria"}, "single words"},
		{"a difficulty", []string{"--difficulty", "brutal"}, "--difficulty must be easy, medium or hard"},
		{"hands", []string{"--hands", "wobbly"}, "--hands must be steady or shaky"},
		{"a side", []string{"--side", "up"}, "--side must be light or dark"},
		{"Shangri-La's start", []string{"--start", "suggested"}, "--start is a flag of shangrila"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "t.db")
			code, stdout, stderr := run(t, "", append([]string{"local", "--game", "menara", "--db", db}, tt.args...)...)
			if code != 2 || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, tt.stderr)
			}
			if stdout != "" {
				t.Errorf("a game was opened:\n%s", stdout)
			}
			if _, err := os.Stat(db); err == nil {
				t.Errorf("the database was made")
			}
		})
	}
	// Menara's flags are not Shangri-La's.
	code, _, stderr := run(t, "", "local", "--difficulty", "easy", "--db", filepath.Join(t.TempDir(), "t.db"))
	if code != 2 || !strings.Contains(stderr, "--difficulty is a flag of menara") {
		t.Errorf("shangrila with --difficulty: exit %d, %q", code, stderr)
	}
}

// collapsingRecord returns a selfplay record whose last step is a column
// placed or moved that brings the temple down, and that step's line.
func collapsingRecord(t *testing.T) (header []string, steps []string, last string) {
	t.Helper()
	for seed := 1; seed < 60; seed++ {
		_, record, _ := run(t, "", "selfplay", "--game", "menara", "--players", "1", "--seed", fmt.Sprint(seed))
		rec := parseMenara(t, record)
		g, _ := rec.Replay()
		p := g.Position()
		if p.Outcome().Reason != menara.Collapse {
			continue
		}
		k := rec.Steps[len(rec.Steps)-1].Kind
		if k != menara.PlaceColumn && k != menara.MoveColumn {
			continue
		}
		var lines []string
		for _, l := range strings.Split(record, "\n") {
			if i := strings.IndexByte(l, '#'); i >= 0 {
				l = l[:i]
			}
			if l = strings.TrimSpace(l); l != "" {
				lines = append(lines, l)
			}
		}
		n := len(lines) - len(rec.Steps)
		return lines[:n], lines[n : len(lines)-1], lines[len(lines)-1]
	}
	t.Fatal("no random game ends with a column that collapses the temple")
	return nil, nil, ""
}

// TestLocalMenaraCollapseAsks: a step typed in a short form that would
// bring the temple down is refused with the warning and how to make it
// all the same; typed as the record's line, it is made.
func TestLocalMenaraCollapseAsks(t *testing.T) {
	header, steps, last := collapsingRecord(t)
	f := strings.Fields(last) // ana column R on K2, or ana move K2 to M3
	short := "place " + f[2] + " " + f[4]
	if f[1] == "move" {
		short = "move " + f[2] + " " + f[4]
	}
	rec := parseMenara(t, strings.Join(append(header, steps...), "\n"))
	input := strings.Join(append(append(header, steps...), short, "status", last), "\n") + "\n"
	code, stdout, stderr := run(t, input, "local", "--game", "menara", "--players", "1", "--seed", fmt.Sprint(rec.Seed), "--db", filepath.Join(t.TempDir(), "t.db"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	ask := stdout[strings.Index(stdout, "> "+short):]
	ask = ask[:strings.Index(ask, "> status")]
	for _, want := range []string{"would fall and the temple collapses", "type the step as a record line", strings.Join(f[1:], " ")} {
		if !strings.Contains(ask, want) {
			t.Errorf("the short form's answer does not say %q:\n%s", want, ask)
		}
	}
	if !strings.Contains(stdout, "The temple collapsed: the game is lost") {
		t.Errorf("the record line did not collapse the temple:\n%s", tail(stdout, 8))
	}
}

// TestLocalMenaraLanguages: in Spanish and Italian the commands may be
// typed as Discord shows them there, and everything answers in the
// language.
func TestLocalMenaraLanguages(t *testing.T) {
	tests := []struct {
		lang  string
		lines []string
		want  []string
	}{
		{"es", []string{"ayuda", "revelar azul", "pista", "estado", "renunciar renovar", "historial"},
			[]string{"Los pasos de Menara", "reveló una tarjeta azul", "💡", "Campamento:", "renunció a la tarjeta", "El campamento se renueva", "Las últimas"}},
		{"it", []string{"aiuto", "rivela blu", "suggerimento", "stato", "rinuncia rinnova", "cronologia"},
			[]string{"I passi di Menara", "ha rivelato una carta blu", "💡", "Accampamento:", "ha rinunciato alla carta", "L'accampamento è rinnovato"}},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			input := strings.Join(tt.lines, "\n") + "\n"
			code, stdout, stderr := run(t, input, "local", "--game", "menara", "--players", "1", "--lang", tt.lang, "--seed", "7", "--db", filepath.Join(t.TempDir(), "t.db"))
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			wants(t, stdout, tt.want, []string{"⚠️", "your turn", "revealed a"})
		})
	}
}
