package notation_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// TestHandsLine: each hand mode's line reads back as that mode, and a bare
// "hands shaky" (records of the first shaky hands) reads as ShakyWide.
func TestHandsLine(t *testing.T) {
	tests := []struct {
		line string
		want menara.Hands
		ok   bool
	}{
		{"hands steady", menara.Steady, true},
		{"hands shaky 1.5mm", menara.Shaky, true},
		{"hands Shaky 1.5MM", menara.Shaky, true},
		{"hands shaky", menara.ShakyWide, true},
		{"hands shaky 2mm", 0, false},
		{"hands wobbly", 0, false},
		{"hands shaky-wide", 0, false},
		{"hands", 0, false},
		{"hands steady shaky 1.5mm", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			rec, err := notation.ParseRecord(strings.NewReader("game menara\nplayers ana\ndifficulty easy\n" + tt.line + "\nseed 1\n"))
			if !tt.ok {
				if err == nil {
					t.Fatalf("read as %v, want an error", rec.Hands)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if rec.Hands != tt.want {
				t.Errorf("got %v, want %v", rec.Hands, tt.want)
			}
			if got := notation.HandsLine(rec.Hands); !strings.EqualFold(got, tt.line) {
				t.Errorf("HandsLine = %q, want %q", got, tt.line)
			}
		})
	}
}

// TestShakyWideReplaysAsPlayed: a record of the first shaky hands (made by
// the engine of 2026-11-26, whose amber band reached 5 mm, with steps that
// failed) replays to the very state that engine printed; only the hands'
// name in the JSON differs (shaky then, shaky-wide now).
func TestShakyWideReplaysAsPlayed(t *testing.T) {
	data, err := os.ReadFile("testdata/shaky-wide.txt")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/shaky-wide.json")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := notation.ParseRecord(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Hands != menara.ShakyWide {
		t.Fatalf("hands %v, want shaky-wide", rec.Hands)
	}
	g, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	got := notation.MarshalState(&p)
	if !bytes.Equal(bytes.TrimSpace(got), bytes.TrimSpace(want)) {
		t.Errorf("replayed state differs from the one played:\n got %.300s\nwant %.300s", got, want)
	}
	if !strings.Contains(string(data), "# failed") {
		t.Error("the fixture has no failed step: it would not tell the bands apart")
	}
}
