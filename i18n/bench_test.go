package i18n

import (
	"testing"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// BenchmarkPrinterError measures translating an engine error, which the
// bot does for every refused move.
func BenchmarkPrinterError(b *testing.B) {
	c, err := New()
	if err != nil {
		b.Fatal(err)
	}
	pos, err := shangrila.NewPosition(fourPlayers, shangrila.StartSuggested)
	if err != nil {
		b.Fatal(err)
	}
	moveErr := pos.Check(shangrila.PlaceMove(shangrila.Red, shangrila.VillageA, shangrila.YetiWhisperer))
	p := c.Printer(Spanish)
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := p.Error(moveErr); !ok {
			b.Fatal("not translated")
		}
	}
}

// BenchmarkGuide measures building the rules guide, once per /shangrila
// rules.
func BenchmarkGuide(b *testing.B) {
	c, err := New()
	if err != nil {
		b.Fatal(err)
	}
	p := c.Printer(Italian)
	b.ReportAllocs()
	for b.Loop() {
		if len(p.Guide()) == 0 {
			b.Fatal("no guide")
		}
	}
}

// BenchmarkNew measures reading the embedded catalogues, once at start.
func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(); err != nil {
			b.Fatal(err)
		}
	}
}
