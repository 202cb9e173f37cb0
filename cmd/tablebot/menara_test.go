package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/menara/notation/jsoncheck"
)

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
