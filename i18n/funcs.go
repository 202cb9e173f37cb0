package i18n

import (
	"regexp"
	"text/template"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
)

// A message may write a second number with its own plural forms by the
// function n: {{n "bot.n.players" .seats}} writes message bot.n.players
// with the plural form of .seats ("1 player", "4 players"), as Printer.N
// does; {{.count}} stays the number a message's own forms follow. Only
// the messages that call n are parsed with it (go-i18n does not cache
// templates parsed with functions).

// callsN finds a call of n in a template.
var callsN = regexp.MustCompile(`\{\{-?\s*n\s`)

// usesFuncs reports whether a message calls the catalogue's functions.
func usesFuncs(m *goi18n.Message) bool {
	for _, s := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
		if callsN.MatchString(s) {
			return true
		}
	}
	return false
}

// funcs are the functions messages may call, written by printer p.
func (p *Printer) funcs() template.FuncMap {
	return template.FuncMap{"n": p.nested}
}

// nested writes message id with the plural form of count (any integer).
func (p *Printer) nested(id string, count any) string {
	n, ok := toInt(count)
	if !ok {
		return id
	}
	return p.N(id, n)
}

func toInt(v any) (int, bool) {
	switch v := v.(type) {
	case int:
		return v, true
	case int8:
		return int(v), true
	case int16:
		return int(v), true
	case int32:
		return int(v), true
	case int64:
		return int(v), true
	case uint:
		return int(v), true
	case uint8:
		return int(v), true
	case uint16:
		return int(v), true
	case uint32:
		return int(v), true
	case uint64:
		return int(v), true
	}
	return 0, false
}

// CheckFuncs returns the functions messages may call, writing nothing,
// for checks that parse the catalogues' templates (i18ntest).
func CheckFuncs() template.FuncMap {
	return template.FuncMap{"n": func(string, any) string { return "" }}
}
