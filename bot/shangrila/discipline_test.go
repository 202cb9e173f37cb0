package shangrila

import (
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/tablebot/tablebot/i18n"
	shangrila "github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// stripAccents removes the accents a player may leave out ("Astrólogo" ->
// "Astrologo").
func stripAccents(t *testing.T, s string) string {
	t.Helper()
	out, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), s)
	if err != nil {
		t.Fatalf("strip accents of %q: %v", s, err)
	}
	return out
}

// TestDisciplineNamesParse checks that every discipline name a catalogue
// shows can be typed back as the player reads it: the move parser must
// take it as written, without accents, and in upper case.
func TestDisciplineNamesParse(t *testing.T) {
	c := catalog(t)
	for _, l := range i18n.Langs {
		p := c.Printer(l)
		for _, d := range shangrila.Disciplines {
			name := DisciplineName(p, d)
			forms := map[string]string{
				"as written":     name,
				"without accent": stripAccents(t, name),
				"upper case":     strings.ToUpper(name),
				"lower case":     strings.ToLower(stripAccents(t, name)),
			}
			for how, s := range forms {
				t.Run(string(l)+"/"+d.String()+"/"+how, func(t *testing.T) {
					got, ok := notation.ParseDiscipline(s)
					if !ok || got != d {
						t.Errorf("notation.ParseDiscipline(%q) = %v, %v; want %v", s, got, ok, d)
					}
				})
			}
		}
	}
}

// TestDisciplineNamesInMoves types moves with the names of each language,
// which take up to three words ("place D sussurratore agli yeti").
func TestDisciplineNamesInMoves(t *testing.T) {
	c := catalog(t)
	for _, l := range i18n.Langs {
		p := c.Printer(l)
		for _, d := range shangrila.Disciplines {
			name := strings.ToLower(DisciplineName(p, d))
			line := "red recruit A " + name + " B " + name
			t.Run(string(l)+"/"+d.String(), func(t *testing.T) {
				got, err := notation.ParseMove(line)
				want := shangrila.RecruitMove(shangrila.Red, site(shangrila.VillageA, d), site(shangrila.VillageB, d))
				if err != nil || got != want {
					t.Errorf("ParseMove(%q) = %v, %v; want %v", line, got, err, want)
				}
			})
		}
	}
}

// TestMessageExamplesParse types the example moves the Spanish and Italian
// messages give, so that a translated example is never one the parser
// refuses.
func TestMessageExamplesParse(t *testing.T) {
	tests := []struct {
		line string
		want shangrila.Move
	}{
		{"red place D sanador", shangrila.PlaceMove(shangrila.Red, shangrila.VillageD, shangrila.Healer)},
		{"red place D guaritore", shangrila.PlaceMove(shangrila.Red, shangrila.VillageD, shangrila.Healer)},
		{"red recruit A sanador B sacerdote", shangrila.RecruitMove(shangrila.Red, site(shangrila.VillageA, shangrila.Healer), site(shangrila.VillageB, shangrila.Priest))},
		{"red recruit A guaritore B prete", shangrila.RecruitMove(shangrila.Red, site(shangrila.VillageA, shangrila.Healer), site(shangrila.VillageB, shangrila.Priest))},
		{"red place D H", shangrila.PlaceMove(shangrila.Red, shangrila.VillageD, shangrila.Healer)},
		{"red journey A B", shangrila.JourneyMove(shangrila.Red, shangrila.VillageA, shangrila.VillageB)},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			got, err := notation.ParseMove(tt.line)
			if err != nil || got != tt.want {
				t.Errorf("ParseMove(%q) = %v, %v; want %v", tt.line, got, err, tt.want)
			}
		})
	}
}
