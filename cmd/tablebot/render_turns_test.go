package main

import (
	"bytes"
	"image/gif"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/menara/notation"
)

// TestRenderMenaraTimelapse: tablebot render --timelapse writes a Menara
// record (the first turns of a game) as an animated GIF, the start and a
// frame per turn (the turn begun included), with display names.
func TestRenderMenaraTimelapse(t *testing.T) {
	oneGoroutine(t)
	t.Parallel()
	lines := strings.SplitAfter(menaraRecord(t), "\n")
	record := strings.Join(lines[:min(len(lines), 30)], "")
	out := filepath.Join(t.TempDir(), "game.gif")
	code, stdout, stderr := run(t, record, "render", "--timelapse", "--names", "ana=Ana María,2=Niccolò", "-", "-o", out)
	if code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not a GIF: %v", err)
	}
	if got, want := len(g.Image), 1+recordTurns(t, record); got != want || got < 3 {
		t.Errorf("got %d frames, want %d: the start and one a turn", got, want)
	}
	if w := g.Config.Width; w != 600 {
		t.Errorf("film %dpx wide, want 600", w)
	}
}

// recordTurns counts the turns of a Menara record: the turns ended and
// the turn begun, if any.
func recordTurns(t *testing.T, record string) int {
	t.Helper()
	rec, err := notation.ParseRecord(strings.NewReader(record))
	if err != nil {
		t.Fatal(err)
	}
	game, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	p, n, open := game.Start(), 0, false
	for _, s := range game.Steps() {
		next, e, err := p.Apply(s)
		if err != nil {
			t.Fatal(err)
		}
		open = !e.TurnOver && !e.GameOver
		if !open {
			n++
		}
		p = next
	}
	if open {
		n++
	}
	return n
}
