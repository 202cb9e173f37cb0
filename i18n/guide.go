package i18n

import "strconv"

// Sections returns a text in sections, one message each, in the printer's
// language: the messages prefix.1, prefix.2, ... in order, up to the first
// id the catalogues lack. A game's rules guide is one ("guide.1", ...):
// each section is one Discord message, so each stays under Discord's 2000
// characters (the catalogue tests check it).
func (p *Printer) Sections(prefix string) []string {
	var out []string
	for i := 1; ; i++ {
		id := prefix + "." + strconv.Itoa(i)
		s := p.T(id)
		if s == id {
			return out
		}
		out = append(out, s)
	}
}
