package notation_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"github.com/tablebot/tablebot/rules/menara/notation/jsoncheck"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata (the scripted record, its JSON and summary)")

const (
	recordFile  = "testdata/two-players.txt"
	jsonFile    = "testdata/two-players.json"
	summaryFile = "testdata/two-players-summary.txt"
)

// scriptedRecord plays a two-player game with a simple, deterministic
// policy that builds up (the most stable floor placements, columns on the
// highest floors, one exchange on the first turn) and returns its record
// with the draws as comments. The first floor placed on columns is written
// without its position, to exercise that form.
func scriptedRecord(t *testing.T) string {
	t.Helper()
	o := menara.Options{Players: []string{"ana", "bob"}, Difficulty: menara.Easy}
	p, err := menara.NewPosition(o, 7)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("# A scripted game: greedy building, most stable floors first.\n")
	b.WriteString(notation.FormatRecord(notation.NewRecord(o, 7, nil)))
	turns, shortForm := 0, false
	for p.Phase() == menara.Playing {
		s := choose(t, &p, turns)
		next, e, err := p.Apply(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		line := notation.FormatStep(o.Players, e.Step)
		if e.Step.Kind == menara.PlaceFloor && !shortForm {
			short := e.Step
			short.HasAt, short.At = false, menara.Hex{}
			if _, e2, err := p.Apply(short); err == nil && e2.Step == e.Step {
				line, shortForm = notation.FormatStep(o.Players, short), true
			}
		}
		if c := notation.Comment(&p, &e); c != "" {
			line += "  # " + c
		}
		b.WriteString(line + "\n")
		if e.TurnOver {
			turns++
		}
		p = next
	}
	return b.String()
}

// choose is the scripted policy.
func choose(t *testing.T, p *menara.Position, turns int) menara.Step {
	t.Helper()
	seat := p.Turn()
	legal := p.LegalSteps(nil)
	safe := func(s menara.Step) bool {
		_, e, err := p.Preview(s)
		return err == nil && !e.Collapse
	}
	switch p.Stage() {
	case menara.Exchanging:
		if turns == 0 && !p.Exchanged() && legal[0].Kind == menara.Exchange {
			return legal[0]
		}
		for k := range menara.NumPiles {
			pl := menara.Pile((turns + k) % menara.NumPiles)
			if p.PileLeft(pl) > 0 {
				return menara.RevealStep(seat, pl)
			}
		}
	case menara.NewFloor:
		if pls := p.Placements(nil); len(pls) > 0 && !pls[0].Collapse {
			return pls[0].Step
		}
	case menara.Building:
		if pls := p.Placements(nil); len(pls) > 0 && !pls[0].Collapse {
			return pls[0].Step
		}
		best, bestLevel := menara.Step{}, -1
		for _, s := range legal {
			if (s.Kind == menara.PlaceColumn || s.Kind == menara.MoveColumn) && p.Level(s.To.Floor) > bestLevel && safe(s) {
				best, bestLevel = s, p.Level(s.To.Floor)
			}
		}
		if bestLevel >= 0 {
			return best
		}
	case menara.Closing:
		return menara.DoneStep(seat, false)
	}
	return menara.GiveUpStep(seat, false)
}

func readOrUpdate(t *testing.T, path string, got []byte) []byte {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return got
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	return want
}

// TestGolden replays the scripted record and compares the final state's
// JSON and summary with the golden files.
func TestGolden(t *testing.T) {
	text := scriptedRecord(t)
	want := readOrUpdate(t, recordFile, []byte(text))
	if string(want) != text {
		t.Errorf("the scripted game differs from %s (run go test -update after a deliberate change)", recordFile)
	}
	rec, err := notation.ParseRecord(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	g, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	if p.Height() == 0 {
		t.Errorf("the scripted game never built a level")
	}
	js := append(notation.MarshalState(&p), '\n')
	if !json.Valid(js) {
		t.Fatalf("invalid JSON")
	}
	if want := readOrUpdate(t, jsonFile, js); !bytes.Equal(js, want) {
		t.Errorf("the final state's JSON differs from %s", jsonFile)
	}
	if err := jsoncheck.Check(js); err != nil {
		t.Errorf("the golden state: %v", err)
	}
	var sum bytes.Buffer
	if err := notation.WriteSummary(&sum, &p); err != nil {
		t.Fatal(err)
	}
	if want := readOrUpdate(t, summaryFile, sum.Bytes()); !bytes.Equal(sum.Bytes(), want) {
		t.Errorf("the summary differs from %s:\n%s", summaryFile, sum.String())
	}
}
