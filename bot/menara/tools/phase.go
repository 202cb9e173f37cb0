package tools

import (
	"fmt"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/rules/menara"
)

// Phase says where a stored Menara game stands.
func (game) Phase(record string) string {
	g, err := readRecord(cli.Record{Text: record, Name: "record"})
	if err != nil {
		return "does not replay: " + err.Error()
	}
	p := g.Position()
	if p.Phase() == menara.Over {
		o := p.Outcome()
		if o.Won {
			return fmt.Sprintf("over, won at height %d of %d", p.Height(), p.Required())
		}
		return fmt.Sprintf("over, lost at height %d of %d", p.Height(), p.Required())
	}
	return fmt.Sprintf("height %d of %d, %s to play", p.Height(), p.Required(), p.Players()[p.Turn()])
}
