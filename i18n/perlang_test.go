package i18n_test

import (
	"testing"

	"github.com/tablebot/tablebot/i18n"
)

// TestPerLang: a value is built once a language, found by its language,
// and English's stands in for a language the catalogue lacks.
func TestPerLang(t *testing.T) {
	c := newTestCatalog(t)
	built := 0
	of := i18n.PerLang(c, func(p *i18n.Printer) i18n.Lang { built++; return p.Lang() })
	for _, l := range i18n.Langs {
		if got := *of(l); got != l {
			t.Errorf("for %v: got %v", l, got)
		}
	}
	if got := *of(i18n.Lang("xx")); got != i18n.English {
		t.Errorf("an unknown language: got %v, want English", got)
	}
	if built != len(i18n.Langs) {
		t.Errorf("built %d times for %d languages", built, len(i18n.Langs))
	}
}

// TestPerPrinter: a printer's value is built at its first ask only, and
// each printer has its own.
func TestPerPrinter(t *testing.T) {
	c := newTestCatalog(t)
	built := 0
	of := i18n.PerPrinter(func(p *i18n.Printer) i18n.Lang { built++; return p.Lang() })
	for range 2 {
		for _, l := range i18n.Langs {
			if got := *of(c.Printer(l)); got != l {
				t.Errorf("for %v: got %v", l, got)
			}
		}
	}
	if built != len(i18n.Langs) {
		t.Errorf("built %d times for %d printers", built, len(i18n.Langs))
	}
}
