package shangrila

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/i18n/i18ntest"
	shangrila "github.com/tablebot/tablebot/rules/shangrila"
)

// pendingAreas are the game's catalogue files written in English whose
// Spanish and Italian versions are still to come (see
// i18ntest.Incomplete). Every area is translated today, so the list is
// empty.
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

// TestTranslationsTranslated catches a message copied from English and
// left untranslated in the areas of the game that are words of the game
// itself (terms, engine, guide).
func TestTranslationsTranslated(t *testing.T) {
	c := catalog(t)
	areas, err := i18ntest.ReadAreas(i18n.Files(), locales)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, l := range []i18n.Lang{i18n.Spanish, i18n.Italian} {
		for _, id := range c.IDs(l) {
			switch areas[l][id] {
			case "terms", "engine", "guide":
			default:
				continue
			}
			checked++
			en, tr := c.Templates(i18n.English, id), c.Templates(l, id)
			if en != nil && en["other"] == tr["other"] {
				t.Errorf("%s: %q is the English text: %q", l, id, tr["other"])
			}
		}
	}
	// A test that finds no message of these areas would pass everything.
	if checked < 100 {
		t.Errorf("checked %d messages of the areas terms, engine and guide; expected many more", checked)
	}
}

func TestPrinterTerms(t *testing.T) {
	c := catalog(t)
	tests := []struct {
		lang       i18n.Lang
		colour     shangrila.Colour
		wantColour string
		discipline shangrila.Discipline
		wantDisc   string
	}{
		{i18n.English, shangrila.Violet, "Violet", shangrila.YetiWhisperer, "Yeti-Whisperer"},
		{i18n.Spanish, shangrila.Yellow, "Amarillo", shangrila.Rainmaker, "Hacedor de Lluvia"},
		{i18n.Spanish, shangrila.Violet, "Violeta", shangrila.Astrologer, "Astrólogo"},
		{i18n.Italian, shangrila.Blue, "Blu", shangrila.Firekeeper, "Custode del fuoco"},
		{i18n.Italian, shangrila.Red, "Rosso", shangrila.YetiWhisperer, "Sussurratore agli yeti"},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang)+" "+tt.wantColour, func(t *testing.T) {
			p := c.Printer(tt.lang)
			if got := ColourName(p, tt.colour); got != tt.wantColour {
				t.Errorf("ColourName(%v) = %q, want %q", tt.colour, got, tt.wantColour)
			}
			if got := DisciplineName(p, tt.discipline); got != tt.wantDisc {
				t.Errorf("DisciplineName(%v) = %q, want %q", tt.discipline, got, tt.wantDisc)
			}
		})
	}
	// Every term in every language: none may come back as its id.
	for _, l := range i18n.Langs {
		p := c.Printer(l)
		for _, col := range shangrila.Colours {
			if got := ColourName(p, col); strings.HasPrefix(got, "colour.") {
				t.Errorf("%s: ColourName(%v) = %q", l, col, got)
			}
		}
		for _, d := range shangrila.Disciplines {
			if got := DisciplineName(p, d); strings.HasPrefix(got, "discipline.") {
				t.Errorf("%s: DisciplineName(%v) = %q", l, d, got)
			}
		}
	}
}
