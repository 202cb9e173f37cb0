package menara

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/i18n/i18ntest"
	rmenara "github.com/tablebot/tablebot/render/menara"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// sharedCatalog is the catalogue the bot uses: the host's words and the
// game's.
var sharedCatalog = sync.OnceValues(func() (*i18n.Catalog, error) { return i18n.New(Source()) })

func catalog(t testing.TB) *i18n.Catalog {
	t.Helper()
	cat, err := sharedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// pendingAreas are the game's catalogue files written in English whose
// Spanish and Italian versions are still to come (see
// i18ntest.Incomplete): none.
var pendingAreas = map[string]bool{}

// TestTranslationsComplete fails when a message of the catalogue the bot
// uses (the host's and the game's) defined in any language is missing in
// another, or lacks a plural form the language needs.
func TestTranslationsComplete(t *testing.T) {
	i18ntest.CheckComplete(t, catalog(t), pendingAreas, i18n.Files(), locales)
}

// TestPlaceholdersMatchEnglish fails when a translation's placeholders in
// the host's and the game's catalogue differ from English.
func TestPlaceholdersMatchEnglish(t *testing.T) {
	i18ntest.CheckPlaceholders(t, catalog(t))
}

// TestGameIDs: every message of the game's own is under "menara." (its
// slash command's texts under "cmd.menara." and "opt.menara."), so that it
// never clashes with the host's or another game's.
func TestGameIDs(t *testing.T) {
	areas, err := i18ntest.ReadAreas(locales)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range i18n.Langs {
		for id := range areas[l] {
			n++
			if !strings.HasPrefix(id, "menara.") && !strings.HasPrefix(id, "cmd.menara.") && !strings.HasPrefix(id, "opt.menara.") {
				t.Errorf("%s: %q is not under menara.", l, id)
			}
		}
	}
	if n == 0 {
		t.Fatal("the game has no messages")
	}
}

// words returns every text a Labels gives, by name, over samples of
// every kind of value.
func words(l rmenara.Labels) map[string]string {
	w := map[string]string{
		"to play": l.ToPlay("Ana"), "won": l.Won(5, 4), "height": l.Height(2, 5),
		"level row": l.LevelRow, "plan cards": l.PlanCards, "quarry": l.Quarry,
		"floors left 1": l.FloorsLeft(1), "floors left 12": l.FloorsLeft(12), "next floor": l.NextFloor("K"),
		"light": l.Light, "dark": l.Dark, "camp": l.Camp, "hands": l.Hands, "in play": l.InPlay, "no card": l.NoCard,
		"on floor": l.OnFloor("K"), "place floor": l.PlaceFloor("M"), "to level row": l.ToLevelRow,
		"level": l.Level(2), "base": l.Base, "falls": l.Falls, "collapse": l.Collapse, "risk": l.Risk(35),
		"legend safe": l.LegendSafe, "legend shaky": l.LegendShaky, "legend falls": l.LegendFalls,
		"legend free": l.LegendFree, "legend last": l.LegendLast, "legend proposed": l.LegendProposed,
		"legend empty": l.LegendEmpty, "legend column": l.LegendColumn,
	}
	for name, f := range fallSamples() {
		if l.Fell != nil {
			w["fell "+name] = l.Fell(f)
		}
	}
	for r := mr.Collapse; r <= mr.FloorsUsed; r++ {
		w["lost "+r.String()] = l.Lost(r, 2, 5)
	}
	for _, c := range mr.Colours {
		w["colour "+c.String()] = l.Colours[c]
	}
	for p := mr.Pile(0); p < mr.NumPiles; p++ {
		w["pile "+p.String()] = l.Piles[p]
	}
	for r := mr.FreeRim; r <= mr.DarkRim; r++ {
		w["rim "+r.String()] = l.Rim(r)
	}
	for i, c := range mr.Deck() {
		w[fmt.Sprintf("card %d (%v)", i, c)] = l.Card(c)
		for done := 0; done < int(c.N); done++ {
			w[fmt.Sprintf("progress %d of card %d", done, i)] = l.Progress(c, done)
		}
	}
	for _, s := range stepSamples() {
		w["last "+s.Kind.String()+fmt.Sprint(s)] = l.LastStep(s)
	}
	for _, s := range proposalSamples() {
		w["preview "+s.Kind.String()] = l.Preview(s)
	}
	return w
}

func stepSamples() []rmenara.StepWords {
	return []rmenara.StepWords{
		{Kind: mr.Exchange, Player: "Ana", Give: "YY", Take: "RB"},
		{Kind: mr.Reveal, Player: "Ana", Pile: "blue", Card: "Place 2 columns"},
		{Kind: mr.PlaceColumn, Player: "Ana", Colour: "red", To: "K3"},
		{Kind: mr.PlaceColumn, Player: "Ana", Colour: "red", To: "K3", NewFloor: "M"},
		{Kind: mr.PlaceColumn, Player: "Ana", Colour: "red", To: "K3", Collapse: true},
		{Kind: mr.PlaceColumn, Player: "Ana", Colour: "red", To: "K3", Failed: true},
		{Kind: mr.MoveColumn, Player: "Ana", Colour: "red", From: "K3", To: "M2"},
		{Kind: mr.PlaceFloor, Player: "Ana", Floor: "M", Level: 2, Supports: "K2 K4 L1"},
		{Kind: mr.Extend, Player: "Ana", Floor: "N"},
		{Kind: mr.Lift, Player: "Ana", Floor: "M", Level: 3, Supports: "F1 G2 G4"},
		{Kind: mr.GiveUp, Player: "Ana"},
		{Kind: mr.GiveUp, Player: "Ana", Renew: true},
		{Kind: mr.Done, Player: "Ana"},
		{Kind: mr.Done, Player: "Ana", Renew: true},
		{Kind: mr.Lift, Player: "Ana", Floor: "M", Level: 3, Supports: "F1 G2 G4", LiftFell: true},
	}
}

// fallSamples are falls of every kind, by name.
func fallSamples() map[string]rmenara.FallWords {
	return map[string]rmenara.FallWords{
		"few":          {Floor: "P", Supports: "P1 P2", Few: true, Columns: 2, Minimum: 3},
		"outside":      {Floor: "P", Supports: "P1 P2 P3", Outside: true, Distance: "1.2 mm", Need: "0.5 mm", Columns: 3, Minimum: 3},
		"inside":       {Floor: "P", Supports: "P1 P2 P3", Distance: "0.2 mm", Need: "0.5 mm", Columns: 3, Minimum: 3},
		"few proposed": {Floor: "P", Supports: "P1 P2", Few: true, Columns: 2, Minimum: 3, Proposed: true},
		"outside proposed": {Floor: "P", Supports: "P1 P2 P3", Outside: true, Distance: "1.2 mm", Need: "0.5 mm", Columns: 3, Minimum: 3,
			Proposed: true},
		"inside proposed": {Floor: "P", Supports: "P1 P2 P3", Distance: "0.2 mm", Need: "0.5 mm", Columns: 3, Minimum: 3, Proposed: true},
		"few lift":        {Floor: "P", Supports: "P1 P2", Few: true, Columns: 2, Minimum: 3, Lift: true},
		"outside lift": {Floor: "P", Supports: "P1 P2 P3", Outside: true, Distance: "1.2 mm", Need: "0.5 mm", Columns: 3, Minimum: 3,
			Lift: true},
		"inside lift": {Floor: "P", Supports: "P1 P2 P3", Distance: "0.2 mm", Need: "0.5 mm", Columns: 3, Minimum: 3, Lift: true},
	}
}

// TestIssue26Labels pins the English words of the labels issue 26 added
// to the image: the bases in the legend, a fall explained, and a lift
// that fell (not made, the card to the level row), an extension's cost.
func TestIssue26Labels(t *testing.T) {
	l := Labels(catalog(t).Printer(i18n.English))
	fell := func(f rmenara.FallWords) string {
		if l.Fell == nil {
			return "<no Fell>"
		}
		return l.Fell(f)
	}
	falls := fallSamples()
	tests := []struct{ name, got, want string }{
		{"legend empty", l.LegendEmpty, "empty base"},
		{"legend column", l.LegendColumn, "column on a base"},
		{"fell few", fell(falls["few"]), "Floor P fell: it rested on too few columns in a line (P1 P2)"},
		{"fell outside", fell(falls["outside"]), "Floor P fell: its load centre was 1.2 mm outside its columns P1 P2 P3"},
		{"fell inside", fell(falls["inside"]), "Floor P fell: its load centre was only 0.2 mm inside P1 P2 P3, 0.5 mm needed"},
		// A preview says what would happen; a lift not made, what would
		// have happened.
		{"would fall few", fell(falls["few proposed"]), "Floor P would fall: it would rest on too few columns in a line (P1 P2)"},
		{"would fall outside", fell(falls["outside proposed"]), "Floor P would fall: its load centre would be 1.2 mm outside its columns P1 P2 P3"},
		{"would fall inside", fell(falls["inside proposed"]),
			"Floor P would fall: its load centre would be only 0.2 mm inside P1 P2 P3, 0.5 mm needed"},
		{"would have fallen outside", fell(falls["outside lift"]),
			"Floor P would have fallen: its load centre would have been 1.2 mm outside its columns P1 P2 P3"},
		{"lift fell", l.LastStep(rmenara.StepWords{Kind: mr.Lift, Player: "Ana", Floor: "M", Level: 3, Supports: "F1 G2 G4", LiftFell: true}),
			"Last step: Ana tried to move floor M, but it would have fallen: not made, the card goes to the level row"},
		// An extension's card goes to the level row: the image says so,
		// as the text does.
		{"extend", l.LastStep(rmenara.StepWords{Kind: mr.Extend, Player: "Ana", Floor: "N"}),
			"Last step: Ana extended the base with floor N: one more level to build"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got  %q\nwant %q", tt.got, tt.want)
			}
		})
	}
}

func proposalSamples() []rmenara.StepWords {
	return []rmenara.StepWords{
		{Kind: mr.PlaceFloor, Floor: "M", Level: 2, Supports: "K2 K4 L1"},
		{Kind: mr.Extend, Floor: "N"},
		{Kind: mr.Lift, Floor: "M", Level: 3, Supports: "F1 G2 G4"},
		{Kind: mr.PlaceColumn, Colour: "red", To: "K3"},
		{Kind: mr.MoveColumn, From: "K3", To: "M2"},
	}
}

// TestLabelsTranslated checks every word of the image in every language:
// none is empty or a message id, and in Spanish and Italian each one that
// holds a word differs from the English, so that no label falls back to
// English unseen.
func TestLabelsTranslated(t *testing.T) {
	cat := catalog(t)
	en := words(Labels(cat.Printer(i18n.English)))
	// Words that are the same in a language and in English, rightly.
	same := map[string]bool{"pile blue/it": true, "colour blue/it": true, "base/es": true, "base/it": true}
	for _, l := range i18n.Langs {
		t.Run(string(l), func(t *testing.T) {
			for name, got := range words(Labels(cat.Printer(l))) {
				if got == "" || strings.HasPrefix(got, "menara.") || strings.Contains(got, "<no value>") {
					t.Errorf("%s: %q", name, got)
					continue
				}
				if l != i18n.English && got == en[name] && !same[name+"/"+string(l)] {
					t.Errorf("%s: %q is the English text", name, got)
				}
			}
		})
	}
}

// TestColourLetters: each language's letters for the five colours differ,
// so that the letter alone tells a column's colour.
func TestColourLetters(t *testing.T) {
	cat := catalog(t)
	for _, l := range i18n.Langs {
		lb := Labels(cat.Printer(l))
		seen := map[string]mr.Colour{}
		for _, c := range mr.Colours {
			s := lb.ColourLetters[c]
			if s == "" || len([]rune(s)) > 2 {
				t.Errorf("%s: colour %v's letter %q", l, c, s)
			}
			if o, dup := seen[s]; dup {
				t.Errorf("%s: %v and %v share the letter %q", l, o, c, s)
			}
			seen[s] = c
		}
	}
}

func TestMillimetres(t *testing.T) {
	cat := catalog(t)
	tests := []struct {
		um   int
		lang i18n.Lang
		want string
	}{
		{9400, i18n.English, "9.4"},
		{9999, i18n.English, "9.9"}, // rounded down: never safer than it is
		{10000, i18n.Spanish, "10,0"},
		{123, i18n.Italian, "0,1"},
		{0, i18n.English, "0.0"},
		{-13637, i18n.English, "-13.7"},
		{-50, i18n.Italian, "-0,1"},
	}
	for _, tt := range tests {
		if got := Millimetres(cat.Printer(tt.lang), tt.um); got != tt.want {
			t.Errorf("%s: Millimetres(%d) = %q, want %q", tt.lang, tt.um, got, tt.want)
		}
	}
	if got, want := Labels(cat.Printer(i18n.Spanish)).Margin(12345), "12,3 mm"; got != want {
		t.Errorf("a Spanish margin: %q, want %q", got, want)
	}
}

// TestTerms: the game's values written in messages by the printer.
func TestTerms(t *testing.T) {
	cat := catalog(t)
	p := cat.Printer(i18n.Italian)
	for _, tt := range []struct {
		v    any
		want string
	}{{mr.Red, "rossa"}, {mr.YellowPile, "gialla"}, {mr.FloorID(10), "K"}, {mr.Base{Floor: 10, N: 3}, "K3"}} {
		if got, ok := terms(p, tt.v); !ok || got != tt.want {
			t.Errorf("terms(%v) = %q, %v; want %q", tt.v, got, ok, tt.want)
		}
	}
	if _, ok := terms(p, 3.5); ok {
		t.Error("terms writes a float")
	}
}
