package shangrila

import (
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/i18n/i18ntest"
)

// rulesDir is the engine's source, read by the key scan.
const rulesDir = "../../rules/shangrila"

// internalKeys are error keys players never see, so no catalogue needs
// them: impossible saved positions (shangrila.state.*), bad player lists
// that the bot never builds (shangrila.players.*), and the notation of
// records and JSON states, read only from files tablebot itself wrote.
var internalKeys = []string{
	"shangrila.state.", "shangrila.players.",
	"notation.json", "notation.game.", "notation.players.", "notation.start", "notation.utf8", "notation.long",
}

func internalKey(key string) bool { return i18ntest.HasPrefix(key, internalKeys...) }

// keyScan finds the engine's error keys in its sources.
var keyScan = i18ntest.KeyScan{Prefixes: []string{"shangrila.", "notation."}, Helpers: []string{"illegal", "invalid", "invalidState"}}

// TestEngineKeysHaveMessages fails when the rules engine or the move parser
// can return a player-facing error whose key has no English message, and
// when the English catalogue keeps a message for a key nothing returns.
func TestEngineKeysHaveMessages(t *testing.T) {
	c := catalog(t)
	keys := i18ntest.ErrorKeys(t, rulesDir, keyScan)
	var shangrila, notation int
	for key, where := range keys {
		if internalKey(key) {
			continue
		}
		if strings.HasPrefix(key, "shangrila.") {
			shangrila++
		} else {
			notation++
		}
		if !c.Has(i18n.English, key) {
			t.Errorf("%s: error key %q has no English message (add it to locales/en/engine.toml)", where, key)
		}
	}
	// A scan that finds nothing would pass everything.
	if shangrila < 20 || notation < 10 {
		t.Fatalf("the scan of %s found %d shangrila.* and %d notation.* keys; expected many more", rulesDir, shangrila, notation)
	}
	for _, id := range engineMessages(t) {
		if _, ok := keys[id]; !ok {
			t.Errorf("English message %q: no error in %s has this key any more", id, rulesDir)
		}
	}
}

// engineMessages returns the ids of the English messages of the engine's
// errors, those of the game's engine area (locales/en/engine.toml), sorted.
// The game's own replies have ids under "shangrila." too
// ("shangrila.title"), in its other areas.
func engineMessages(t *testing.T) []string {
	t.Helper()
	areas, err := i18ntest.ReadAreas(locales)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for id, area := range areas[i18n.English] {
		if area == "engine" {
			out = append(out, id)
		}
	}
	if len(out) < 30 {
		t.Fatalf("locales/en/engine.toml has %d messages; expected many more", len(out))
	}
	slices.Sort(out)
	return out
}

func TestInternalKey(t *testing.T) {
	tests := []struct {
		key  string
		want bool
	}{
		{"shangrila.state.bridges", true},
		{"shangrila.players.count", true},
		{"notation.json", true},
		{"notation.json.colour", true},
		{"notation.game.name", true},
		{"notation.players.twice", true},
		{"notation.start", true},
		{"notation.start.late", true},
		{"notation.utf8", true},
		{"notation.long", true},
		{"shangrila.place.no-master", false},
		{"shangrila.player.absent", false},
		{"notation.village", false},
		{"notation.no-site", false},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			if got := internalKey(tt.key); got != tt.want {
				t.Errorf("internalKey(%q) = %v, want %v", tt.key, got, tt.want)
			}
		})
	}
}
