package bot

import (
	"strings"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
)

// optionSure is the option of a form typed with a final "!" ("take 2!"):
// its move is made as it stands, Confirm not asked. No subcommand's
// option can be so named.
const optionSure = "!"

// Typed reads a form in the terminal's short form: its name or an alias
// in any case, then its values in order, its optional ones left out or
// not ("take 2"), a Lead word before a value or not, the Rest of the words
// the last value; each value as its Read reads it. ok is false when the
// words are no form; words that name a form with a Usage but do not fit
// it are answered with its Usage, said in the player's language. When
// the game asks before a move (Forms.Confirm), a final "!" makes it as it
// stands (see Unsure).
func (f Forms) Typed(st State, seat int, words []string, p *i18n.Printer) (Typed, bool, error) {
	sure := false
	if f.Confirm != nil {
		words, sure = Unsure(words)
	}
	x, args, fits, ok := f.typed(words)
	if !ok {
		return Typed{}, false, nil
	}
	var opts map[string]string
	if fits {
		opts, fits = x.read(p, args)
	}
	switch {
	case fits && sure:
		opts[optionSure] = "true"
		fallthrough
	case fits:
		return Typed{Command: x.Name, Options: opts}, true, nil
	case x.Usage == "":
		return Typed{}, false, nil
	}
	return Typed{}, true, rules.Errorf(rules.Invalid, "bot.err.typed", []any{"usage", said(x.Usage)}, "write it so: %s", x.Usage)
}

// said is a message id that says itself in a printer's language
// (i18n.Term).
type said string

// Term says the message in p's language.
func (s said) Term(p *i18n.Printer) string { return p.T(string(s)) }

// ReadYes is a Param.Read for a boolean parameter named name: true or
// false as Discord gives them, and as typed yes or no, 1 or 0, the
// parameter's name or its word in the asker's language (message id yes:
// "renovar"), all for true; nothing is false. Other words do not read.
func ReadYes(name, yes string) func(*i18n.Printer, string) (string, bool) {
	return func(p *i18n.Printer, s string) (string, bool) {
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "true", "yes", "1", name:
			return "true", true
		case "", "false", "no", "0":
			return "false", true
		}
		if p != nil && strings.EqualFold(strings.TrimSpace(s), p.T(yes)) {
			return "true", true
		}
		return s, false
	}
}

// Unsure returns words without a final "!" (a word of its own, or the end
// of the last word), and whether there was one.
func Unsure(words []string) ([]string, bool) {
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

// typed returns the form whose name or alias the words begin with, in any
// case (the longest), and the words after it; fits is false when they
// begin with the first word of an alias of several words only.
func (f Forms) typed(words []string) (x Form, args []string, fits, ok bool) {
	n := 0
	for _, form := range f.List {
		for _, name := range append([]string{form.Name}, form.Aliases...) {
			w := strings.Fields(name)
			switch {
			case len(words) == 0 || !strings.EqualFold(w[0], words[0]):
			case len(words) >= len(w) && equalFold(w, words[:len(w)]) && len(w) > n:
				x, n, ok = form, len(w), true
			case !ok:
				x, ok = form, true // its first word only, so far
			}
		}
	}
	if n == 0 {
		return x, nil, false, ok
	}
	return x, words[n:], true, ok
}

// equalFold reports whether two lists of words are the same, in any case.
func equalFold(a, b []string) bool {
	for i := range a {
		if !strings.EqualFold(a[i], b[i]) {
			return false
		}
	}
	return true
}

// read reads the words after a short form's name into its options; false
// when they do not fit it.
func (x Form) read(p *i18n.Printer, args []string) (map[string]string, bool) {
	opts := map[string]string{}
	i := 0
	for k, q := range x.Params {
		left := len(args) - i
		if left == 0 {
			if q.Optional {
				break
			}
			return nil, false
		}
		if q.Lead && left > len(x.Params)-k {
			i++ // the word before the value
		}
		val := args[i]
		if i++; q.Rest {
			val, i = strings.Join(args[i-1:], " "), len(args)
		}
		if q.Read != nil {
			var ok bool
			if val, ok = q.Read(p, val); !ok {
				return nil, false
			}
		}
		opts[q.Name] = val
	}
	return opts, i == len(args)
}
