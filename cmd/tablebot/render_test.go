package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// decodeBoardPNG fails the test unless data is a PNG of the board's width.
func decodeBoardPNG(t *testing.T, data []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if w := img.Bounds().Dx(); w != 1200 {
		t.Errorf("image %dpx wide, want 1200", w)
	}
}

func TestRender(t *testing.T) {
	oneGoroutine(t)
	t.Parallel()
	dir := t.TempDir()
	record := filepath.Join(dir, "game.txt")
	if err := os.WriteFile(record, []byte(shortRecord), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Run("record file", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "board.png")
		code, stdout, stderr := run(t, "", "render", record, "-o", out)
		if code != 0 || stdout != "" || stderr != "" {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		decodeBoardPNG(t, data)
	})
	t.Run("stdin to stdout, flags first", func(t *testing.T) {
		code, stdout, stderr := run(t, shortRecord, "render", "-o", "-", "--names", "red=Ana María,blue=Niccolò", "-")
		if code != 0 || stderr != "" {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		decodeBoardPNG(t, []byte(stdout))
	})
}

func TestRenderFrom(t *testing.T) {
	oneGoroutine(t)
	t.Parallel()
	dir := t.TempDir()
	code, state, _ := run(t, shortRecord, "replay", "--json", "-")
	if code != 0 {
		t.Fatal("replay failed")
	}
	statePath := filepath.Join(dir, "state.json")
	if err := os.WriteFile(statePath, []byte(state), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "board.png")
	code, _, stderr := run(t, "blue journey A B\n", "render", "--from", statePath, "-", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	decodeBoardPNG(t, data)
}

func TestRenderErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "board.png")
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"no record", "", []string{"render", "-o", out}, 2, "give one record"},
		{"no output", shortRecord, []string{"render", "-"}, 2, "-o BOARD.png is required"},
		{"bad names", shortRecord, []string{"render", "-", "-o", out, "--names", "green=Bob"}, 2, `"green=Bob" is not colour=name`},
		{"illegal record", shortRecord + "yellow journey F I\n", []string{"render", "-", "-o", out}, 1, "It is Blue's turn"},
		{"unwritable output", shortRecord, []string{"render", "-", "-o", filepath.Join(dir, "missing", "board.png")}, 1, "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := run(t, tt.stdin, tt.args...)
			if code != tt.code || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, tt.code, tt.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s written despite the error", out)
			}
		})
	}
}

// menaraRecord returns a selfplay record of Menara.
func menaraRecord(t *testing.T) string {
	t.Helper()
	code, record, stderr := run(t, "", "selfplay", "--game", "menara", "--players", "3", "--seed", "11")
	if code != 0 {
		t.Fatalf("selfplay: exit %d: %s", code, stderr)
	}
	return record
}

// TestRenderMenara: tablebot render draws a Menara record (the record's
// game line picks the game), its last step highlighted, with display
// names by player or seat; and with --from the JSON state as it stands.
func TestRenderMenara(t *testing.T) {
	oneGoroutine(t)
	t.Parallel()
	record := menaraRecord(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "game.txt")
	if err := os.WriteFile(path, []byte(record), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Run("record", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "temple.png")
		code, stdout, stderr := run(t, "", "render", "--game", "menara", path, "-o", out, "--names", "ana=Ana María,2=Niccolò")
		if code != 0 || stdout != "" || stderr != "" {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		decodeBoardPNG(t, data)
	})
	t.Run("a record cut short, to stdout", func(t *testing.T) {
		lines := strings.Split(record, "\n")
		code, stdout, stderr := run(t, strings.Join(lines[:len(lines)/2], "\n")+"\n", "render", "-", "-o", "-")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		decodeBoardPNG(t, []byte(stdout))
	})
	t.Run("from the JSON state", func(t *testing.T) {
		code, state, stderr := run(t, "", "replay", "--json", path)
		if code != 0 {
			t.Fatalf("replay: exit %d: %s", code, stderr)
		}
		statePath := filepath.Join(t.TempDir(), "state.json")
		if err := os.WriteFile(statePath, []byte(state), 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "temple.png")
		code, _, stderr = run(t, "", "render", "--game", "menara", "--from", statePath, "-", "-o", out)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		decodeBoardPNG(t, data)
	})
}

func TestRenderMenaraErrors(t *testing.T) {
	record := menaraRecord(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "temple.png")
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"game":"menara","players":[]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"bad names", record, []string{"render", "-", "-o", out, "--names", "zoe=Zoë"}, 2, `"zoe=Zoë" is not player=name`},
		{"seat out of range", record, []string{"render", "-", "-o", out, "--names", "9=Zoë"}, 2, "is not player=name"},
		{"steps after a state", record, []string{"render", "--from", bad, "-", "-o", out}, 2, "steps cannot continue"},
		{"a bad state", "", []string{"render", "--game", "menara", "--from", bad, "-", "-o", out}, 1, "0 players"},
		{"a missing state", "", []string{"render", "--game", "menara", "--from", filepath.Join(dir, "none.json"), "-", "-o", out}, 1, "no such file"},
		{"illegal record", record + "ana reveal purple\n", []string{"render", "-", "-o", out}, 1, "line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := run(t, tt.stdin, tt.args...)
			if code != tt.code || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, tt.code, tt.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s written despite the error", out)
			}
		})
	}
}

// TestRenderTimelapse: tablebot render --timelapse writes the game as an
// animated GIF, the start and a frame per move.
func TestRenderTimelapse(t *testing.T) {
	oneGoroutine(t)
	t.Parallel()
	out := filepath.Join(t.TempDir(), "game.gif")
	code, stdout, stderr := run(t, shortRecord, "render", "--timelapse", "--names", "red=Ana María", "-", "-o", out)
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
	if got, want := len(g.Image), 1+4; got != want {
		t.Errorf("got %d frames, want %d: the start and the record's 4 moves", got, want)
	}
	if w := g.Config.Width; w != 600 {
		t.Errorf("film %dpx wide, want 600", w)
	}
}

func TestRenderTimelapseErrors(t *testing.T) {
	record := menaraRecord(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "game.gif")
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"no output", shortRecord, []string{"render", "--timelapse", "-"}, 2, "-o GAME.gif is required"},
		{"illegal record", shortRecord + "yellow journey F I\n", []string{"render", "--timelapse", "-", "-o", out}, 1, "It is Blue's turn"},
		{"a Menara state", record, []string{"render", "--timelapse", "--from", "state.json", "-", "-o", out}, 2, "--from does not go with --timelapse"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := run(t, tt.stdin, tt.args...)
			if code != tt.code || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, tt.code, tt.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s written despite the error", out)
			}
		})
	}
}
