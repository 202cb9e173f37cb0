package menara

import (
	"errors"
	"maps"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// The forms' usage lines, as the host's "write it so" says them in
// English (bot.Form.Usage).
const (
	usageExchange = "exchange YY for RB"
	usageReveal   = "reveal blue"
	usageFloor    = "floor on K2 K4 L1 turn 2"
	usageLift     = "lift M F1 G2 G4 turn 0"
	usageExtend   = "extend at 5,-3 turn 1"
	usageGiveUp   = "give up, or give up renew"
	usageDone     = "done renew"
)

// usageIDs names the message that says each usage line in a player's
// language: the forms' short forms (as typed in that language: "revelar
// azul") and the notation's record forms (their words kept, the rest
// said: "(y si quieres, después: at q,r y light o dark)").
var usageIDs = map[string]string{
	usageExchange: "menara.usage.exchange", usageReveal: "menara.usage.reveal", usageFloor: "menara.usage.floor",
	usageLift: "menara.usage.lift", usageExtend: "menara.usage.extend", usageGiveUp: "menara.usage.give-up",
	usageDone: "menara.usage.done", notation.UsageColumn: "menara.usage.column", notation.UsageMove: "menara.usage.move",
	notation.UsageExchange: "menara.usage.record-exchange", notation.UsageFloor: "menara.usage.record-floor",
	notation.UsageLift: "menara.usage.record-lift", notation.UsageExtend: "menara.usage.record-extend",
}

// usageTerm is a usage line that says itself in a printer's language
// (i18n.Term); English where no message has it.
type usageTerm struct{ english string }

// Term writes the usage line in p's language.
func (u usageTerm) Term(p *i18n.Printer) string {
	if id, ok := usageIDs[u.english]; ok {
		if s := p.T(id); s != id {
			return s
		}
	}
	return u.english
}

// sayUsage returns err with its usage line, if it names one, said in the
// player's language when printed; other errors are returned as they are.
func sayUsage(err error) error {
	var e *rules.Error
	if !errors.As(err, &e) {
		return err
	}
	u, ok := e.Args["usage"].(string)
	if !ok {
		return err
	}
	c := *e
	c.Args = maps.Clone(e.Args)
	c.Args["usage"] = usageTerm{english: u}
	return &c
}
