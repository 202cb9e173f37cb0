package i18ntest

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

	"github.com/tablebot/tablebot/i18n"
)

// MaxCount is the largest count the bot shows in a plural message (tiles,
// moves, seats); the plural forms a language needs are those CLDR picks for
// counts 0..MaxCount. Spanish and Italian also have "many", for exact
// millions only, which no game reaches, and which would fall back to
// "other" anyway.
const MaxCount = 1000

// Areas maps, per language, every message id of some catalogue files to
// its area: the name of the file that defines it, without .toml ("bot",
// "engine"). Message files of several sources may share an area.
type Areas map[i18n.Lang]map[string]string

// ReadAreas reads the areas of the message files under locales/<lang>/ of
// each of files, laid out as i18n.Source's. A source may lack a language
// (a game whose translations are still to come).
func ReadAreas(files ...fs.FS) (Areas, error) {
	out := Areas{}
	unmarshal := map[string]goi18n.UnmarshalFunc{"toml": toml.Unmarshal}
	for _, l := range i18n.Langs {
		out[l] = map[string]string{}
		dir := path.Join("locales", string(l))
		for _, fsys := range files {
			entries, err := fs.ReadDir(fsys, dir)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("read %s: %w", dir, err)
			}
			for _, e := range entries {
				data, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
				if err != nil {
					return nil, err
				}
				area := strings.TrimSuffix(e.Name(), ".toml")
				mf, err := goi18n.ParseMessageFileBytes(data, area+"."+string(l)+".toml", unmarshal)
				if err != nil {
					return nil, fmt.Errorf("%s/%s: %w", l, e.Name(), err)
				}
				for _, m := range mf.Messages {
					out[l][m.ID] = area
				}
			}
		}
	}
	return out, nil
}

// has reports whether language l has a catalogue file of area.
func (a Areas) has(l i18n.Lang, area string) bool {
	for _, got := range a[l] {
		if got == area {
			return true
		}
	}
	return false
}

var formNames = map[plural.Form]string{
	plural.Other: "other", plural.Zero: "zero", plural.One: "one",
	plural.Two: "two", plural.Few: "few", plural.Many: "many",
}

// PluralForms returns the forms CLDR's cardinal rules of l pick for whole
// counts 0..upTo, and those it picks for any count at all (what a catalogue
// may define).
func PluralForms(l i18n.Lang, upTo int) (needed, allowed map[string]bool) {
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

// Incomplete returns what CheckComplete complains of in catalogue c, whose
// message files have the given areas: every message defined in any
// language must be in all, with the plural forms each language needs (for
// counts up to MaxCount) and no others. Messages of a pending area are
// excused in a language while it has no file of that area at all; Incomplete
// also returns how many of each pending file ("es/bot.toml") are excused.
func Incomplete(c *i18n.Catalog, areas Areas, pendingAreas map[string]bool) (problems []string, pending map[string]int) {
	all := map[string]string{} // id -> area, from whichever language has it
	for _, l := range i18n.Langs {
		maps.Copy(all, areas[l])
	}
	pending = map[string]int{}
	for _, id := range slices.Sorted(maps.Keys(all)) {
		en := c.Templates(i18n.English, id)
		for _, l := range i18n.Langs {
			tmpl := c.Templates(l, id)
			if tmpl == nil {
				if area := all[id]; pendingAreas[area] && !areas.has(l, area) {
					pending[string(l)+"/"+area+".toml"]++
					continue
				}
				problems = append(problems, fmt.Sprintf("%s: %q (%s.toml) is missing", l, id, all[id]))
				continue
			}
			if en == nil {
				continue // reported above, under English
			}
			needed, allowed := PluralForms(l, MaxCount)
			if len(en) == 1 && en["other"] != "" {
				// Not a plural message in English: forms in a translation
				// would never be shown.
				if len(tmpl) != 1 || tmpl["other"] == "" {
					problems = append(problems, fmt.Sprintf("%s: %q has plural forms %v, English has none", l, id, slices.Sorted(maps.Keys(tmpl))))
				}
				continue
			}
			for _, f := range slices.Sorted(maps.Keys(needed)) {
				if tmpl[f] == "" {
					problems = append(problems, fmt.Sprintf("%s: %q lacks the plural form %q", l, id, f))
				}
			}
			for _, f := range slices.Sorted(maps.Keys(tmpl)) {
				if !allowed[f] {
					problems = append(problems, fmt.Sprintf("%s: %q defines the plural form %q, which the language never uses", l, id, f))
				}
			}
		}
	}
	return problems, pending
}

// PlaceholderMismatches returns what CheckPlaceholders complains of in
// catalogue c: a translation using other placeholders than English (a
// missing one drops a fact from the message, an extra one prints
// "<no value>"), or not a valid template. Plural forms are compared form
// by form; a form English lacks is compared with English "other".
func PlaceholderMismatches(c *i18n.Catalog) []string {
	var problems []string
	for _, l := range i18n.Langs {
		for _, id := range c.IDs(l) {
			en := c.Templates(i18n.English, id)
			if en == nil {
				continue // Incomplete reports it
			}
			tmpl := c.Templates(l, id)
			for _, form := range slices.Sorted(maps.Keys(tmpl)) {
				got, err := Placeholders(tmpl[form])
				if err != nil {
					problems = append(problems, fmt.Sprintf("%s: %q (%s) is not a valid template: %v", l, id, form, err))
					continue
				}
				enText, ok := en[form]
				if !ok {
					enText = en["other"]
				}
				want, err := Placeholders(enText)
				if err != nil {
					continue // reported under English
				}
				if g, w := slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)); !slices.Equal(g, w) {
					problems = append(problems, fmt.Sprintf("%s: %q (%s) uses placeholders %v, English uses %v", l, id, form, g, w))
				}
			}
		}
	}
	return problems
}

// CheckComplete fails t for every problem Incomplete finds in catalogue c,
// read from the message files files, and logs the messages that
// pendingAreas excuse, per file.
func CheckComplete(t testing.TB, c *i18n.Catalog, pendingAreas map[string]bool, files ...fs.FS) {
	t.Helper()
	areas, err := ReadAreas(files...)
	if err != nil {
		t.Fatal(err)
	}
	problems, pending := Incomplete(c, areas, pendingAreas)
	for _, p := range problems {
		t.Error(p)
	}
	for _, file := range slices.Sorted(maps.Keys(pending)) {
		t.Logf("not translated yet (a pending area): %s, %d messages", file, pending[file])
	}
}

// CheckPlaceholders fails t for every problem PlaceholderMismatches finds
// in catalogue c.
func CheckPlaceholders(t testing.TB, c *i18n.Catalog) {
	t.Helper()
	for _, p := range PlaceholderMismatches(c) {
		t.Error(p)
	}
}
