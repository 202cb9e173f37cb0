package menara_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// TestViewFromJSON: the view read from a position's JSON state is the view
// of the position itself (without a last step, which the JSON does not
// hold), for states of every kind: the start, mid-turn, a moved column,
// a lift, a collapse, a won end.
func TestViewFromJSON(t *testing.T) {
	for _, sc := range []scenario{scStart, scMid, scMove, scLift, scCollapse, scWon, scNewFloor, scCrowded} {
		t.Run(sc.name, func(t *testing.T) {
			g := sc.get(t)
			want := rmenara.ViewOf(&g.pos, nil)
			want.Falls = nil // the JSON state does not explain a collapse
			got, err := rmenara.ViewFromJSON(notation.MarshalState(&g.pos))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				a, _ := json.MarshalIndent(got, "", " ")
				b, _ := json.MarshalIndent(want, "", " ")
				la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
				for i := 0; i < len(la) && i < len(lb); i++ {
					if la[i] != lb[i] {
						t.Fatalf("from JSON and from the position differ at line %d of the views: %q, %q", i+1, la[i], lb[i])
					}
				}
				t.Fatalf("the views differ: %d and %d lines", len(la), len(lb))
			}
		})
	}
}

// TestViewFromJSONErrors: a state the drawing cannot rely on is refused
// with a message naming the problem.
func TestViewFromJSONErrors(t *testing.T) {
	g := scMid.get(t)
	good := notation.MarshalState(&g.pos)
	var state map[string]any
	if err := json.Unmarshal(good, &state); err != nil {
		t.Fatal(err)
	}
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		json.Unmarshal(good, &m)
		f(m)
		out, _ := json.Marshal(m)
		return out
	}
	floor0 := func(m map[string]any) map[string]any { return m["floors"].([]any)[0].(map[string]any) }
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"not JSON", []byte("{"), "menara state"},
		{"another game", edit(func(m map[string]any) { m["game"] = "shangrila" }), `game "shangrila"`},
		{"no players", edit(func(m map[string]any) { m["players"] = []any{} }), "0 players"},
		{"bad difficulty", edit(func(m map[string]any) { m["difficulty"] = "brutal" }), `difficulty "brutal"`},
		{"bad phase", edit(func(m map[string]any) { m["phase"] = "paused" }), `phase "paused"`},
		{"bad floor", edit(func(m map[string]any) { floor0(m)["name"] = "Z" }), `floor "Z"`},
		{"bad side", edit(func(m map[string]any) { floor0(m)["side"] = "up" }), `side "up"`},
		{"cell off the table", edit(func(m map[string]any) { floor0(m)["cells"] = []any{[]any{99, 0}} }), "off the table"},
		{"bad colour", edit(func(m map[string]any) {
			floor0(m)["bases"].([]any)[0].(map[string]any)["colour"] = "green"
		}), `colour "green"`},
		{"bad margin", edit(func(m map[string]any) { floor0(m)["margin_mm"] = 1.23456 }), "margin"},
		{"turn of a stranger", edit(func(m map[string]any) { m["turn"].(map[string]any)["player"] = "zoe" }), `"zoe"`},
		{"missing hand", edit(func(m map[string]any) { delete(m["hand"].(map[string]any), "ana") }), `hand of "ana"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := rmenara.ViewFromJSON(tt.data)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one saying %q", err, tt.want)
			}
		})
	}
	if _, err := rmenara.ViewFromJSON(bytes.TrimSpace(good)); err != nil {
		t.Errorf("the state itself: %v", err)
	}
}
