package discord

import (
	"sync"
	"testing"

	"github.com/tablebot/tablebot/bot"
	bshangrila "github.com/tablebot/tablebot/bot/shangrila"
	"github.com/tablebot/tablebot/i18n"
	srender "github.com/tablebot/tablebot/render/shangrila"
)

// renderer is built once for all tests of the package: it takes a
// quarter of a second.
var renderer = sync.OnceValues(srender.New)

// testBoard is the real board renderer.
func testBoard(t testing.TB, cat *i18n.Catalog) bot.BoardFunc {
	t.Helper()
	r, err := renderer()
	if err != nil {
		t.Fatal(err)
	}
	return bshangrila.NewBoardFunc(r, cat)
}
