package discord

import (
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
)

// testBoard is the board renderer of the tests: nil until the renderer is
// wired in.
func testBoard(t testing.TB, cat *i18n.Catalog) bot.BoardFunc { return nil }
