package notation_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/tablebot/tablebot/rules/menara/notation/jsoncheck"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// TestJSONKeys checks that the state carries every key the issue names,
// with the right JSON types, in a game going on and in a game over.
func TestJSONKeys(t *testing.T) {
	o := menara.Options{Players: []string{"ana", "bob", "cy"}, Difficulty: menara.Medium}
	p, _ := menara.NewPosition(o, 3)
	rng := rand.New(rand.NewPCG(3, 3))
	var mid []byte
	for p.Phase() == menara.Playing {
		if _, ok := p.Card(); ok && mid == nil {
			mid = notation.MarshalState(&p)
		}
		p, _, _ = p.Apply(p.RandomStep(rng))
	}
	for name, data := range map[string][]byte{"playing": mid, "over": notation.MarshalState(&p)} {
		t.Run(name, func(t *testing.T) {
			var top map[string]any
			if err := json.Unmarshal(data, &top); err != nil {
				t.Fatal(err)
			}
			want := map[string]string{"game": "string", "players": "array", "difficulty": "string", "hands": "string",
				"seed": "number", "phase": "string", "height": "number", "required": "number", "bag": "object",
				"camp": "array", "hand": "object", "piles": "object", "quarry": "number", "floors": "array",
				"columns": "array", "model": "object"}
			checkKeys(t, "state", top, want)
			if name == "playing" {
				checkKeys(t, "state", top, map[string]string{"outcome": "null", "turn": "object"})
				turn := top["turn"].(map[string]any)
				checkKeys(t, "turn", turn, map[string]string{"player": "string", "card": "object"})
				checkKeys(t, "card", turn["card"].(map[string]any), map[string]string{"pile": "string", "type": "string", "n": "number", "rim": "string"})
			} else {
				checkKeys(t, "state", top, map[string]string{"outcome": "object", "turn": "null"})
				checkKeys(t, "outcome", top["outcome"].(map[string]any), map[string]string{"won": "bool", "reason": "string"})
			}
			checkKeys(t, "bag", top["bag"].(map[string]any), map[string]string{"yellow": "number", "red": "number", "black": "number", "white": "number", "blue": "number"})
			checkKeys(t, "piles", top["piles"].(map[string]any), map[string]string{"blue": "number", "yellow": "number", "red": "number"})
			checkKeys(t, "model", top["model"].(map[string]any), map[string]string{"pitch_mm": "number", "column_g": "number",
				"floor_g_per_cell": "number", "delta0_mm": "number", "delta1_mm": "number", "safe_mm": "number"})
			for _, f := range top["floors"].([]any) {
				fl := f.(map[string]any)
				margin := "number"
				if fl["level"].(float64) == 0 {
					margin = "null"
				}
				checkKeys(t, "floor", fl, map[string]string{"name": "string", "side": "string", "level": "number", "cells": "array",
					"bases": "array", "supports": "array", "margin_mm": margin, "holds": "bool", "fallen": "bool"})
				for _, b := range fl["bases"].([]any) {
					checkKeys(t, "base", b.(map[string]any), map[string]string{"n": "number", "cell": "array", "colour": "string", "column": "bool"})
				}
			}
			for _, c := range top["columns"].([]any) {
				checkKeys(t, "column", c.(map[string]any), map[string]string{"at": "string", "colour": "string", "cell": "array", "level": "number", "fallen": "bool"})
			}
			if err := jsoncheck.Check(data); err != nil {
				t.Error(err)
			}
		})
	}
}

func checkKeys(t *testing.T, what string, m map[string]any, want map[string]string) {
	t.Helper()
	for k, typ := range want {
		v, ok := m[k]
		if !ok {
			t.Errorf("%s has no key %q", what, k)
			continue
		}
		got := "object"
		switch v.(type) {
		case nil:
			got = "null"
		case string:
			got = "string"
		case float64:
			got = "number"
		case bool:
			got = "bool"
		case []any:
			got = "array"
		}
		if got != typ && !(typ == "number" && got == "null" && k == "margin_mm") {
			t.Errorf("%s.%s is %s, want %s", what, k, got, typ)
		}
	}
}

// TestJSONStable: the same state gives the same bytes, by replay too.
func TestJSONStable(t *testing.T) {
	o := menara.Options{Players: []string{"ana", "bob"}, Difficulty: menara.Hard, Hands: menara.Shaky, Side: menara.Dark}
	text, err := notation.RandomGame(o, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	var states [][]byte
	for range 2 {
		rec, err := notation.ParseRecord(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		g, err := rec.Replay()
		if err != nil {
			t.Fatal(err)
		}
		p := g.Position()
		states = append(states, notation.MarshalState(&p), notation.MarshalState(&p))
	}
	for _, s := range states[1:] {
		if !bytes.Equal(s, states[0]) {
			t.Fatal("one state, two JSON forms")
		}
	}
}

// TestSelfplayRecords: for every player count, difficulty and hand mode,
// random games' records replay, write back the same, and their states
// (every 10th step and the last) obey the invariants as read from the JSON
// alone, margins recomputed included.
func TestSelfplayRecords(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for n := 1; n <= 4; n++ {
		for d := menara.Easy; d <= menara.Hard; d++ {
			for _, h := range []menara.Hands{menara.Steady, menara.Shaky} {
				o := menara.Options{Players: []string{"ana", "bob", "cy", "dee"}[:n], Difficulty: d, Hands: h}
				t.Run(fmt.Sprintf("%d-%s-%s", n, d, h), func(t *testing.T) {
					for i := range games {
						checkSelfplay(t, o, 11, uint64(i))
					}
				})
			}
		}
	}
}

func checkSelfplay(t *testing.T, o menara.Options, seed, index uint64) {
	t.Helper()
	text, err := notation.RandomGame(o, seed, index)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := notation.RandomGame(o, seed, index); again != text {
		t.Fatal("game i of a seed plays two ways")
	}
	rec, err := notation.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	round, err := notation.ParseRecord(strings.NewReader(notation.FormatRecord(rec)))
	if err != nil || notation.FormatRecord(round) != notation.FormatRecord(rec) || len(round.Steps) != len(rec.Steps) {
		t.Fatalf("the record does not round-trip: %v", err)
	}
	g, err := menara.NewGame(rec.Options(), rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range rec.Steps {
		if _, err := g.Play(s); err != nil {
			t.Fatalf("line %d: %v", rec.Lines[i], err)
		}
		if p := g.Position(); i%10 == 0 || p.Phase() == menara.Over {
			if err := jsoncheck.Check(notation.MarshalState(&p)); err != nil {
				t.Fatalf("after line %d: %v", rec.Lines[i], err)
			}
		}
	}
	if p := g.Position(); p.Phase() != menara.Over {
		t.Fatal("a random game's record ends before the game")
	}
}

// TestSummaryMidGame: the summary says who acts, the card and the new
// floor to place.
func TestSummaryMidGame(t *testing.T) {
	o := menara.Options{Players: notation.PlayerNames(2), Difficulty: menara.Easy}
	p, _ := menara.NewPosition(o, 7)
	rng := rand.New(rand.NewPCG(1, 1))
	for p.Stage() != menara.NewFloor {
		p, _, _ = p.Apply(p.RandomStep(rng))
		if p.Phase() == menara.Over {
			t.Skip("the game ended first")
		}
	}
	var b strings.Builder
	if err := notation.WriteSummary(&b, &p); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{p.Player(p.Turn()) + " to act", "place the new floor " + p.NextFloor().String(), "Level 0:", "required"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the summary lacks %q:\n%s", want, b.String())
		}
	}
}
