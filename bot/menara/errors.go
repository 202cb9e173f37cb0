package menara

import (
	"errors"
	"strings"

	"github.com/tablebot/tablebot/rules"
)

// notationPrefix is the prefix of the error keys of Menara's notation
// package. Another game's notation uses the same prefix with other words
// ("notation.colour" is a colour of Shangri-La there), and a message id is
// one text in the shared catalogue, so the game says them under its own
// prefix: "menara.notation.colour".
const notationPrefix = "notation."

// rekey returns err with a notation key moved under "menara.", so that
// its message is Menara's; other errors are returned as they are.
func rekey(err error) error {
	var e *rules.Error
	if !errors.As(err, &e) || !strings.HasPrefix(e.Key, notationPrefix) {
		return err
	}
	c := *e
	c.Key = Kind + "." + e.Key
	if e.Key == "notation.usage" && e.Args["usage"] == nil {
		// The exchange's usage is said in its message only.
		c.Key = Kind + ".notation.usage-exchange"
	}
	return &c
}
