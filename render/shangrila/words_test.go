package shangrila_test

import (
	bshangrila "github.com/tablebot/tablebot/bot/shangrila"
	"github.com/tablebot/tablebot/i18n"
	srender "github.com/tablebot/tablebot/render/shangrila"
)

// The tests draw with the bot's English words, from the one catalogue
// that tablebot render and the bot's images share.
func init() {
	cat, err := i18n.New(bshangrila.Source())
	if err != nil {
		panic(err)
	}
	en := bshangrila.Labels(cat.Printer(i18n.English))
	srender.SetEnglish(func() srender.Labels { return en })
}
