package i18n

import "sync"

// PerLang builds a value once for each language of Langs with build, given
// that language's printer, and returns a lookup that falls back to
// English for a language it does not know: for what is worded once and
// used on every call (the labels of a game's images and films).
func PerLang[T any](c *Catalog, build func(*Printer) T) func(Lang) *T {
	built := map[Lang]*T{}
	for _, l := range Langs {
		v := build(c.Printer(l))
		built[l] = &v
	}
	return func(l Lang) *T {
		if v := built[l]; v != nil {
			return v
		}
		return built[English]
	}
}

// PerPrinter returns a lookup of build's value for a printer, built at the
// printer's first ask and kept (a catalogue has one printer a language):
// PerLang for code that is handed printers, not a catalogue. It is safe
// for concurrent use.
func PerPrinter[T any](build func(*Printer) T) func(*Printer) *T {
	var built sync.Map // *Printer -> *T
	return func(p *Printer) *T {
		if v, ok := built.Load(p); ok {
			return v.(*T)
		}
		v := build(p)
		kept, _ := built.LoadOrStore(p, &v)
		return kept.(*T)
	}
}
