package ai

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var four = []shangrila.Colour{shangrila.Red, shangrila.Blue, shangrila.Yellow, shangrila.Violet}

func mustMove(t *testing.T, line string) shangrila.Move {
	t.Helper()
	m, err := notation.ParseMove(line)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestExplain(t *testing.T) {
	tests := []struct {
		name     string
		spaces   string
		broken   string
		move     string
		wantKey  string
		wantArgs map[string]any
		wantText string
	}{
		{
			name:     "journey takes",
			spaces:   "A: red R*, red P, red H; B: yellow R",
			move:     "red journey A B",
			wantKey:  "hint.journey.take",
			wantArgs: map[string]any{"from": shangrila.VillageA, "to": shangrila.VillageB, "count": 1, "victim": shangrila.Yellow},
			wantText: "Journey A→B: your student takes a space from Yellow and the bridge A-B breaks",
		},
		{
			name:     "journey settles",
			spaces:   "A: red R*, red P; B: yellow H",
			move:     "red journey A B",
			wantKey:  "hint.journey.settle",
			wantArgs: map[string]any{"count": 1},
			wantText: "Journey A→B: your student becomes a master in B and the bridge A-B breaks",
		},
		{
			name:     "journey blocks",
			spaces:   "A: red R*, red P; B: yellow R, yellow P*, yellow H, yellow Y",
			move:     "red journey A B",
			wantKey:  "hint.journey.block",
			wantArgs: map[string]any{"count": 1},
			wantText: "Journey A→B: the bridge A-B breaks before a journey from B can take a master of yours",
		},
		{
			name:     "journey locks",
			spaces:   "A: red R*; B: red P, red H, yellow R",
			broken:   "B-C B-F",
			move:     "red journey A B",
			wantKey:  "hint.journey.lock",
			wantArgs: map[string]any{"village": shangrila.VillageB},
			wantText: "Journey A→B: the bridge A-B breaks and B gets a stone, keeping your lead there",
		},
		{
			name:     "plain journey",
			spaces:   "A: red R*; B: yellow R, yellow P",
			move:     "red journey A B",
			wantKey:  "hint.journey",
			wantText: "Journey A→B: the bridge A-B breaks",
		},
		{
			name:     "place",
			spaces:   "A: red R",
			move:     "red place A priest",
			wantKey:  "hint.place",
			wantArgs: map[string]any{"village": shangrila.VillageA, "discipline": shangrila.Priest, "masters": 2},
			wantText: "Place your Priest in A: one more master for you, 2 there",
		},
		{
			name:     "place defends",
			spaces:   "A: red R, red P; B: yellow R*, yellow H",
			move:     "red place A healer",
			wantKey:  "hint.place.defend",
			wantArgs: map[string]any{"from": shangrila.VillageB, "count": 1},
			wantText: "Place your Healer in A: one more master, and a journey from B can no longer take one of yours there",
		},
		{
			name:     "recruit for an attack",
			spaces:   "A: red R, red P, red H; B: yellow R",
			move:     "red recruit A rainmaker",
			wantKey:  "hint.recruit.attack",
			wantArgs: map[string]any{"to": shangrila.VillageB, "count": 1, "students": 1},
			wantText: "Recruit a student for your Rainmaker in A: then a journey from A to B can win a master",
		},
		{
			name:     "recruit two for an attack",
			spaces:   "A: red R, red P; B: yellow R, yellow P; D: yellow R, yellow P; E: blue R, blue P; G: violet R, violet P",
			move:     "red recruit A rainmaker A priest",
			wantKey:  "hint.recruit.attack",
			wantArgs: map[string]any{"students": 2, "village2": shangrila.VillageA, "discipline2": shangrila.Priest, "count": 2},
			wantText: "Recruit a student for your Rainmaker in A and one for your Priest in A: then a journey from A to B can win 2 masters",
		},
		{
			name:     "recruit",
			spaces:   "A: red R, red P; B: yellow R, yellow P, yellow H; D: yellow R, yellow P, yellow H; E: blue R, blue P, blue H; G: violet R, violet P, violet H",
			move:     "red recruit A rainmaker",
			wantKey:  "hint.recruit",
			wantArgs: map[string]any{"students": 1, "village": shangrila.VillageA, "discipline": shangrila.Rainmaker},
			wantText: "Recruit a student for your Rainmaker in A: students are the ammunition for journeys",
		},
		{
			name:     "pass",
			spaces:   "A: yellow R",
			move:     "red pass",
			wantKey:  "hint.pass",
			wantText: "You have no legal action, so you pass",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := build(t, four, shangrila.Red, tt.spaces, tt.broken)
			m := mustMove(t, tt.move)
			if err := p.Check(m); err != nil {
				t.Fatalf("the test's move is illegal: %v", err)
			}
			r := Explain(&p, m)
			if r.Key != tt.wantKey {
				t.Errorf("key = %q, want %q", r.Key, tt.wantKey)
			}
			for k, want := range tt.wantArgs {
				if got := r.Args[k]; got != want {
					t.Errorf("args[%q] = %v (%T), want %v (%T)", k, got, got, want, want)
				}
			}
			if got := r.String(); got != tt.wantText {
				t.Errorf("text = %q\nwant   %q", got, tt.wantText)
			}
		})
	}
}

func TestExplainSetup(t *testing.T) {
	p, err := shangrila.NewPosition(four, shangrila.StartSetup)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"red setup A rainmaker", "blue setup B priest", "yellow setup C healer", "violet setup D healer"} {
		if p, _, err = p.Apply(mustMove(t, line)); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct{ move, key, text string }{
		{"red setup A priest", "hint.setup.join", "Set up your Priest in A, beside your master there"},
		{"red setup E priest", "hint.setup.spread", "Set up your Priest in E: a first master there gives you room to place more later"},
	}
	for _, tt := range tests {
		t.Run(tt.move, func(t *testing.T) {
			r := Explain(&p, mustMove(t, tt.move))
			if r.Key != tt.key || r.String() != tt.text {
				t.Errorf("got %q %q, want %q %q", r.Key, r.String(), tt.key, tt.text)
			}
		})
	}
}

// reasonKeys lists every key Explain may return, with the arguments each
// always carries: the contract with the translations.
var reasonKeys = map[string][]string{
	"hint.pass":           nil,
	"hint.setup.spread":   {"village", "discipline"},
	"hint.setup.join":     {"village", "discipline"},
	"hint.place":          {"village", "discipline", "masters"},
	"hint.place.defend":   {"village", "discipline", "from", "count"},
	"hint.recruit":        {"village", "discipline", "students"},
	"hint.recruit.attack": {"village", "discipline", "students", "to", "count"},
	"hint.journey.take":   {"from", "to", "bridge", "count", "victim"},
	"hint.journey.settle": {"from", "to", "bridge", "count"},
	"hint.journey.block":  {"from", "to", "bridge", "count"},
	"hint.journey.lock":   {"from", "to", "bridge", "village"},
	"hint.journey":        {"from", "to", "bridge"},
}

// TestExplainEveryMove explains every legal move of positions spread over
// games and checks each reason against the documented keys: known key,
// its arguments present, one line of English with nothing left unfilled.
func TestExplainEveryMove(t *testing.T) {
	seen := map[string]bool{}
	for _, n := range []int{3, 4} {
		for seed := uint64(1); seed <= 3; seed++ {
			for _, p := range samplePositions(t, n, seed, 12) {
				for _, m := range p.LegalMoves(nil) {
					r := Explain(&p, m)
					seen[r.Key] = true
					args, ok := reasonKeys[r.Key]
					if !ok {
						t.Fatalf("%s: unknown key %q", m, r.Key)
					}
					for _, a := range args {
						if _, ok := r.Args[a]; !ok {
							t.Errorf("%s: %s lacks argument %q", m, r.Key, a)
						}
					}
					if s := r.String(); strings.ContainsAny(s, "\n?") || strings.Contains(s, "%!") || s == r.Key {
						t.Errorf("%s: bad text %q", m, s)
					}
				}
			}
		}
	}
	for _, k := range []string{"hint.place", "hint.recruit", "hint.journey.settle"} {
		if !seen[k] {
			t.Errorf("no move was explained as %s", k)
		}
	}
}

// TestHintGolden records the hint for positions spread over a game, with a
// small search budget so that the result depends on nothing but the code.
func TestHintGolden(t *testing.T) {
	var b strings.Builder
	for _, n := range []int{3, 4} {
		for i, p := range samplePositions(t, n, 11, 6) {
			m, _ := search(context.Background(), &p, 5, budget(150))
			r := Explain(&p, m)
			fmt.Fprintf(&b, "%d players, position %d: %s: %s\n", n, i, notation.FormatMove(m), r)
		}
	}
	path := filepath.Join("testdata", "hints.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("hints differ from %s (run go test -update if the change is meant):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

func TestHint(t *testing.T) {
	p := build(t, four, shangrila.Red, "A: red R*, red P, red H; B: yellow R", "")
	m, r := Hint(context.Background(), &p, 1)
	if err := p.Check(m); err != nil {
		t.Fatalf("hint %s is illegal: %v", m, err)
	}
	if r.Key == "" || r.String() == "" {
		t.Errorf("hint %s has no reason: %+v", m, r)
	}
	t.Logf("hint: %s: %s", m, r)
}
