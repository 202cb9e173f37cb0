package i18ntest

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tablebot/tablebot/i18n"
)

// discordLimit is the most characters a Discord message may hold.
const discordLimit = 2000

// Fact is something a game's rules guide must say (Fact names it for the
// failure message), as it says it in English, Spanish and Italian. It is
// a plain struct type, so that a game's table of facts can list them
// positionally.
type Fact = struct{ Fact, En, Es, It string }

// CheckGuide checks a game's rules guide in every language: at least
// minSections sections and the same number in each language, each one
// Discord message with nothing left unfilled, and every fact said in the
// language's own words.
func CheckGuide(t *testing.T, c *i18n.Catalog, guide func(*i18n.Printer) []string, minSections int, facts []Fact) {
	t.Helper()
	sections := map[i18n.Lang]int{}
	for _, l := range i18n.Langs {
		t.Run(string(l), func(t *testing.T) {
			g := guide(c.Printer(l))
			sections[l] = len(g)
			if len(g) < minSections {
				t.Fatalf("the guide has %d sections, want at least %d", len(g), minSections)
			}
			for i, s := range g {
				if n := utf8.RuneCountInString(s); n >= discordLimit {
					t.Errorf("section %d has %d characters, Discord takes fewer than %d", i+1, n, discordLimit)
				}
				if strings.TrimSpace(s) == "" || strings.Contains(s, "{{") || strings.Contains(s, "<no value>") {
					t.Errorf("section %d reads %q", i+1, s)
				}
			}
			all := strings.Join(g, "\n")
			for _, f := range facts {
				want := map[i18n.Lang]string{i18n.English: f.En, i18n.Spanish: f.Es, i18n.Italian: f.It}[l]
				if !strings.Contains(all, want) {
					t.Errorf("the guide does not say %s: %q", f.Fact, want)
				}
			}
		})
	}
	if sections[i18n.Spanish] != sections[i18n.English] || sections[i18n.Italian] != sections[i18n.English] {
		t.Errorf("sections: %v; every language needs the same", sections)
	}
}
