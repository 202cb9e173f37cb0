package menara_test

import (
	"image"
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
// every language, measured with the fonts the image is drawn in; and
// every column of a full hand lies in the panel's box.
func TestNothingClipped(t *testing.T) {
	cat, err := sharedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	fonts, err := render.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	// Four seats, and two with the largest hands (8), at the start.
	var views []rmenara.View
	for _, n := range []int{4, 2} {
		pos, err := menara.NewPosition(opts(n, menara.Easy), 7)
		if err != nil {
			t.Fatal(err)
		}
		views = append(views, rmenara.ViewOf(&pos, nil))
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
		for turn := range computers {
			v := views[turn%2]
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
				for _, c := range l.Panel.Chips {
					if !inAny(c.Rect, l.Panel.Boxes) {
						t.Errorf("the %v column at %v is out of the panel's boxes", c.Colour, c.Rect)
					}
				}
			})
		}
	}
}

// inAny reports whether r lies in one of boxes.
func inAny(r image.Rectangle, boxes []image.Rectangle) bool {
	for _, b := range boxes {
		if r.In(b) {
			return true
		}
	}
	return false
}
