package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
