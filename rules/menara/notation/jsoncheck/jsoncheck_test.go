package jsoncheck

import (
	"encoding/json"
	"os"
	"testing"
)

// readState reads testdata/two-players.json, a copy of the notation
// package's golden final state (a game of two players lost by refill, the
// temple 4 levels high of 12), so that these tests stay put when that
// golden file is regenerated.
func readState(t *testing.T) jState {
	t.Helper()
	data, err := os.ReadFile("testdata/two-players.json")
	if err != nil {
		t.Fatal(err)
	}
	var s jState
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// floor returns the floor named name in s.
func floor(t *testing.T, s *jState, name string) *jFloor {
	t.Helper()
	for i := range s.Floors {
		if s.Floors[i].Name == name {
			return &s.Floors[i]
		}
	}
	t.Fatalf("no floor %s", name)
	return nil
}

// column returns the column at base at in s.
func column(t *testing.T, s *jState, at string) *jColumn {
	t.Helper()
	for i := range s.Columns {
		if s.Columns[i].At == at {
			return &s.Columns[i]
		}
	}
	t.Fatalf("no column at %s", at)
	return nil
}

// playing turns the finished game of s into one going on.
func playing(s *jState) {
	s.Phase, s.Outcome, s.Turn = "playing", nil, &jTurn{Player: "ana"}
}

// TestCheck pins what Check says of a state changed in one way or two:
// which check answers first, with its exact message, or nil.
func TestCheck(t *testing.T) {
	tests := []struct {
		name   string
		change func(t *testing.T, s *jState)
		want   string // "" when the state passes
	}{
		{"the golden state", func(*testing.T, *jState) {}, ""},
		{"a game going on", func(_ *testing.T, s *jState) { playing(s) }, ""},
		{"a collapse high enough is lost", func(_ *testing.T, s *jState) {
			s.Required, s.Outcome.Reason = 4, "collapse"
		}, ""},
		{"a column too many in the bag", func(_ *testing.T, s *jState) { s.Bag["black"]++ }, "black: 13 columns, want 12"},
		{"colours in pool order", func(_ *testing.T, s *jState) { s.Bag["blue"]++; s.Hand["ana"][0] = "white" },
			"yellow: 29 columns, want 30"},
		{"a column of no colour", func(_ *testing.T, s *jState) { s.Camp[0] = "green" }, "yellow: 29 columns, want 30"},
		{"a column too few on the floors", func(t *testing.T, s *jState) { column(t, s, "P1").Colour = "white" },
			"black: 11 columns, want 12"},
		{"camp of five", func(_ *testing.T, s *jState) { s.Hand["bob"] = append(s.Hand["bob"], s.Camp[0]); s.Camp = s.Camp[1:] },
			"camp 5, floors 15 + quarry 3"},
		{"a floor too many", func(_ *testing.T, s *jState) { s.Quarry++; s.Camp[0] = "green" }, "yellow: 29 columns, want 30"},
		{"quarry", func(_ *testing.T, s *jState) { s.Quarry++ }, "camp 6, floors 15 + quarry 4"},
		{"a hand for nobody", func(_ *testing.T, s *jState) { s.Hand["cy"] = nil }, "camp 6, floors 15 + quarry 3"},
		{"a margin on the table", func(t *testing.T, s *jState) { m := 1.0; floor(t, s, "J").Margin = &m },
			"floor J on the table has supports or a margin"},
		{"supports on the table", func(t *testing.T, s *jState) { floor(t, s, "E").Supports = []string{"J1"} },
			"floor E on the table has supports or a margin"},
		{"a support missing", func(t *testing.T, s *jState) {
			f := floor(t, s, "L")
			f.Supports = append(f.Supports, "Q5")
		}, "floor L (level 1) rests on Q5 (level 0, present false)"},
		{"a support two levels down", func(t *testing.T, s *jState) {
			f := floor(t, s, "K")
			f.Supports = append(f.Supports, "E1")
		}, "floor K (level 2) rests on E1 (level 0, present true)"},
		{"supports before bases", func(t *testing.T, s *jState) {
			f := floor(t, s, "L")
			f.Supports = append(f.Supports, "Q5")
			f.Bases[0].Column = false
		}, "floor L (level 1) rests on Q5 (level 0, present false)"},
		{"a base that says it has no column", func(t *testing.T, s *jState) { floor(t, s, "Q").Bases[1].Column = false },
			"base Q2 and its column disagree"},
		{"a base that says it has a column", func(t *testing.T, s *jState) { floor(t, s, "J").Bases[3].Column = true },
			"base J4 and its column disagree"},
		{"a base and its column on other cells", func(t *testing.T, s *jState) { column(t, s, "J1").Cell[0]++ },
			"base J1 and its column disagree"},
		{"a base and its column of other colours", func(t *testing.T, s *jState) { floor(t, s, "J").Bases[0].Colour = "red" },
			"base J1 and its column disagree"},
		{"a base and its column on other levels", func(t *testing.T, s *jState) { column(t, s, "J1").Level = 1 },
			"base J1 and its column disagree"},
		{"floors in order", func(t *testing.T, s *jState) {
			column(t, s, "Q2").Level = 1
			m := 1.0
			floor(t, s, "F").Margin = &m
		}, "base Q2 and its column disagree"},
		{"a column on no base, on its floor's level", func(t *testing.T, s *jState) {
			column(t, s, "J1").At = "J9"
			floor(t, s, "J").Bases[0].Column = false
		}, ""},
		{"a column on no base and another level", func(t *testing.T, s *jState) {
			c := column(t, s, "J1")
			c.At, c.Level = "J9", 1
			floor(t, s, "J").Bases[0].Column = false
		}, "column J9 on level 1"},
		{"a column on no floor", func(t *testing.T, s *jState) {
			column(t, s, "J1").At = "A1"
			floor(t, s, "J").Bases[0].Column = false
		}, "column A1 on level 0"},
		{"height", func(_ *testing.T, s *jState) { s.Height = 5 }, "height 5, the floors say 4"},
		{"fallen floors do not count", func(t *testing.T, s *jState) {
			floor(t, s, "P").Fallen = true
			floor(t, s, "H").Fallen = true
		}, "height 4, the floors say 3"},
		{"height before phase", func(_ *testing.T, s *jState) { s.Height = 5; playing(s); s.Turn = nil },
			"height 5, the floors say 4"},
		{"a game over with a player to move", func(_ *testing.T, s *jState) { s.Turn = &jTurn{Player: "bob"} },
			"phase over with outcome &{false refill} and turn &{bob <nil>}"},
		{"a game over without an outcome", func(_ *testing.T, s *jState) { s.Outcome = nil },
			"phase over with outcome <nil> and turn <nil>"},
		{"a game going on with an outcome", func(_ *testing.T, s *jState) { o := *s.Outcome; playing(s); s.Outcome = &o },
			"phase playing with outcome &{false refill} and turn &{ana <nil>}"},
		{"a game going on with no player to move", func(_ *testing.T, s *jState) { playing(s); s.Turn = nil },
			"phase playing with outcome <nil> and turn <nil>"},
		{"won too low", func(_ *testing.T, s *jState) { s.Outcome.Won = true }, "outcome {Won:true Reason:refill} with height 4 of 12"},
		{"lost high enough", func(_ *testing.T, s *jState) { s.Required = 4 }, "outcome {Won:false Reason:refill} with height 4 of 4"},
		{"won by collapse", func(_ *testing.T, s *jState) { s.Required, s.Outcome.Reason, s.Outcome.Won = 4, "collapse", true },
			"outcome {Won:true Reason:collapse} with height 4 of 4"},
		{"outcome before margins", func(t *testing.T, s *jState) { s.Outcome.Won = true; floor(t, s, "L").Holds = false },
			"outcome {Won:true Reason:refill} with height 4 of 12"},
		{"a floor that holds said not to", func(t *testing.T, s *jState) { floor(t, s, "L").Holds = false },
			"floor L: holds false, recomputed true"},
		{"a floor on columns without a margin", func(t *testing.T, s *jState) { floor(t, s, "L").Margin = nil },
			"floor L: margin <nil>, recomputed none: false"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := readState(t)
			tt.change(t, &s)
			data, err := json.Marshal(&s)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if err := Check(data); err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestCheckNotJSON checks that what is not a JSON state is refused with
// the decoder's own error.
func TestCheckNotJSON(t *testing.T) {
	for _, data := range []string{"{", `{"phase":1}`, `{"floors":[{"margin_mm":"x"}]}`} {
		t.Run(data, func(t *testing.T) {
			want := json.Unmarshal([]byte(data), new(jState))
			if want == nil {
				t.Fatalf("the decoder accepts %s", data)
			}
			if err := Check([]byte(data)); err == nil || err.Error() != want.Error() {
				t.Errorf("got %v, want %v", err, want)
			}
		})
	}
}
