package notation_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
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

// TestUnmarshalMessages pins every refusal of UnmarshalPosition: which
// check answers first, with its key and exact English message.
func TestUnmarshalMessages(t *testing.T) {
	p, err := shangrila.NewPosition([]shangrila.Colour{shangrila.Red, shangrila.Blue, shangrila.Yellow}, shangrila.StartSuggested)
	if err != nil {
		t.Fatal(err)
	}
	good := string(notation.MarshalPosition(&p))
	// with replaces each old with its new, once each, in order.
	with := func(pairs ...string) string {
		s := good
		for i := 0; i+1 < len(pairs); i += 2 {
			if !strings.Contains(s, pairs[i]) {
				t.Fatalf("the good state has no %s", pairs[i])
			}
			s = strings.Replace(s, pairs[i], pairs[i+1], 1)
		}
		return s
	}
	long := strings.Repeat("x", 30)
	tests := []struct {
		name, data, key, want string
	}{
		{"not json", "{", "notation.json", "the state is not valid JSON of a position: unexpected EOF"},
		{"unknown field", with(`"phase"`, `"colour":1,"phase"`), "notation.json",
			`the state is not valid JSON of a position: json: unknown field "colour"`},
		{"trailing data", good + "{}", "notation.json", "the state has data after its JSON object"},
		{"other game", with(`"shangrila"`, `"menara"`, `"blue","yellow"`, `"blue","green"`), "notation.json.game",
			`the state is not of game "shangrila"`},
		{"bad player", with(`"blue","yellow"`, `"blue","green"`, `"play"`, `"lunch"`), "notation.json.colour",
			`players: "green" is not a colour`},
		{"long player", with(`"blue","yellow"`, `"blue","`+long+`"`), "notation.json.colour",
			`players: "` + long[:24] + `…" is not a colour`},
		{"bad phase", with(`"play"`, `"lunch"`, `"turn":"red"`, `"turn":"green"`), "notation.json.phase",
			"phase must be setup, play or over"},
		{"bad turn", with(`"turn":"red"`, `"turn":"green"`, `"A":{`, `"Z":{`), "notation.json.turn",
			`turn: "green" is not a colour`},
		{"no turn", with(`"turn":"red"`, `"turn":null`), "shangrila.state.turn",
			"impossible position: the player to move must be a player who has not resigned"},
		{"bad village", with(`"A":{`, `"Z":{`, `["A","B"]`, `["A","M"]`), "notation.json.village",
			`villages: "Z" is not a village letter A-M`},
		{"lower-case village", with(`"A":{`, `"a":{`), "notation.json.village",
			`villages: "a" is not a village letter A-M`},
		{"bad discipline", with(`"rainmaker":{"master":"blue"`, `"rain":{"master":"blue"`), "notation.json.discipline",
			`village A: "rain" is not a discipline key`},
		{"discipline letter", with(`"rainmaker":{"master":"blue"`, `"R":{"master":"blue"`), "notation.json.discipline",
			`village A: "R" is not a discipline key`},
		{"bad master", with(`"rainmaker":{"master":"blue"`, `"rainmaker":{"master":"green"`, `["A","B"]`, `["A","M"]`),
			"notation.json.master", `village A, rainmaker: "green" is not a colour`},
		{"bad bridge", with(`["A","B"]`, `["A","M"]`, `"supply":{"red"`, `"supply":{"green"`), "notation.json.bridge",
			"bridges: A-M is not a path of the board"},
		{"bridge to no village", with(`["A","B"]`, `["A","Z"]`), "notation.json.bridge",
			"bridges: A-Z is not a path of the board"},
		{"bridge from no village", with(`["A","B"]`, `["?","B"]`), "notation.json.bridge",
			"bridges: ?-B is not a path of the board"},
		{"bad supply colour", with(`"supply":{"red"`, `"supply":{"green"`, `"winners":[]`, `"winners":[],"resigned":["green"]`),
			"notation.json.supply", `supply: "green" is not a colour`},
		{"bad supply discipline", with(`"red":{"rainmaker":5`, `"red":{"rain":5`), "notation.json.discipline",
			`supply of red: "rain" is not a discipline key`},
		{"bad resigned", with(`"winners":[]`, `"winners":[],"resigned":["red","green"]`), "notation.json.resigned",
			`resigned: "green" is not a colour`},
		{"resigned to move", with(`"winners":[]`, `"winners":[],"resigned":["red"]`), "shangrila.state.turn",
			"impossible position: the player to move must be a player who has not resigned"},
		{"tiles do not add up", with(`"red":{"rainmaker":5`, `"red":{"rainmaker":4`), "shangrila.state.tiles",
			"impossible position: Red's Rainmaker tiles on the board and in supply do not add up to 6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := notation.UnmarshalPosition([]byte(tt.data))
			var re *rules.Error
			if !errors.As(err, &re) {
				t.Fatalf("got %T %v, want a *rules.Error", err, err)
			}
			if got, want := fmt.Sprintf("%s %s %s", re.Code, re.Key, re.Message), fmt.Sprintf("%s %s %s", rules.Invalid, tt.key, tt.want); got != want {
				t.Errorf("\n got %s\nwant %s", got, want)
			}
			if p != (shangrila.Position{}) {
				t.Errorf("a refused state gave a position")
			}
		})
	}
	// A resigned player who is not to move is accepted, and read back.
	p, err = notation.UnmarshalPosition([]byte(with(`"winners":[]`, `"winners":[],"resigned":["blue"]`)))
	if err != nil || !p.Resigned(shangrila.Blue) {
		t.Errorf("resigned blue: %v", err)
	}
}
