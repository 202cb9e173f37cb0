package i18n_test

import (
	"slices"
	"testing"

	"github.com/tablebot/tablebot/i18n"
)

func TestGuideStopsAtFirstGap(t *testing.T) {
	// The catalogue of testdata/guide has guide.1, guide.2 and guide.4:
	// guide.4 is past the gap and never shown.
	c := readTestdata(t, "guide")
	if got, want := c.Printer(i18n.English).Sections("guide"), []string{"One", "Two"}; !slices.Equal(got, want) {
		t.Errorf("Sections(guide) = %q, want %q", got, want)
	}
	if got, want := c.Printer(i18n.Italian).Sections("guide"), []string{"Uno", "Two"}; !slices.Equal(got, want) {
		t.Errorf("Italian Sections(guide) = %q, want %q: the Italian section and the English fallback", got, want)
	}
	if got := c.Printer(i18n.English).Sections("nothing"); len(got) != 0 {
		t.Errorf("Sections(nothing) = %q, want none", got)
	}
}
