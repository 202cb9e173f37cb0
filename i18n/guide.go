package i18n

import "strconv"

// Guide returns the rules guide (the answer to /shangrila rules) in the
// printer's language: the messages guide.1, guide.2, ... in order, up to
// the first id the catalogues lack. Each section is one Discord message,
// so each stays under Discord's 2000 characters (a test checks it).
// guide.title names the whole guide.
func (p *Printer) Guide() []string {
	var out []string
	for i := 1; ; i++ {
		id := "guide." + strconv.Itoa(i)
		s := p.T(id)
		if s == id {
			return out
		}
		out = append(out, s)
	}
}
