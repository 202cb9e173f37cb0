package store

import (
	"reflect"
	"strconv"
	"testing"
	"time"
)

// TestMetaCache: a game's metadata read through the cache is the game
// decodeGame reads from the same bytes, also after a caller changed the
// game it was handed, and after the stored bytes changed; the cache keeps
// at most its bound of games.
func TestMetaCache(t *testing.T) {
	at := time.Date(2026, 11, 27, 6, 0, 0, 0, time.UTC)
	game := &Game{
		Guild: "g1", Kind: "shangrila", Status: Playing, Creator: "u1", Created: at, Updated: at.Add(time.Minute),
		Players:  []Player{{UserID: "u1", Name: "Ann", Colour: "red"}, {Name: "Computer", Colour: "blue", Computer: "easy"}},
		Settings: map[string]string{"lang": "en"}, Setup: []string{"players red blue"}, Version: 3, Position: 2,
		Wake: at.Add(time.Hour),
	}
	raw, err := encodeGame(game)
	if err != nil {
		t.Fatal(err)
	}
	game.Updated = game.Updated.Add(time.Minute)
	changed, err := encodeGame(game)
	if err != nil {
		t.Fatal(err)
	}
	c := newMetaCache(8)
	for _, tc := range []struct {
		name string
		raw  []byte
	}{
		{"first read", raw},
		{"read again", raw},
		{"read after its reader changed it", raw},
		{"stored bytes changed", changed},
		{"changed bytes read again", changed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := c.decode("c1", 1, tc.raw)
			if err != nil {
				t.Fatal(err)
			}
			want, err := decodeGame("c1", 1, tc.raw)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %+v, want %+v", got, want)
			}
			got.Players[0].Name = "changed"
			got.Settings["lang"] = "changed"
			got.Setup[0] = "changed"
		})
	}
	t.Run("bounded", func(t *testing.T) {
		for i := range c.limit + 10 {
			if _, err := c.decode("c"+strconv.Itoa(i), 1, raw); err != nil {
				t.Fatal(err)
			}
		}
		if got := len(c.games); got > c.limit {
			t.Errorf("the cache keeps %d games, want at most %d", got, c.limit)
		}
	})
}
