package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/menara/notation/jsoncheck"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

const shortRecord = `game shangrila
players red blue yellow
start suggested
red recruit E priest
blue recruit A rainmaker D astrologer  # two students
yellow place F dragonbreeder
red journey E A
`

func TestReplay(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.txt")
	if err := os.WriteFile(path, []byte(shortRecord), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := run(t, "", "replay", "--json", path)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var state struct {
		Phase string
		Turn  string
	}
	if err := json.Unmarshal([]byte(stdout), &state); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, stdout)
	}
	if state.Phase != "play" || state.Turn != "blue" {
		t.Errorf("state %+v, want play and blue", state)
	}
	// The flags may come after the record, and - reads stdin.
	code2, stdout2, _ := run(t, shortRecord, "replay", "-", "--json")
	if code2 != 0 || stdout2 != stdout {
		t.Errorf("stdin replay: exit %d, differs %v", code2, stdout2 != stdout)
	}
	// Without --json: a readable summary.
	code, stdout, _ = run(t, "", "replay", path)
	if code != 0 || !strings.Contains(stdout, "Blue to move") || !strings.Contains(stdout, "Bridges standing (19)") {
		t.Errorf("summary: exit %d\n%s", code, stdout)
	}
}

func TestReplayFrom(t *testing.T) {
	dir := t.TempDir()
	code, state, _ := run(t, shortRecord, "replay", "--json", "-")
	if code != 0 {
		t.Fatal("replay failed")
	}
	statePath := filepath.Join(dir, "state.json")
	if err := os.WriteFile(statePath, []byte(state), 0o644); err != nil {
		t.Fatal(err)
	}
	// The rest of the game without a players line.
	more := "blue journey A B   # blue's rainmaker student\n"
	code, stdout, stderr := run(t, more, "replay", "--from", statePath, "--json", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := shortRecord + more
	_, direct, _ := run(t, want, "replay", "--json", "-")
	if stdout != direct {
		t.Errorf("replaying from the state differs from replaying the whole record")
	}
	// A state file that is not a position.
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"game":"shangrila","players":["red"]}`), 0o644)
	code, stdout, stderr = run(t, more, "replay", "--from", bad, "-")
	if code != 1 || stdout != "" || !strings.Contains(stderr, "bad.json") {
		t.Errorf("bad state: exit %d stdout %q stderr %q", code, stdout, stderr)
	}
}

func TestReplayErrors(t *testing.T) {
	tests := []struct {
		name   string
		record string
		want   []string
	}{
		{"illegal move", shortRecord + "\n# a comment\nyellow journey F I\n",
			[]string{"line 10", "yellow journey F I", "It is Blue's turn, not Yellow's"}},
		{"unreadable line", "game shangrila\nplayers red blue yellow\nred setup A wizard\n",
			[]string{"line 3", "red setup A wizard", `"wizard" is not a master`}},
		{"illegal reason", "game shangrila\nplayers red blue yellow\nstart suggested\nred journey A B\n",
			[]string{"line 4", "Red has no student in village A"}},
		{"garbage bytes", "game shangrila\n\x00\x01\x02 \xfe\n",
			[]string{"line 2", "not UTF-8"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, tt.record, "replay", "--json", "-")
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q lacks %q", stderr, w)
				}
			}
		})
	}
	code, _, stderr := run(t, "", "replay")
	if code != 2 || !strings.Contains(stderr, "give one record") {
		t.Errorf("no record: exit %d %q", code, stderr)
	}
	code, _, stderr = run(t, "", "replay", "/nonexistent/game.txt")
	if code != 1 || !strings.Contains(stderr, "no such file") {
		t.Errorf("missing file: exit %d %q", code, stderr)
	}
}

func TestSelfplay(t *testing.T) {
	code, a, _ := run(t, "", "selfplay", "--players", "3", "--seed", "42")
	_, b, _ := run(t, "", "selfplay", "--players", "3", "--seed", "42")
	_, c, _ := run(t, "", "selfplay", "--players", "3", "--seed", "43")
	if code != 0 || a != b || a == c {
		t.Fatalf("same seed must give the same game, another seed another (exit %d)", code)
	}
	rec, err := notation.ParseRecord(strings.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	g, err := rec.Replay(nil)
	if err != nil {
		t.Fatal(err)
	}
	if p := g.Position(); p.Phase() != shangrila.Over {
		t.Errorf("a selfplay game must be played to the end")
	}

	dir := t.TempDir()
	code, stdout, stderr := run(t, "", "selfplay", "--players", "4", "--seed", "1", "--games", "5", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "wrote 5 records") {
		t.Errorf("stdout %q", stdout)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) != 5 {
		t.Fatalf("%d files, want 5", len(files))
	}
	for _, f := range files {
		if code, _, stderr := run(t, "", "replay", f); code != 0 {
			t.Errorf("%s does not replay: %s", f, stderr)
		}
	}
	for _, args := range [][]string{
		{"selfplay", "--players", "5"},
		{"selfplay", "--games", "2"},
		{"selfplay", "--start", "later"},
	} {
		if code, _, _ := run(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// TestReplayPicksGame: a record's game line picks the game; --game names
// the game of a record without one; a record of one game named as another,
// or of a game tablebot does not know, is refused.
func TestReplayPicksGame(t *testing.T) {
	body := "players red blue yellow\nstart suggested\nred place D healer\n"
	tests := []struct {
		name     string
		record   string
		args     []string
		wantCode int
		want     string // in stdout or stderr
	}{
		{"game line", "game shangrila\n" + body, nil, 0, `"game":"shangrila"`},
		{"no game line, default", body, nil, 0, `"game":"shangrila"`},
		{"no game line, --game", body, []string{"--game", "shangrila"}, 0, `"game":"shangrila"`},
		{"--game=", body, []string{"--game=shangrila"}, 0, `"game":"shangrila"`},
		{"unknown --game", body, []string{"--game", "chess"}, 2, `no game "chess"; the games are shangrila`},
		{"record of another game", "game shangrila\n" + body, []string{"--game", "menara"}, 2, "the record is a game of shangrila, not menara"},
		{"record of an unknown game", "game chess\n" + body, nil, 1, `the record is a game of "chess", which tablebot does not know`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, tt.record, append(append([]string{"replay", "--json"}, tt.args...), "-")...)
			if code != tt.wantCode || !strings.Contains(stdout+stderr, tt.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and %q", code, stdout, stderr, tt.wantCode, tt.want)
			}
		})
	}
}

// TestMenaraSelfplayReplay: records of random Menara games, for every
// player count and difficulty, replay with tablebot replay --json, and
// their final states obey every invariant a reader of the JSON can check.
func TestMenaraSelfplayReplay(t *testing.T) {
	games := "3"
	if testing.Short() {
		games = "1"
	}
	for players := 1; players <= 4; players++ {
		for _, difficulty := range []string{"easy", "medium", "hard"} {
			hands := "steady"
			if players%2 == 0 {
				hands = "shaky"
			}
			name := fmt.Sprintf("%dp-%s-%s", players, difficulty, hands)
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				code, _, stderr := run(t, "", "selfplay", "--game", "menara", "--players", fmt.Sprint(players),
					"--difficulty", difficulty, "--hands", hands, "--seed", fmt.Sprint(players*7), "--games", games, "--out", dir)
				if code != 0 {
					t.Fatalf("selfplay: exit %d: %s", code, stderr)
				}
				if want := "selfplay: " + games + "/" + games + " games"; !strings.Contains(stderr, want) {
					t.Errorf("stderr = %q, want progress ending %q", stderr, want)
				}
				files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
				if len(files) == 0 {
					t.Fatal("no records")
				}
				for _, f := range files {
					code, stdout, stderr := run(t, "", "replay", "--json", f)
					if code != 0 {
						t.Fatalf("replay %s: exit %d: %s", f, code, stderr)
					}
					if !strings.Contains(stdout, `"phase":"over"`) {
						t.Errorf("%s: the game did not end", f)
					}
					if err := jsoncheck.Check([]byte(strings.TrimSpace(stdout))); err != nil {
						t.Errorf("%s: %v", f, err)
					}
				}
			})
		}
	}
}

// TestMenaraReplayErrors: a record line that does not play stops the
// replay with exit status 1, naming the line and the reason; the game line
// picks Menara without --game.
func TestMenaraReplayErrors(t *testing.T) {
	_, record, _ := run(t, "", "selfplay", "--game", "menara", "--players", "2", "--seed", "3")
	lines := strings.Split(record, "\n")
	var header []string
	for _, l := range lines {
		if strings.HasPrefix(l, "ana ") || strings.HasPrefix(l, "bob ") {
			break
		}
		header = append(header, l)
	}
	n := len(header) + 1
	tests := []struct {
		name, line string
		want       []string
	}{
		{"unknown step", "ana dance", []string{fmt.Sprintf("line %d", n), "ana dance"}},
		{"not a player", "zoe reveal blue", []string{fmt.Sprintf("line %d", n), "zoe"}},
		{"column on a base that is not there", "ana column R on Z9", []string{fmt.Sprintf("line %d", n)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, strings.Join(header, "\n")+"\n"+tt.line+"\n", "replay", "-")
			if code != 1 || stdout != "" {
				t.Errorf("exit %d, stdout %q", code, stdout)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q lacks %q", stderr, w)
				}
			}
		})
	}
	code, _, stderr := run(t, record, "replay", "--game", "shangrila", "-")
	if code != 2 || !strings.Contains(stderr, "the record is a game of menara, not shangrila") {
		t.Errorf("--game shangrila on a Menara record: exit %d, %q", code, stderr)
	}
	code, _, stderr = run(t, "", "render", "--game", "menara", "-o", filepath.Join(t.TempDir(), "x.png"), "-")
	if code == 0 {
		t.Errorf("render of Menara: exit 0, %q", stderr)
	}
	if _, err := os.Stat(filepath.Join(t.TempDir(), "x.png")); err == nil {
		t.Error("a file was written")
	}
}
