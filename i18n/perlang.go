package i18n

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
