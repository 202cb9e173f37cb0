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
	kind := strings.ToLower(words[0])
	read, ok := typedForms[kind]
	if !ok {
		return bot.Typed{}, false, nil
	}
	t := bot.Typed{Options: map[string]string{}}
	if err := read(&t, kind, words[1:]); err != nil {
		return bot.Typed{}, true, err
	}
	return t, true, nil
}

// typedForms read, by a step's first word, the words that follow into
// the subcommand and options of t, or say the form's usage when they do
// not fit it. kind is the first word, in lower case.
var typedForms = map[string]func(t *bot.Typed, kind string, args []string) error{
	cmdExchange: typedExchange,
	cmdReveal:   typedReveal,
	"column":    typedColumn,
	cmdPlace:    typedColumn,
	cmdMove:     typedMove,
	cmdFloor:    typedPlacement,
	cmdExtend:   typedPlacement,
	cmdLift:     typedLift,
	"give":      typedGiveUp,
	cmdGiveUp:   typedClosing,
	cmdDone:     typedClosing,
}

// formUsage is the error of words that do not fit a form: how to write it.
func formUsage(form string) error { return fail("menara.err.typed", "usage", form) }

// asRecord marks a step typed as a record line: it is made as it stands.
func asRecord(t *bot.Typed) { t.Options[optConfirm] = "record" }

// between reads "A for B", "A to B", "A on B" or "A B": the two words
// around an optional one, and whether it was the record's word.
func between(args []string, word string) (string, string, bool, bool) {
	switch len(args) {
	case 2:
		return args[0], args[1], false, true
	case 3:
		return args[0], args[2], strings.EqualFold(args[1], word), true
	}
	return "", "", false, false
}

// typedExchange reads "exchange YY for RB" or "exchange YY RB".
func typedExchange(t *bot.Typed, _ string, args []string) error {
	give, take, rec, ok := between(args, "for")
	if !ok {
		return formUsage("exchange YY for RB")
	}
	t.Command, t.Options[optGive], t.Options[optTake] = cmdExchange, give, take
	if rec {
		asRecord(t)
	}
	return nil
}

// typedReveal reads "reveal blue", a record line either way.
func typedReveal(t *bot.Typed, _ string, args []string) error {
	if len(args) != 1 {
		return formUsage("reveal blue")
	}
	t.Command, t.Options[optPile] = cmdReveal, args[0]
	asRecord(t)
	return nil
}

// typedColumn reads "column R on K2" (the record) or "place R K2"; the
// record's word is "column", whichever word stands in the middle.
func typedColumn(t *bot.Typed, kind string, args []string) error {
	colour, base, rec, ok := between(args, "on")
	if !ok {
		return formUsage("column R on K2")
	}
	t.Command, t.Options[optColumn], t.Options[optBase] = cmdPlace, colour, base
	if rec && kind == "column" {
		asRecord(t)
	}
	return nil
}

// typedMove reads "move K2 to M3" or "move K2 M3".
func typedMove(t *bot.Typed, _ string, args []string) error {
	from, to, rec, ok := between(args, "to")
	if !ok {
		return formUsage("move K2 to M3")
	}
	t.Command, t.Options[optFrom], t.Options[optTo] = cmdMove, from, to
	if rec {
		asRecord(t)
	}
	return nil
}

// placementUsage is how to write a new floor's step, by its first word.
var placementUsage = map[string]string{cmdFloor: "floor M on K2 K4 L1 turn 2", cmdExtend: "extend N at 5,-3 turn 1"}

// typedPlacement reads where the new floor goes, placed or extending the
// base: a record line when it names its floor ("floor M on K2…").
func typedPlacement(t *bot.Typed, kind string, args []string) error {
	if len(args) == 0 {
		return formUsage(placementUsage[kind])
	}
	t.Command, t.Options[optPlacement] = kind, strings.Join(args, " ")
	if _, isFloor := mr.ParseFloor(args[0]); isFloor {
		asRecord(t)
	}
	return nil
}

// typedLift reads "lift M to F1 G2 G4 turn 0" or "lift M F1 G2 G4 turn 0".
func typedLift(t *bot.Typed, _ string, args []string) error {
	if len(args) < 2 {
		return formUsage("lift M to F1 G2 G4 turn 0")
	}
	t.Command, t.Options[optFloor], t.Options[optPlacement] = cmdLift, args[0], strings.Join(args[1:], " ")
	if strings.EqualFold(args[1], "to") {
		asRecord(t)
	}
	return nil
}

// typedGiveUp reads the record's "give up" and "give up renew".
func typedGiveUp(t *bot.Typed, _ string, args []string) error {
	if len(args) == 0 || !strings.EqualFold(args[0], "up") || len(args) > 2 || len(args) == 2 && !strings.EqualFold(args[1], "renew") {
		return formUsage("give up, or give up renew")
	}
	t.Command = cmdGiveUp
	t.Options[optRenew] = boolWord(len(args) == 2)
	asRecord(t)
	return nil
}

// typedClosing reads "giveup" and "done", each with an optional yes to
// renewing the camp; "done" is also the record's line.
func typedClosing(t *bot.Typed, kind string, args []string) error {
	if len(args) > 1 {
		return formUsage(kind + " renew")
	}
	t.Command = kind
	t.Options[optRenew] = boolWord(len(args) == 1 && yes(args[0]))
	if kind == cmdDone {
		asRecord(t)
	}
	return nil
}

// boolWord writes a boolean option's value.
func boolWord(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
