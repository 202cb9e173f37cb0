package bot

import "slices"

// Filled is a legal move as one of a game's forms filled in: the form's
// name and its values, an optional parameter left out absent.
type Filled struct {
	Form   string
	Values Values
}

// Listing derives the legal values of a game's form parameters from the
// list of its legal moves, so that autocomplete and menus ask one place.
type Listing struct {
	// Ways lists the legal moves of seat in st as forms filled in; a move
	// that fills a form in several ways (two sites, either typed first)
	// is listed once each way.
	Ways func(st State, seat int) []Filled
	// Read reads a value of parameter name as typed into its value as
	// Ways spells it; false when it does not read (it then narrows
	// nothing). Nil compares the values as they are.
	Read func(name, typed string) (string, bool)
}

// Legal is a Param.Legal for parameter name of form: its values among the
// ways of that form whose other values agree with v, in the order of
// domain. A value of v agrees with a way that has it, that leaves its
// parameter out or when it does not read.
func (l Listing) Legal(form, name string, domain []string) func(State, int, Values) []string {
	return func(st State, seat int, v Values) []string {
		found := map[string]bool{}
		for _, w := range l.Ways(st, seat) {
			if val := w.Values[name]; w.Form == form && val != "" && !found[val] && l.agrees(w.Values, v, name) {
				found[val] = true
			}
		}
		return slices.DeleteFunc(slices.Clone(domain), func(x string) bool { return !found[x] })
	}
}

// agrees reports whether the values v, but focused's, agree with a way.
func (l Listing) agrees(way, v Values, focused string) bool {
	for name, typed := range v {
		got, ok := way[name]
		if name == focused || !ok {
			continue
		}
		want, ok := typed, true
		if l.Read != nil {
			want, ok = l.Read(name, typed)
		}
		if ok && want != got {
			return false
		}
	}
	return true
}
