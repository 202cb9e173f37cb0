package shangrila

import (
	"testing"

	"github.com/tablebot/tablebot/i18n"
	shangrila "github.com/tablebot/tablebot/rules/shangrila"
)

// BenchmarkPrinterError measures translating an engine error, which the
// bot does for every refused move.
func BenchmarkPrinterError(b *testing.B) {
	c := catalog(b)
	pos, err := shangrila.NewPosition(fourPlayers, shangrila.StartSuggested)
	if err != nil {
		b.Fatal(err)
	}
	moveErr := pos.Check(shangrila.PlaceMove(shangrila.Red, shangrila.VillageA, shangrila.YetiWhisperer))
	p := c.Printer(i18n.Spanish)
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
	p := catalog(b).Printer(i18n.Italian)
	game := New(Options{})
	b.ReportAllocs()
	for b.Loop() {
		if len(game.Guide(p)) == 0 {
			b.Fatal("no guide")
		}
	}
}

// BenchmarkNew measures reading the embedded catalogues the bot uses (the
// host's and the game's), once at start.
func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := i18n.New(Source()); err != nil {
			b.Fatal(err)
		}
	}
}
