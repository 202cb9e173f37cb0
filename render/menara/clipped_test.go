package menara_test

import (
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/render"
	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/menara"
)

// TestNothingClipped: every word of the panel, the legend and the header
// the bot writes itself (computers' names included: "Ordenador (difícil)"
// in the hands panel, the one in bold whose turn it is) fits its room in
// every language, measured with the fonts the image is drawn in.
func TestNothingClipped(t *testing.T) {
	cat, err := sharedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	fonts, err := render.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	// Four seats with the largest hands, at the start.
	pos, err := menara.NewPosition(opts(4, menara.Easy), 7)
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []i18n.Lang{i18n.English, i18n.Spanish, i18n.Italian} {
		p := cat.Printer(lang)
		var computers []string
		for _, lv := range rules.Levels {
			computers = append(computers, bot.ComputerName(p, lv.String()))
		}
		lb := labels(t, lang)
		// Each name in the seat to play once, so that each is drawn in
		// bold too.
		v := rmenara.ViewOf(&pos, nil)
		for turn := range computers {
			names := make([]string, len(v.Players))
			for i := range names {
				names[i] = computers[(i-v.Turn+turn+len(names))%len(computers)]
			}
			t.Run(string(lang)+"/"+names[v.Turn], func(t *testing.T) {
				l := rmenara.NewLayout(&v, rmenara.Options{Labels: lb, Names: names})
				texts := append([]render.Text{l.Header.Status, l.Header.Facts, l.Header.Step}, l.Panel.Texts...)
				for _, it := range l.Panel.Legend {
					texts = append(texts, it.Text)
				}
				for _, tx := range texts {
					if fonts.Cut(tx) {
						t.Errorf("%q is cut short in its room of %d px", tx.S, tx.Rect.Dx())
					}
				}
			})
		}
	}
}
