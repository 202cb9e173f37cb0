package i18n

import (
	"errors"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"

	"github.com/tablebot/tablebot/rules"
)

// Printer formats messages in one language. It is safe for concurrent use.
type Printer struct {
	lang  Lang
	loc   *goi18n.Localizer
	terms []Terms
	withN map[string]bool // messages that call n (see funcs.go)
}

// Lang returns the printer's language.
func (p *Printer) Lang() Lang { return p.lang }

// T returns message id with its named placeholders filled from args, given
// in pairs ("player", red, "village", v). Game values (colours,
// disciplines, seats) are written in the printer's language (see Term and
// Terms).
// A message missing in this language is written in English; one missing
// from every catalogue comes back as its id, which the catalogue tests
// make impossible for the ids the code uses.
func (p *Printer) T(id string, args ...any) string {
	return p.localize(id, nil, args)
}

// N is T for a message with plural forms chosen by count, which is also
// available to the message as {{.count}}.
func (p *Printer) N(id string, count int, args ...any) string {
	return p.localize(id, &count, append(args, "count", count))
}

func (p *Printer) localize(id string, count *int, args []any) string {
	data := make(map[string]any, len(args)/2)
	for i := 0; i+1 < len(args); i += 2 {
		name, _ := args[i].(string)
		data[name] = p.value(args[i+1])
	}
	cfg := &goi18n.LocalizeConfig{MessageID: id, TemplateData: data}
	if count != nil {
		cfg.PluralCount = *count
	}
	if p.withN[id] {
		cfg.Funcs = p.funcs()
	}
	// go-i18n reports a message missing in this language, or a plural form
	// missing from it, as an error but still returns its best effort (the
	// English message, the "other" form): that is the fallback players
	// should see. Only a message unknown in every language comes back empty.
	s, err := p.loc.Localize(cfg)
	if err != nil && s == "" {
		return id
	}
	return s
}

// Term is a value that names itself in a printer's language: a seat of a
// game, say. Messages write a Term's name where it is an argument.
type Term interface {
	Term(p *Printer) string
}

// value writes an argument in the printer's language: a Term by its own
// name, a game's value by its game's Terms; other values are left to the
// template.
func (p *Printer) value(v any) any {
	if t, ok := v.(Term); ok {
		return t.Term(p)
	}
	for _, terms := range p.terms {
		if s, ok := terms(p, v); ok {
			return s
		}
	}
	return v
}

// Error returns the message of a domain error in the printer's language,
// and false when err is not a *rules.Error (an internal error, which
// players never see) or its key has no translation (then the English
// message is returned).
func (p *Printer) Error(err error) (string, bool) {
	var e *rules.Error
	if !errors.As(err, &e) {
		return "", false
	}
	args := make([]any, 0, 2*len(e.Args))
	for k, v := range e.Args {
		args = append(args, k, v)
	}
	if s := p.T(e.Key, args...); s != e.Key {
		return s, true
	}
	return e.Message, true
}
