package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/i18n/i18ntest"
	"github.com/tablebot/tablebot/rules/menara"
)

// wants checks that out holds every one of want and none of bad.
func wants(t *testing.T, out string, want, bad []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q", w)
		}
	}
	for _, b := range bad {
		if strings.Contains(out, b) {
			t.Errorf("output has %q", b)
		}
	}
	if t.Failed() {
		t.Logf("output:\n%s", out)
	}
}

// TestLocalFlagsDisagree: flags that ask for another game than the one
// the channel keeps are refused with how to start afresh; --new starts a
// new game (the kept one cancelled, in the archive), and no flags go on
// with the kept game.
func TestLocalFlagsDisagree(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	if code, _, stderr := run(t, "place A rainmaker\n", "local", "--db", db); code != 0 {
		t.Fatalf("first session: exit %d: %s", code, stderr)
	}
	code, stdout, stderr := run(t, "", "local", "--db", db, "--players", "3", "--ai", "human,hard,medium")
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	wants(t, stderr, []string{`channel "local" keeps a game (1 move so far)`, "--players: the kept game has 4, the flags ask for 3", "--new", "--channel NAME"}, nil)
	if stdout != "" {
		t.Errorf("the kept game went on:\n%s", stdout)
	}
	code, stdout, stderr = run(t, "", "local", "--db", db, "--players", "3", "--ai", "human,easy,medium", "--new")
	if code != 0 {
		t.Fatalf("--new: exit %d: %s", code, stderr)
	}
	// --new says what it did, not that the first player cancelled.
	wants(t, stdout, []string{`--new: the game kept in channel "local" (1 move) is cancelled; it stays in the archive.`, "Computer (easy)", "Computer (medium)"},
		[]string{"Continuing", "cancelled the game"})
	code, stdout, stderr = run(t, "", "local", "--db", db)
	if code != 0 {
		t.Fatalf("no flags: exit %d: %s", code, stderr)
	}
	wants(t, stdout, []string{"Continuing the game", "Computer (easy)"}, nil)
	code, _, stderr = run(t, "", "local", "--db", db, "--ai", "human,easy,hard", "--players", "3")
	if code != 2 || !strings.Contains(stderr, "--ai (seat 3): the kept game has medium, the flags ask for hard") {
		t.Errorf("another computer: exit %d, %s", code, stderr)
	}
}

// TestLocalTerminalWords: rules pages, the legal moves grouped, "did you
// mean", a continued game's count of moves, history counts, and the
// answer once the game is over.
func TestLocalTerminalWords(t *testing.T) {
	cat, err := newCatalog(games())
	if err != nil {
		t.Fatal(err)
	}
	guide := cat.Printer(i18n.English).Sections("guide")
	db := filepath.Join(t.TempDir(), "t.db")
	input := strings.Join([]string{"rules 2", "rules 9", "rules two", "moves", "plce A rainmaker", "statsu", "dance", "place A rainmaker", "history abc", "history -1"}, "\n") + "\n"
	code, stdout, stderr := run(t, input, "local", "--players", "3", "--db", db)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	wants(t, stdout, []string{
		strings.Split(guide[1], "\n")[0], "(page 2 of 5",
		"The guide has 5 pages: rules 1 to rules 5.",
		`"two" is not a page number`,
		"setup A: rainmaker, priest, yeti-whisperer, astrologer, dragonbreeder, healer, firekeeper",
		`"plce" is not a command: did you mean place?`,
		`"statsu" is not a command: did you mean status?`,
		`"dance" is not a command. Type help`,
		"Red places a starting Rainmaker in village A",
	}, []string{"Too many words", "red setup A rainmaker"})
	if n := strings.Count(stdout, "Give a number of moves from 1 to 50."); n != 2 {
		t.Errorf("history abc and history -1: %d refusals, want 2", n)
	}
	if n := len(regexp.MustCompile(`(?m)^  setup `).FindAllString(stdout, -1)); n != 12 {
		t.Errorf("moves in the setup on %d lines, want 12 (one a village in play)", n)
	}
	code, stdout, _ = run(t, "", "local", "--players", "3", "--db", db)
	if code != 0 || !strings.Contains(stdout, `Continuing the game in channel "local" (1 move so far).`) {
		t.Errorf("continuing: exit %d:\n%s", code, stdout)
	}
}

// TestLocalGameOver: once the game is over, the terminal says so, names
// the channel and how to see the game, and "new" starts another; it never
// sends people to Discord's /shangrila new.
func TestLocalGameOver(t *testing.T) {
	_, record, _ := run(t, "", "selfplay", "--players", "3", "--seed", "4")
	db := filepath.Join(t.TempDir(), "t.db")
	code, stdout, stderr := run(t, record+"status\nnew\nstatus\n", "local", "--players", "3", "--db", db, "--channel", "den")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	wants(t, stdout, []string{
		"The game is over",
		`The game in channel "den" is over (den-1: tablebot export --channel den prints it). Type new for another game, or quit.`,
		"The game begins!",
		"setup phase, 0 placements made",
	}, []string{"/shangrila new", "no game in this channel"})
}

// TestLocalCompactComputers: a computer's move is one line; the whole
// board is shown before a person's turn only.
func TestLocalCompactComputers(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	code, stdout, stderr := run(t, "place A rainmaker\n", "local", "--players", "4", "--db", db, "--ai", "human,easy,easy,easy")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if n := strings.Count(stdout, "Bridges standing"); n != 2 {
		t.Errorf("the board shown %d times, want 2 (at the start, and before Red's next turn):\n%s", n, stdout)
	}
	for _, c := range []string{"Blue", "Yellow", "Violet"} {
		if !regexp.MustCompile(`(?m)^ *` + c + ` places a starting \S+ in village [A-M]$`).MatchString(stdout) {
			t.Errorf("no line for %s's move:\n%s", c, stdout)
		}
	}
	if strings.Contains(stdout, "is thinking") {
		t.Errorf("computers thinking shown:\n%s", stdout)
	}
}

// TestLocalFlagErrors: flags that cannot make a game are usage errors.
func TestLocalFlagErrors(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"the same name twice", []string{"--players", "3", "--names", "a,A,b"}, `seats 1 and 2 are both called "A"`},
		{"a colour of another seat", []string{"--players", "3", "--names", "blue,bo,cy"}, `"blue" is the colour of seat 2`},
		{"a command as a name", []string{"--players", "3", "--names", "ann,status,cy"}, `"status" is a command`},
		{"fewer levels than seats", []string{"--players", "3", "--ai", "human,hard"}, "--ai names 2 seats for 3 players"},
		{"more levels than seats", []string{"--players", "3", "--ai", "human,hard,easy,easy"}, "--ai names 4 seats for 3 players"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "t.db")
			code, stdout, stderr := run(t, "", append([]string{"local", "--db", db}, tt.args...)...)
			if code != 2 || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, tt.stderr)
			}
			if stdout != "" {
				t.Errorf("a game was opened:\n%s", stdout)
			}
		})
	}
}

// TestLocalLocalisedWords: with --lang es or it, the commands' names as
// Discord shows them in that language are understood, the terminal's own
// words too, and computers are named in the language.
func TestLocalLocalisedWords(t *testing.T) {
	oneGoroutine(t)
	t.Parallel()
	cat, err := newCatalog(games())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		lang  i18n.Lang
		lines []string
		want  []string
	}{
		{i18n.Spanish, []string{"ayuda", "jugadas", "reglas 2", "colocar A sanador", "pista", "estado", "historial 5", "/shangrila colocar aldea:B maestro:sacerdote", "como azul", "abandonar ordenador difícil"},
			[]string{"Ordenador (fácil)", "Rojo coloca"}},
		{i18n.Italian, []string{"aiuto", "mosse", "regole 2", "piazza A guaritore", "suggerimento", "stato", "cronologia 5", "/shangrila piazza villaggio:B maestro:prete", "come blu", "abbandona computer difficile"},
			[]string{"Computer (facile)", "Rosso piazza"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang), func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "t.db")
			input := strings.Join(tt.lines, "\n") + "\n"
			code, stdout, stderr := run(t, input, "local", "--players", "3", "--db", db, "--lang", string(tt.lang), "--ai", "human,easy,easy", "--think", "50ms")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			p := cat.Printer(tt.lang)
			l := langOutput{t: t, cat: cat, lang: tt.lang, out: stdout}
			l.says("help", i18ntest.T("local.help", "seat", strings.ToLower(p.T("colour.blue"))))
			l.says("rules 2", i18ntest.T("local.page", "page", 2, "count", 5))
			l.says("a computer's seat", i18ntest.T("local.err.computer", "seat", p.T("colour.blue"), "name", p.T("bot.computer.name", "level", p.T("bot.level.easy"))))
			l.says("the hand-over", i18ntest.T("bot.handed", "mark", "🔴", "name", "red", "computer", p.T("bot.computer.name", "level", p.T("bot.level.hard"))))
			wants(t, stdout, append(tt.want, "💡", strings.Split(p.Sections("guide")[1], "\n")[0]), []string{"Computer (easy)", "no es un comando", "non è un comando"})
		})
	}
}

// TestLocalTextView: the position as text lists the bridges standing and
// how many journeys the game has to go, as status does; its codes are
// explained at the start and in help.
func TestLocalTextView(t *testing.T) {
	_, record, _ := run(t, "", "selfplay", "--players", "3", "--seed", "4")
	lines := strings.Split(strings.TrimSpace(record), "\n")
	db := filepath.Join(t.TempDir(), "t.db")
	code, stdout, stderr := run(t, strings.Join(lines[:60], "\n")+"\nstatus\nhelp\n", "local", "--players", "3", "--db", db)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	pos := replayPosition(t, strings.Join(lines[:60], "\n"))
	var standing []string
	for _, b := range pos.Bridges() {
		standing = append(standing, b.String())
	}
	list := fmt.Sprintf("Bridges standing (%d): %s", len(standing), strings.Join(standing, " "))
	toGo := fmt.Sprintf("The game ends when one bridge is left: %d to go.", len(standing)-1)
	if n := strings.Count(stdout, list); n < 2 {
		t.Errorf("%q shown %d times, want in the last board and in status:\n%s", list, n, tail(stdout, 40))
	}
	if n := strings.Count(stdout, toGo); n < 2 {
		t.Errorf("%q shown %d times", toGo, n)
	}
	if n := strings.Count(stdout, `So "Rr+ Pb" is`); n != 2 {
		t.Errorf("the codes explained %d times, want at the start and in help", n)
	}
}

// TestLocalBoardAfterRestart: someone coming back to a game sees the board
// with the last move that led to it: the board image written when the
// session continues, and the one board writes, are the image written right
// after the move.
func TestLocalBoardAfterRestart(t *testing.T) {
	oneGoroutine(t)
	t.Parallel()
	dir := t.TempDir()
	db, out := filepath.Join(dir, "t.db"), filepath.Join(dir, "out")
	image := filepath.Join(out, "board.png")
	if code, _, stderr := run(t, "place A rainmaker\n", "local", "--players", "3", "--db", db, "--out", out); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	afterMove, err := os.ReadFile(image)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(image); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := run(t, "", "local", "--players", "3", "--db", db, "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	onContinue, err := os.ReadFile(image)
	if err != nil {
		t.Fatalf("no board image when the game continues: %v\n%s", err, stdout)
	}
	if !bytes.Equal(onContinue, afterMove) {
		t.Error("the board image when the game continues is not the one after the move")
	}
	if code, _, _ := run(t, "board\n", "local", "--players", "3", "--db", db, "--out", out); code != 0 {
		t.Fatal("board failed")
	}
	onBoard, _ := os.ReadFile(image)
	if !bytes.Equal(onBoard, afterMove) {
		t.Error("the board command's image is not the one after the move")
	}
	wants(t, stdout, []string{"The board as it stands", "@blue, your turn"}, nil)
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
	for _, want := range []string{"would fall and the temple collapses", "end the line with !", strings.Join(f[1:], " ")} {
		if !strings.Contains(ask, want) {
			t.Errorf("the short form's answer does not say %q:\n%s", want, ask)
		}
	}
	if !strings.Contains(stdout, "The temple collapsed: the game is lost") {
		t.Errorf("the record line did not collapse the temple:\n%s", tail(stdout, 8))
	}
}
