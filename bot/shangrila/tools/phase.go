package tools

import (
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// Phase says where a stored game stands: its phase and who is to move, or
// who won.
func (game) Phase(record string) string {
	rec, err := notation.ParseRecord(strings.NewReader(record))
	if err != nil {
		return "unreadable record: " + err.Error()
	}
	if rec.Players == nil {
		return "no players yet"
	}
	game, err := rec.Replay(nil)
	if err != nil {
		return "does not replay: " + err.Error()
	}
	p := game.Position()
	if p.Phase() == shangrila.Over {
		var names []string
		for _, c := range p.Winners() {
			names = append(names, c.String())
		}
		return "over, won by " + strings.Join(names, " and ")
	}
	return fmt.Sprintf("%s, %s to move", p.Phase(), p.Turn())
}
