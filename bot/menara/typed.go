package menara

import (
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// Typed reads a step typed in a terminal: a record line without its
// player ("column R on K2", "exchange YY for RB", "reveal yellow", "move
// K2 to M3", "floor M on K2 K4 L1 at 3,-1 turn 2 dark", "extend N at 5,-3
// turn 1", "lift M to F1 G2 G4 turn 0", "give up renew", "done"), or a
// subcommand's short form ("place R K2", "exchange YY RB", "floor on K2
// K4 L1 turn 2", "giveup renew"). A record line is made as it stands, even
// when it brings the temple down (the terminal has no buttons to confirm
// with); a short form that would asks first.
func (g *Game) Typed(st bot.State, seat int, words []string, p *i18n.Printer) (bot.Typed, bool, error) {
	if len(words) == 0 {
		return bot.Typed{}, false, nil
	}
	kind, args := strings.ToLower(words[0]), words[1:]
	t := bot.Typed{Options: map[string]string{}}
	record := func() { t.Options[optConfirm] = "record" }
	usage := func(form string) (bot.Typed, bool, error) {
		return bot.Typed{}, true, fail("menara.err.typed", "usage", form)
	}
	// between reads "A for B", "A to B", "A on B" or "A B": the two words
	// around an optional one, and whether it was the record's word.
	between := func(word string) (string, string, bool, bool) {
		switch len(args) {
		case 2:
			return args[0], args[1], false, true
		case 3:
			return args[0], args[2], strings.EqualFold(args[1], word), true
		}
		return "", "", false, false
	}
	switch kind {
	case cmdExchange:
		give, take, rec, ok := between("for")
		if !ok {
			return usage("exchange YY for RB")
		}
		t.Command, t.Options[optGive], t.Options[optTake] = cmdExchange, give, take
		if rec {
			record()
		}
	case cmdReveal:
		if len(args) != 1 {
			return usage("reveal blue")
		}
		t.Command, t.Options[optPile] = cmdReveal, args[0]
		record()
	case "column", cmdPlace:
		colour, base, rec, ok := between("on")
		if !ok {
			return usage("column R on K2")
		}
		t.Command, t.Options[optColumn], t.Options[optBase] = cmdPlace, colour, base
		if rec && kind == "column" {
			record()
		}
	case cmdMove:
		from, to, rec, ok := between("to")
		if !ok {
			return usage("move K2 to M3")
		}
		t.Command, t.Options[optFrom], t.Options[optTo] = cmdMove, from, to
		if rec {
			record()
		}
	case cmdFloor, cmdExtend:
		if len(args) == 0 {
			return usage(map[string]string{cmdFloor: "floor M on K2 K4 L1 turn 2", cmdExtend: "extend N at 5,-3 turn 1"}[kind])
		}
		t.Command, t.Options[optPlacement] = kind, strings.Join(args, " ")
		if _, isFloor := mr.ParseFloor(args[0]); isFloor {
			record()
		}
	case cmdLift:
		if len(args) < 2 {
			return usage("lift M to F1 G2 G4 turn 0")
		}
		t.Command, t.Options[optFloor], t.Options[optPlacement] = cmdLift, args[0], strings.Join(args[1:], " ")
		if strings.EqualFold(args[1], "to") {
			record()
		}
	case "give":
		if len(args) == 0 || !strings.EqualFold(args[0], "up") || len(args) > 2 || len(args) == 2 && !strings.EqualFold(args[1], "renew") {
			return usage("give up, or give up renew")
		}
		t.Command = cmdGiveUp
		t.Options[optRenew] = boolWord(len(args) == 2)
		record()
	case cmdGiveUp, cmdDone:
		if len(args) > 1 {
			return usage(kind + " renew")
		}
		t.Command = kind
		t.Options[optRenew] = boolWord(len(args) == 1 && yes(args[0]))
		if kind == cmdDone {
			record()
		}
	default:
		return bot.Typed{}, false, nil
	}
	return t, true, nil
}

func boolWord(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
