package menara

import (
	"strings"

	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
)

// Message ids of the hints.
const (
	tipNone = Kind + "." + ai.TipNone
	// reasonPrefix starts the keys of the teammates' reasons
	// ("hint.reveal.safe"), whose messages are under Kind + "." + key;
	// renewSuffix names the message of a reason whose "renew" is true.
	reasonPrefix = "hint."
	renewSuffix  = ".renew"
	reasonLine   = "menara.hint.line"
)

// hintText says a suggested step and why, in the printer's language.
func hintText(p *i18n.Printer, pos *mr.Position, step mr.Step, why ai.Reason) string {
	if pos.Phase() == mr.Over || why.Key == ai.TipNone {
		return p.T(tipNone)
	}
	if strings.HasPrefix(why.Key, reasonPrefix) {
		return reasonText(p, pos, step, why)
	}
	key := Kind + "." + why.Key
	args := make([]any, 0, 2*len(why.Args)+2)
	for k, v := range why.Args {
		args = append(args, k, v)
		if pl, ok := v.(mr.Pile); ok && k == "pile" {
			args = append(args, "pileName", pileWord(p, pl))
		}
	}
	reason := ""
	if why.Key != "" {
		if reason = p.T(key, args...); reason == key {
			reason = ""
		}
	}
	what := stepSaid(p, pos, step)
	if reason == "" {
		return what
	}
	return p.T("menara.tip.line", "step", what, "reason", reason)
}

// reasonText says a computer teammate's advice (see Game.Hint): the
// reason's sentence, which names the step in words, and the step as a
// record writes it, which the terminal and the slash commands take as it
// stands. A reason whose "renew" is true reads as its ".renew" message. A
// key the catalogue lacks says the step alone.
func reasonText(p *i18n.Printer, pos *mr.Position, step mr.Step, why ai.Reason) string {
	key := Kind + "." + why.Key
	if renew, _ := why.Args["renew"].(bool); renew {
		key += renewSuffix
	}
	args := make([]any, 0, 2*len(why.Args))
	for k, v := range why.Args {
		if pl, ok := v.(mr.Pile); ok {
			v = pileWord(p, pl) // as said of the pile ("el mazo amarillo")
		}
		args = append(args, k, v)
	}
	reason := p.T(key, args...)
	if reason == key {
		return stepSaid(p, pos, step)
	}
	return p.T(reasonLine, "reason", reason, "line", step.String())
}

// stepSaid says a step as advice: "put a red column on K2", "reveal a
// yellow card", "give the card up".
func stepSaid(p *i18n.Printer, pos *mr.Position, s mr.Step) string {
	switch key := kindWord(s.Kind); {
	case s.Kind.Builds():
		return p.T("menara.tip.step.build", "step", stepWords(p, pos, s), "line", s.String())
	case key != "":
		return p.T("menara.tip.step."+key, "give", s.Give, "take", s.Take, "pile", s.Pile)
	}
	return s.String()
}
