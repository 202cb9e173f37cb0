package notation_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\ngot  %s\nwant %s", name, got, want)
	}
}

func TestMarshalGolden(t *testing.T) {
	three := []shangrila.Colour{shangrila.Red, shangrila.Blue, shangrila.Yellow}
	p, err := shangrila.NewPosition(three, shangrila.StartSuggested)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "suggested-three.json", append(notation.MarshalPosition(&p), '\n'))

	f, err := os.Open("testdata/three-players.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := notation.ParseRecord(f)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rec.Replay(nil)
	if err != nil {
		t.Fatal(err)
	}
	end := g.Position()
	golden(t, "three-players-end.json", append(notation.MarshalPosition(&end), '\n'))
}

// TestMarshalShape checks the documented shape with a generic decoder.
func TestMarshalShape(t *testing.T) {
	p, err := shangrila.NewPosition([]shangrila.Colour{shangrila.Red, shangrila.Blue, shangrila.Yellow}, shangrila.StartSetup)
	if err != nil {
		t.Fatal(err)
	}
	p, _, err = p.Apply(shangrila.SetupMove(shangrila.Red, shangrila.VillageA, shangrila.Rainmaker))
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Game     string
		Players  []string
		Phase    string
		Turn     *string
		Villages map[string]struct {
			Stone  bool
			Spaces map[string]struct {
				Master  string
				Student bool
			}
		}
		Bridges [][]string
		Supply  map[string]map[string]int
		Score   map[string]map[string]int
		Winners []string
	}
	if err := json.Unmarshal(notation.MarshalPosition(&p), &got); err != nil {
		t.Fatal(err)
	}
	if got.Game != "shangrila" || got.Phase != "setup" || got.Turn == nil || *got.Turn != "blue" {
		t.Errorf("header: %+v", got)
	}
	if len(got.Villages) != 13 || !got.Villages["C"].Stone || got.Villages["A"].Spaces["rainmaker"].Master != "red" {
		t.Errorf("villages: %+v", got.Villages)
	}
	if len(got.Villages["B"].Spaces) != 0 {
		t.Errorf("empty spaces must not appear")
	}
	if len(got.Bridges) != 20 || got.Bridges[0][0] != "A" || got.Bridges[0][1] != "B" {
		t.Errorf("bridges: %v", got.Bridges)
	}
	if got.Supply["red"]["rainmaker"] != 5 || got.Supply["blue"]["yeti-whisperer"] != 6 || len(got.Supply["red"]) != 7 {
		t.Errorf("supply: %v", got.Supply)
	}
	if got.Score["red"]["masters"] != 1 || got.Score["red"]["villages"] != 1 {
		t.Errorf("score: %v", got.Score)
	}
	if got.Winners == nil || len(got.Winners) != 0 {
		t.Errorf("winners must be an empty list: %v", got.Winners)
	}
}

func TestUnmarshalErrors(t *testing.T) {
	p, err := shangrila.NewPosition([]shangrila.Colour{shangrila.Red, shangrila.Blue, shangrila.Yellow}, shangrila.StartSuggested)
	if err != nil {
		t.Fatal(err)
	}
	good := string(notation.MarshalPosition(&p))
	tests := []struct {
		name, data, want string
	}{
		{"not json", "{", "not valid JSON"},
		{"unknown field", strings.Replace(good, `"phase"`, `"colour":1,"phase"`, 1), "unknown field"},
		{"other game", strings.Replace(good, `"shangrila"`, `"menara"`, 1), "not of game"},
		{"trailing data", good + "{}", "after its JSON object"},
		{"bad colour", strings.Replace(good, `"turn":"red"`, `"turn":"green"`, 1), `"green" is not a colour`},
		{"bad village", strings.Replace(good, `"A":{`, `"Z":{`, 1), `"Z" is not a village`},
		{"bad bridge", strings.Replace(good, `["A","B"]`, `["A","M"]`, 1), "A-M is not a path"},
		{"tiles do not add up", strings.Replace(good, `"red":{"rainmaker":5`, `"red":{"rainmaker":4`, 1), "do not add up"},
		{"bad phase", strings.Replace(good, `"play"`, `"lunch"`, 1), "phase must be"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := notation.UnmarshalPosition([]byte(tt.data))
			var re *rules.Error
			if !errors.As(err, &re) || re.Code != rules.Invalid || !strings.Contains(re.Message, tt.want) {
				t.Errorf("got %v, want an invalid error containing %q", err, tt.want)
			}
		})
	}
	if _, err := notation.UnmarshalPosition([]byte(good)); err != nil {
		t.Errorf("the good state fails: %v", err)
	}
}

// FuzzUnmarshalPosition: any bytes give a position or an error, never a
// panic; an accepted position writes and reads back byte-identically.
func FuzzUnmarshalPosition(f *testing.F) {
	p, _ := shangrila.NewPosition([]shangrila.Colour{shangrila.Red, shangrila.Blue, shangrila.Yellow, shangrila.Violet}, shangrila.StartSuggested)
	f.Add(notation.MarshalPosition(&p))
	f.Add([]byte(`{"game":"shangrila"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := notation.UnmarshalPosition(data)
		if err != nil {
			return
		}
		out := notation.MarshalPosition(&p)
		q, err := notation.UnmarshalPosition(out)
		if err != nil {
			t.Fatalf("written state does not read back: %v", err)
		}
		if again := notation.MarshalPosition(&q); !bytes.Equal(again, out) {
			t.Fatalf("round trip differs")
		}
	})
}
