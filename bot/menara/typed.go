package menara

import (
	"strconv"
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
// K4 L1 turn 2", "giveup renew"). Either asks first when it would bring
// the temple down, but for a record line piped into the terminal (a
// record plays as it stands); a line ending in "!" is made as it stands.
// Words that do not fit the form their first word names are answered
// with its usage, in its short form.
func (g *Game) Typed(st bot.State, seat int, words []string, p *i18n.Printer) (bot.Typed, bool, error) {
	words, sure := unsure(words)
	if len(words) == 0 {
		return bot.Typed{}, false, nil
	}
	f, ok := typedForms[strings.ToLower(words[0])]
	if !ok {
		return bot.Typed{}, false, nil
	}
	values, record, fits := f.read(words[1:])
	if !fits {
		return bot.Typed{}, true, fail("menara.err.typed", "usage", f.usage)
	}
	t := bot.Typed{Command: f.command, Options: map[string]string{}}
	for i, name := range f.options {
		t.Options[name] = values[i]
	}
	switch {
	case sure:
		t.Options[optConfirm] = confirmSure
	case record:
		t.Options[optConfirm] = confirmRecord
	}
	return t, true, nil
}

// unsure returns the words without a final "!" (a word of its own, or
// the end of the last word), and whether there was one.
func unsure(words []string) ([]string, bool) {
	n := len(words)
	if n == 0 || !strings.HasSuffix(words[n-1], "!") {
		return words, false
	}
	out := append([]string(nil), words[:n-1]...)
	if last := strings.TrimSuffix(words[n-1], "!"); last != "" {
		out = append(out, last)
	}
	return out, true
}

// typedForm is how the words after a step's first word are read: into
// the values of the subcommand's options, in order, and whether they are
// a record line; fits is false when they fit neither, and usage then says
// how to write the step.
type typedForm struct {
	command string
	options []string
	usage   string
	read    func(args []string) (values []string, record, fits bool)
}

// typedForms are the typed forms by their first word, in lower case.
var typedForms = map[string]typedForm{
	cmdExchange: {cmdExchange, []string{optGive, optTake}, "exchange YY for RB", between("for")},
	cmdReveal:   {cmdReveal, []string{optPile}, "reveal blue", func(args []string) ([]string, bool, bool) { return args, true, len(args) == 1 }},
	"column":    {cmdPlace, []string{optColumn, optBase}, "column R on K2", between("on")},
	cmdPlace:    {cmdPlace, []string{optColumn, optBase}, "column R on K2", between("")},
	cmdMove:     {cmdMove, []string{optFrom, optTo}, "move K2 to M3", between("to")},
	cmdFloor:    {cmdFloor, []string{optPlacement}, "floor on K2 K4 L1 turn 2", placing},
	cmdExtend:   {cmdExtend, []string{optPlacement}, "extend at 5,-3 turn 1", placing},
	cmdLift:     {cmdLift, []string{optFloor, optPlacement}, "lift M F1 G2 G4 turn 0", lifting},
	"give":      {cmdGiveUp, []string{optRenew}, "give up, or give up renew", givingUp},
	cmdGiveUp:   {cmdGiveUp, []string{optRenew}, "giveup renew", closing(false)},
	cmdDone:     {cmdDone, []string{optRenew}, "done renew", closing(true)},
}

// between reads "A for B", "A to B", "A on B" or "A B": the two words
// around an optional one, a record line when it is the record's word
// (never for "").
func between(word string) func([]string) ([]string, bool, bool) {
	return func(args []string) ([]string, bool, bool) {
		switch len(args) {
		case 2:
			return args, false, true
		case 3:
			return []string{args[0], args[2]}, word != "" && strings.EqualFold(args[1], word), true
		}
		return nil, false, false
	}
}

// placing reads where a new floor goes, placed or extending the base: a
// record line when it names its floor ("floor M on K2…").
func placing(args []string) ([]string, bool, bool) {
	if len(args) == 0 {
		return nil, false, false
	}
	_, isFloor := mr.ParseFloor(args[0])
	return []string{strings.Join(args, " ")}, isFloor, true
}

// lifting reads "M to F1 G2 G4 turn 0" (the record) or "M F1 G2 G4 turn
// 0".
func lifting(args []string) ([]string, bool, bool) {
	if len(args) < 2 {
		return nil, false, false
	}
	return []string{args[0], strings.Join(args[1:], " ")}, strings.EqualFold(args[1], "to"), true
}

// givingUp reads the record's "give up" and "give up renew".
func givingUp(args []string) ([]string, bool, bool) {
	fits := len(args) > 0 && strings.EqualFold(args[0], "up") && (len(args) == 1 || len(args) == 2 && strings.EqualFold(args[1], "renew"))
	return []string{strconv.FormatBool(len(args) == 2)}, true, fits
}

// closing reads "giveup" or "done", each with an optional yes to renewing
// the camp; "done" is also the record's line.
func closing(record bool) func([]string) ([]string, bool, bool) {
	return func(args []string) ([]string, bool, bool) {
		return []string{strconv.FormatBool(len(args) == 1 && yes(args[0]))}, record, len(args) <= 1
	}
}
