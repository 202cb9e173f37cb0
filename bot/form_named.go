package bot

import (
	"slices"
	"strings"

	"github.com/tablebot/tablebot/i18n"
)

// Named is a parameter's fixed set of values, each said by messages in
// every language: Menara's colours by their letter ("R") and their name
// ("roja"), its piles by the words of a card's and of a pile's colour.
// Its Read and Match let players type and find a value in their own
// words as well as in the record's. Invariant: Keys is nil or as long as
// Values.
type Named struct {
	// Values are the values as the forms and the records spell them
	// ("Y", "R"...).
	Values []string
	// Keys name the values in message ids and in English words
	// ("yellow"), one a value; nil when the values are their keys.
	Keys []string
	// Words are the message id prefixes whose messages say a value
	// (prefix + key: "menara.render.colour.yellow").
	Words []string
}

// key returns the key of value i.
func (n Named) key(i int) string {
	if n.Keys == nil {
		return n.Values[i]
	}
	return n.Keys[i]
}

// names returns every way value i is written: the value, its key and
// its words in p's language.
func (n Named) names(p *i18n.Printer, i int) []string {
	out := []string{n.Values[i], n.key(i)}
	if p == nil {
		return out
	}
	for _, w := range n.Words {
		out = append(out, p.T(w+n.key(i)))
	}
	return out
}

// Read is a Param.Read: a value typed as the record spells it, as its
// key, or as one of its words in the asker's language, in any case,
// becomes the value. Other words stay as typed, for the form's Make to
// refuse in its own words.
func (n Named) Read(p *i18n.Printer, typed string) (string, bool) {
	s := strings.TrimSpace(typed)
	for i := range n.Values {
		if slices.ContainsFunc(n.names(p, i), func(w string) bool { return strings.EqualFold(w, s) }) {
			return n.Values[i], true
		}
	}
	return typed, true
}

// Match is a Param.Match: a choice is kept when one of its value's names
// begins with what was typed.
func (n Named) Match(p *i18n.Printer, typed string, c Choice) bool {
	i := slices.Index(n.Values, c.Value)
	if i < 0 {
		return Matches(typed, c.Value, c.Name)
	}
	return Matches(typed, n.names(p, i)...)
}
