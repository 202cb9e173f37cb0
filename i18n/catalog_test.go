package i18n

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"text/template"
	"text/template/parse"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// pendingAreas are catalogue files written in English whose Spanish and
// Italian versions are still to come (a new game's texts, say). Their ids
// are excused from the completeness test only while a language has no file
// of that area at all: once locales/es/bot.toml exists, every bot.* id must
// be in it. Every area is translated today, so the list is empty.
var pendingAreas = map[string]bool{}

// maxCount is the largest count the bot shows in a plural message (tiles,
// moves, seats); the plural forms a language needs are those CLDR picks for
// counts 0..maxCount. Spanish and Italian also have "many", for exact
// millions only, which no game reaches, and which would fall back to
// "other" anyway.
const maxCount = 1000

func newTestCatalog(t *testing.T) *Catalog {
	t.Helper()
	c, err := New()
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c
}

// areaFiles returns, per language, the area (file name without .toml) of
// every message id the catalogues under files/locales define.
func areaFiles(t *testing.T, files fs.FS) map[Lang]map[string]string {
	t.Helper()
	out := map[Lang]map[string]string{}
	unmarshal := map[string]goi18n.UnmarshalFunc{"toml": toml.Unmarshal}
	for _, l := range Langs {
		out[l] = map[string]string{}
		dir := path.Join("locales", string(l))
		entries, err := fs.ReadDir(files, dir)
		if err != nil {
			t.Fatalf("read %s: %v", dir, err)
		}
		for _, e := range entries {
			data, err := fs.ReadFile(files, path.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			area := strings.TrimSuffix(e.Name(), ".toml")
			mf, err := goi18n.ParseMessageFileBytes(data, area+"."+string(l)+".toml", unmarshal)
			if err != nil {
				t.Fatalf("%s/%s: %v", l, e.Name(), err)
			}
			for _, m := range mf.Messages {
				out[l][m.ID] = area
			}
		}
	}
	return out
}

// hasArea reports whether a language has a catalogue file of area.
func hasArea(areas map[string]string, area string) bool {
	for _, a := range areas {
		if a == area {
			return true
		}
	}
	return false
}

var formNames = map[plural.Form]string{
	plural.Other: "other", plural.Zero: "zero", plural.One: "one",
	plural.Two: "two", plural.Few: "few", plural.Many: "many",
}

// pluralForms returns the forms CLDR's cardinal rules of l pick for whole
// counts 0..upTo, and those it picks for any count at all (what a catalogue
// may define).
func pluralForms(l Lang, upTo int) (needed, allowed map[string]bool) {
	tag := language.Make(string(l))
	needed, allowed = map[string]bool{}, map[string]bool{}
	for n := 0; n <= upTo; n++ {
		needed[formNames[plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)]] = true
	}
	for _, n := range []int{1_000_000, 2_000_000} {
		allowed[formNames[plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)]] = true
	}
	for f := range needed {
		allowed[f] = true
	}
	return needed, allowed
}

func TestPluralForms(t *testing.T) {
	// The forms the completeness test demands, pinned so that a change of
	// CLDR data shows up here rather than as a puzzling catalogue failure.
	tests := []struct {
		lang   Lang
		needed []string
	}{
		{English, []string{"one", "other"}},
		{Spanish, []string{"one", "other"}},
		{Italian, []string{"one", "other"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang), func(t *testing.T) {
			needed, _ := pluralForms(tt.lang, maxCount)
			got := sortedKeys(needed)
			if !slices.Equal(got, tt.needed) {
				t.Errorf("forms needed for counts 0..%d = %v, want %v", maxCount, got, tt.needed)
			}
		})
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// checkComplete returns what TestTranslationsComplete complains of: every
// message defined in any language must be in all, with the plural forms
// each language needs. It also returns how many messages of each pending
// file ("es/bot.toml") are excused.
func checkComplete(c *Catalog, areas map[Lang]map[string]string, pendingAreas map[string]bool) (problems []string, pending map[string]int) {
	all := map[string]string{} // id -> area, from whichever language has it
	for _, l := range Langs {
		for id, a := range areas[l] {
			all[id] = a
		}
	}
	pending = map[string]int{}
	for _, id := range sortedKeys(all) {
		en := c.Templates(English, id)
		for _, l := range Langs {
			tmpl := c.Templates(l, id)
			if tmpl == nil {
				if area := all[id]; pendingAreas[area] && !hasArea(areas[l], area) {
					pending[string(l)+"/"+area+".toml"]++
					continue
				}
				problems = append(problems, fmt.Sprintf("%s: %q (%s.toml) is missing", l, id, all[id]))
				continue
			}
			if en == nil {
				continue // reported above, under English
			}
			needed, allowed := pluralForms(l, maxCount)
			if len(en) == 1 && en["other"] != "" {
				// Not a plural message in English: forms in a translation
				// would never be shown.
				if len(tmpl) != 1 || tmpl["other"] == "" {
					problems = append(problems, fmt.Sprintf("%s: %q has plural forms %v, English has none", l, id, sortedKeys(tmpl)))
				}
				continue
			}
			for _, f := range sortedKeys(needed) {
				if tmpl[f] == "" {
					problems = append(problems, fmt.Sprintf("%s: %q lacks the plural form %q", l, id, f))
				}
			}
			for _, f := range sortedKeys(tmpl) {
				if !allowed[f] {
					problems = append(problems, fmt.Sprintf("%s: %q defines the plural form %q, which the language never uses", l, id, f))
				}
			}
		}
	}
	return problems, pending
}

// checkPlaceholders returns what TestPlaceholdersMatchEnglish complains
// of: a translation using other placeholders than English (a missing one
// drops a fact from the message, an extra one prints "<no value>"), or not
// a valid template. Plural forms are compared form by form; a form English
// lacks is compared with English "other".
func checkPlaceholders(c *Catalog) []string {
	var problems []string
	for _, l := range Langs {
		for _, id := range c.IDs(l) {
			en := c.Templates(English, id)
			if en == nil {
				continue // checkComplete reports it
			}
			tmpl := c.Templates(l, id)
			for _, form := range sortedKeys(tmpl) {
				got, err := placeholders(tmpl[form])
				if err != nil {
					problems = append(problems, fmt.Sprintf("%s: %q (%s) is not a valid template: %v", l, id, form, err))
					continue
				}
				enText, ok := en[form]
				if !ok {
					enText = en["other"]
				}
				want, err := placeholders(enText)
				if err != nil {
					continue // reported under English
				}
				if g, w := sortedKeys(got), sortedKeys(want); !slices.Equal(g, w) {
					problems = append(problems, fmt.Sprintf("%s: %q (%s) uses placeholders %v, English uses %v", l, id, form, g, w))
				}
			}
		}
	}
	return problems
}

// TestTranslationsComplete fails when a message defined in any language is
// missing in another, or lacks a plural form the language needs.
func TestTranslationsComplete(t *testing.T) {
	problems, pending := checkComplete(newTestCatalog(t), areaFiles(t, locales), pendingAreas)
	for _, p := range problems {
		t.Error(p)
	}
	for _, file := range sortedKeys(pending) {
		t.Logf("not translated yet (see pendingAreas): %s, %d messages", file, pending[file])
	}
}

// TestPlaceholdersMatchEnglish fails when a translation's placeholders
// differ from English.
func TestPlaceholdersMatchEnglish(t *testing.T) {
	for _, p := range checkPlaceholders(newTestCatalog(t)) {
		t.Error(p)
	}
}

// TestCatalogChecksCatchMistakes runs the two checks above on catalogues
// with one mistake of each kind (testdata/mistakes), so that a check that
// passes everything cannot go unnoticed.
func TestCatalogChecksCatchMistakes(t *testing.T) {
	files := os.DirFS(filepath.Join("testdata", "mistakes"))
	c := newCatalogDir(t, "mistakes")
	problems, pending := checkComplete(c, areaFiles(t, files), map[string]bool{"later": true})
	problems = append(problems, checkPlaceholders(c)...)
	want := []string{
		`it: "x.english-only" (x.toml) is missing`,
		`en: "x.extra" (x.toml) is missing`,
		`it: "x.extra" (x.toml) is missing`,
		`es: "x.plural" lacks the plural form "one"`,
		`it: "x.plural" defines the plural form "few", which the language never uses`,
		`es: "x.single" has plural forms [one other], English has none`,
		`es: "x.name" (other) uses placeholders [nombre], English uses [name]`,
		`it: "x.broken" (other) is not a valid template: template: :1: unclosed action`,
	}
	if !slices.Equal(problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
	if wantPending := map[string]int{"es/later.toml": 1, "it/later.toml": 1}; !maps.Equal(pending, wantPending) {
		t.Errorf("pending = %v, want %v", pending, wantPending)
	}
}

// placeholders returns the fields a message template uses ({{.player}} ->
// "player"), or an error when the text is not a valid template.
func placeholders(text string) (map[string]bool, error) {
	tm, err := template.New("").Parse(text)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	if tm.Tree != nil {
		walkFields(tm.Tree.Root, out)
	}
	return out, nil
}

func walkFields(n parse.Node, out map[string]bool) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			walkFields(c, out)
		}
	case *parse.ActionNode:
		walkFields(n.Pipe, out)
	case *parse.PipeNode:
		if n == nil {
			return
		}
		for _, c := range n.Cmds {
			walkFields(c, out)
		}
	case *parse.CommandNode:
		for _, a := range n.Args {
			walkFields(a, out)
		}
	case *parse.FieldNode:
		out[strings.Join(n.Ident, ".")] = true
	case *parse.IfNode:
		walkBranch(&n.BranchNode, out)
	case *parse.RangeNode:
		walkBranch(&n.BranchNode, out)
	case *parse.WithNode:
		walkBranch(&n.BranchNode, out)
	}
}

func walkBranch(b *parse.BranchNode, out map[string]bool) {
	walkFields(b.Pipe, out)
	walkFields(b.List, out)
	walkFields(b.ElseList, out)
}

func TestPlaceholdersParse(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"plain", "The game is over", nil},
		{"two", "It is {{.turn}}'s turn, not {{.player}}'s", []string{"player", "turn"}},
		{"repeated", "{{.from}} against {{.to}}: {{.from}} wins", []string{"from", "to"}},
		{"trim and if", "{{- .a -}} {{if .b}}{{.c}}{{else}}{{.d}}{{end}}", []string{"a", "b", "c", "d"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := placeholders(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			if keys := sortedKeys(got); !slices.Equal(keys, tt.want) {
				t.Errorf("placeholders(%q) = %v, want %v", tt.text, keys, tt.want)
			}
		})
	}
	if _, err := placeholders("{{.player"); err == nil {
		t.Error("placeholders of a broken template: no error")
	}
}

// TestTranslationsTranslated catches a message copied from English and
// left untranslated in the areas this package translates (terms, engine,
// guide).
func TestTranslationsTranslated(t *testing.T) {
	c := newTestCatalog(t)
	areas := areaFiles(t, locales)
	for _, l := range []Lang{Spanish, Italian} {
		for _, id := range c.IDs(l) {
			switch areas[l][id] {
			case "terms", "engine", "guide":
			default:
				continue
			}
			en, tr := c.Templates(English, id), c.Templates(l, id)
			if en != nil && en["other"] == tr["other"] {
				t.Errorf("%s: %q is the English text: %q", l, id, tr["other"])
			}
		}
	}
}
