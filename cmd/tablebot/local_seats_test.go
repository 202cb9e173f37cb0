package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/internal/racetest"
	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
)

// TestLocalComputerSeatRefused: a move typed with a computer seat's colour
// is refused, not played as the human's move, and so is typing as a
// computer seat; the human's own moves still play.
func TestLocalComputerSeatRefused(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	input := strings.Join([]string{
		"yellow place B priest",
		"as blue",
		"status",
		"place A rainmaker",
	}, "\n") + "\n"
	code, stdout, stderr := run(t, input, "local", "--players", "3", "--db", db, "--ai", "human,easy,easy", "--think", "50ms")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"Yellow is a computer player (Computer (easy))",
		"Blue is a computer player (Computer (easy))",
		"setup phase, 0 placements made",
		"Red places a starting Rainmaker in village A",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	for _, bad := range []string{"Red places a starting Priest in village B", "Now typing as ."} {
		if strings.Contains(stdout, bad) {
			t.Errorf("output has %q:\n%s", bad, stdout)
		}
	}
}

// TestLocalRecordWithComputers: a game played with computer players,
// exported and piped into tablebot local with the same seats, plays as it
// stands: every line is taken, the computers' lines as their moves, and the
// game ends where the original did.
func TestLocalRecordWithComputers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	first := filepath.Join(dir, "first.db")
	args := []string{"--players", "3", "--ai", "human,easy,medium", "--start", "suggested", "--think", "50ms"}
	if code, _, stderr := run(t, "place A rainmaker\nresign computer easy\n", append([]string{"local", "--db", first}, args...)...); code != 0 {
		t.Fatalf("first game: exit %d: %s", code, stderr)
	}
	code, record, stderr := run(t, "", "export", "--db", first, "--game", "local-1")
	if code != 0 {
		t.Fatalf("export: %s", stderr)
	}
	code, stdout, stderr := run(t, record, append([]string{"local", "--db", filepath.Join(dir, "second.db")}, args...)...)
	if code != 0 {
		t.Fatalf("second game: exit %d: %s", code, stderr)
	}
	if strings.Contains(stdout, "⚠️") {
		t.Errorf("a record line was refused:\n%s", firstWarning(stdout))
	}
	if !strings.Contains(stdout, "The game is over") {
		t.Errorf("the game did not end:\n%s", tail(stdout, 20))
	}
	code, again, _ := run(t, "", "export", "--db", filepath.Join(dir, "second.db"), "--game", "local-1")
	if code != 0 {
		t.Fatal("export of the second game failed")
	}
	if replayText(t, again) != replayText(t, record) {
		t.Errorf("the second game ended elsewhere than the record")
	}
}

// TestLocalRecordAutoPass: a record in which a person's automatic pass
// falls between two computers' moves (line 67: red passes, then blue's
// move) plays as it stands; the computer after the pass once thought for
// itself there instead of taking its line.
func TestLocalRecordAutoPass(t *testing.T) {
	record, err := os.ReadFile(filepath.Join("testdata", "record-auto-pass.txt"))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "t.db")
	code, stdout, stderr := run(t, string(record), "local", "--db", db, "--players", "3", "--ai", "human,easy,medium", "--start", "suggested", "--think", "50ms")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Contains(stdout, "⚠️") {
		t.Errorf("a record line was refused:\n%s", firstWarning(stdout))
	}
	code, again, _ := run(t, "", "export", "--db", db, "--game", "local-1")
	if code != 0 {
		t.Fatal("export failed")
	}
	if got, want := replayText(t, again), replayText(t, string(record)); got != want {
		t.Errorf("the game ended elsewhere than the record")
	}
}

// teammateSeed is the seed of the terminal games with computer teammates.
const teammateSeed = 5

// teammateThink is --think in the terminal games with computer teammates:
// long enough never to cut a step or a hint short, so that the node cap
// alone ends them and they depend on the position alone, even under -race.
const teammateThink = time.Hour

// hintLine is the hint's answer in the terminal: private, a light bulb.
const hintLine = "(only ana sees this) 💡 "

// TestLocalMenaraTeammates: tablebot local --game menara --ai plays a game
// of one person and two computer teammates from piped input. The
// computers take their turns by themselves, hint gives the hard teammate's
// step and reason, the person's steps play between the computers' turns,
// and "resign computer easy" hands the person's seat to a teammate, which
// plays on with the others to the end. The same flags and input play the
// same game again: the teammates are deterministic per seed and seat
// (not with -short).
func TestLocalMenaraTeammates(t *testing.T) {
	racetest.OneGoroutine(t)
	t.Parallel()
	input := strings.Join([]string{
		"hint",
		"reveal red",
		"give up",
		"reveal red",
		"give up renew",
		"resign computer easy",
	}, "\n") + "\n"
	dir := t.TempDir()
	play := func(db string) (stdout, record string) {
		t.Helper()
		code, stdout, stderr := run(t, input, "local", "--game", "menara", "--players", "3", "--ai", "human,easy,medium",
			"--seed", strconv.Itoa(teammateSeed), "--think", teammateThink.String(), "--db", db)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		code, record, stderr = run(t, "", "export", "--db", db, "--game", "local-1")
		if code != 0 {
			t.Fatalf("export: %s", stderr)
		}
		return stdout, record
	}
	stdout, record := play(filepath.Join(dir, "first.db"))
	// The seats, in play order from whoever the setup drew to start.
	_, begins, _ := strings.Cut(stdout, "The game begins!")
	begins, _, _ = strings.Cut(begins, "\n")
	for _, seat := range []string{"1️⃣ ana", "2️⃣ Computer (easy)", "3️⃣ Computer (medium)"} {
		if !strings.Contains(begins, seat) {
			t.Errorf("the start lacks %q: %q", seat, begins)
		}
	}
	for _, want := range []string{
		"ana revealed a red card",
		"ana gave up the card",
		"ana hands their seat to Computer (easy)",
		"The game is over",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the output lacks %q:\n%s", want, tail(stdout, 30))
		}
	}
	for _, line := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(line, "⚠️") {
			t.Errorf("a line was refused: %s", firstWarning(stdout))
			break
		}
	}
	// The export says who made each step ("# ana, TIME", "# computer,
	// TIME"): ana made her four, a computer the rest, her seat's too after
	// the hand-over.
	rec := parseMenara(t, record)
	by := map[string]int{}
	var hers []string
	for _, text := range rec.Texts {
		step, author, _ := strings.Cut(text, " # ")
		author, _, _ = strings.Cut(author, ",")
		by[strings.Fields(step)[0]+" by "+author]++
		if author == "ana" {
			hers = append(hers, step)
		}
	}
	if want := []string{"ana reveal red", "ana give up", "ana reveal red", "ana give up renew"}; !slices.Equal(hers, want) {
		t.Errorf("ana's steps: %q, want %q", hers, want)
	}
	if by["ana by computer"] == 0 || by["Computer-easy by computer"] == 0 || by["Computer-medium by computer"] == 0 {
		t.Errorf("steps by seat and author: %v", by)
	}
	g, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if p := g.Position(); p.Phase() != menara.Over {
		t.Errorf("the game did not end: %s", p.Phase())
	}

	// The hint, asked before ana's first step, is the hard teammate's
	// step with its reason, as ai.HintWith gives it for the game's seed
	// and the steps made so far.
	before := 0
	for before < len(rec.Texts) && !strings.HasPrefix(rec.Texts[before], "ana ") {
		before++
	}
	p := g.Start()
	for _, s := range rec.Steps[:before] {
		if p, _, err = p.Apply(s); err != nil {
			t.Fatal(err)
		}
	}
	step, why := ai.HintWith(context.Background(), &p, teammateSeed+uint64(before), ai.Options{Think: teammateThink})
	if want := hintLine + why.String() + " (`" + step.String() + "`)"; !strings.Contains(stdout, want+"\n") {
		t.Errorf("the hint is not %q:\n%s", want, tail(stdout[:strings.Index(stdout, "> reveal red")], 5))
	}

	// Again, from a fresh database: the same game (the full run plays it;
	// bot/menara's TestTeammateSeats checks each level's determinism).
	if testing.Short() {
		return
	}
	_, again := play(filepath.Join(dir, "second.db"))
	sameMenaraGame(t, rec, parseMenara(t, again))
}

// TestLocalMenaraComputersAlone: --ai with a computer in every seat is a
// game of computers alone, a demonstration: the terminal opens the table,
// leaves the seats to the computers, in the order asked (seed 7 draws the
// third to start, so the list begins there), and shows them
// playing the whole game by themselves.
func TestLocalMenaraComputersAlone(t *testing.T) {
	racetest.OneGoroutine(t)
	t.Parallel()
	db := filepath.Join(t.TempDir(), "t.db")
	code, stdout, stderr := run(t, "", "local", "--game", "menara", "--players", "3", "--ai", "easy,medium,easy",
		"--seed", "7", "--db", db)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if want := "Seats in order of play: 3️⃣ Computer (easy), 1️⃣ Computer (easy), 2️⃣ Computer (medium)"; !strings.Contains(stdout, want) {
		t.Errorf("the output lacks %q:\n%s", want, tail(stdout, 30))
	}
	if !strings.Contains(stdout, "won together") && !strings.Contains(stdout, "lost together") && !strings.Contains(stdout, "collapsed") {
		t.Errorf("no result:\n%s", tail(stdout, 10))
	}
	code, record, stderr := run(t, "", "export", "--db", db, "--game", "local-1")
	if code != 0 {
		t.Fatalf("export: %s", stderr)
	}
	rec := parseMenara(t, record)
	if want := []string{"Computer-easy", "Computer-medium", "Computer-easy2"}; !slices.Equal(rec.Players, want) {
		t.Errorf("players %q, want %q", rec.Players, want)
	}
	for _, text := range rec.Texts {
		if !strings.Contains(text, " # computer,") {
			t.Fatalf("a step not by a computer: %q", text)
		}
	}
	g, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if p := g.Position(); p.Phase() != menara.Over {
		t.Errorf("the game did not end: %s", p.Phase())
	}
}

// TestLocalMenaraSeats: in Menara, whose seats are people marked 1️⃣ 2️⃣
// and not colours, help shows a seat typed by its number and as 2 types
// as the second seat; Shangri-La's help still shows a colour.
func TestLocalMenaraSeats(t *testing.T) {
	for _, tc := range []struct {
		name      string
		args      []string
		input     string
		want, bad []string
	}{
		{"menara", []string{"--game", "menara"}, "help\nas 2\n",
			[]string{"(a name or a seat: as 2)", "Now typing as bob."}, []string{"as blue", "is not at this table"}},
		{"shangrila", nil, "help\nas 2\n",
			[]string{"(a name or a seat: as blue)", "Now typing as blue."}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "t.db")
			code, stdout, stderr := run(t, tc.input, append([]string{"local", "--db", db}, tc.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			wants(t, stdout, tc.want, tc.bad)
		})
	}
}
