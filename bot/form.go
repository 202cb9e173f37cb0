package bot

import (
	"maps"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/i18n"
)

// Form is one kind of move as a game declares it, once: its name, its
// parameters in the order they are asked, and how a filled form becomes
// the move. From its forms the host derives the game's subcommands and
// their autocomplete, the menu chains its buttons open, the terminal's
// short forms and the list of legal moves (see Forms).
type Form struct {
	// Name is the subcommand, the terminal's first word and the step of
	// the form's menu chain ("take").
	Name string
	// Aliases are further first words of the terminal's short form for
	// the form ("setup" for place), or words ("give up"); they name no
	// subcommand.
	Aliases []string
	// Usage, when set, is the message id of the short form as it is
	// written in the player's language (in English "take 2"):
	// words that begin with the form's name but do not fit it are answered
	// with it, instead of being no form.
	Usage string
	// Button is the message id of the label of the form's one button
	// under every board, which opens its menu chain; "" for none.
	Button string
	// Board, when set, lists the form's buttons under the board of st in
	// place of Button's, each with its label in p's language: none when it
	// is not the form's time, several with values set (one a pile).
	Board func(p *i18n.Printer, st State) []BoardButton
	// Params are the form's parameters, in the order they are asked.
	Params []Param
	// Make turns a filled form into the record line of seat's move in
	// st; an optional parameter left out is "" in v. A move the rules
	// forbid is a *rules.Error; Make need not check the values against
	// Param.Legal, since the rules do.
	Make func(st State, seat int, v Values) (string, error)
}

// Param is one parameter of a form.
type Param struct {
	// Name is the option's name ("stones"); its words are found by the
	// host as a subcommand option's are.
	Name string
	Type OptionType
	// Optional parameters come after every required one: a form may be
	// made without them (a subcommand's option left out, a short form's
	// last words).
	Optional bool
	// Ask is the message id of the menu's question when a chain asks for
	// this parameter ("takeaway.menu.take").
	Ask string
	// Legal lists the legal values of the parameter for seat in st, given
	// the values chosen for others in v: in a menu chain those before it,
	// in autocomplete every one filled in. Nil for a free value
	// (autocomplete then offers nothing). Values are short words without
	// a colon: they travel in custom ids.
	Legal func(st State, seat int, v Values) []string
	// Label says a value in p's language ("2 stones"); nil shows the
	// Option's label and description (asked with no values chosen), or
	// the value as it is.
	Label func(p *i18n.Printer, st State, value string) string
	// Option, when set, is the value as a menu of the chain shows it: a
	// label, a description and an emoji (its Value is filled in); nil
	// shows the Label.
	Option func(p *i18n.Printer, st State, v Values, value string) MenuOption
	// Menu, when set, lists the values a menu chain offers instead of
	// Legal's, which autocomplete keeps: those a menu of several before it
	// did not offer already.
	Menu func(st State, seat int, v Values) []string
	// Max, when set, is the most values the parameter's menu takes at once
	// given the values chosen before it; nil takes one, or with Join as
	// many as it lists. The parameter takes the first value chosen and
	// Spread the others, or Join makes its value of them all.
	Max func(st State, seat int, v Values) int
	// Spread sets in v the parameters after this one that the further
	// values of a menu of several give (see Max).
	Spread func(v Values, more []string)
	// Min, when set, is the fewest values the parameter's menu takes at
	// once given the values chosen before it; nil takes one.
	Min func(st State, seat int, v Values) int
	// Join, when set, makes the parameter's one value of all the values
	// its menu chose (see Max), in place of Spread; false when they make
	// none. Its menu may list a value more than once (two columns of one
	// colour): the host numbers them apart, and Join gets them as listed.
	Join func(values []string) (string, bool)
	// Check, when set, says why the parameter's menu cannot be asked
	// given the values chosen before it; nil when it can.
	Check func(st State, seat int, v Values) error
	// Placeholder, when set, is the placeholder of the parameter's menu
	// given the values chosen before it; nil clips the prompt.
	Placeholder func(p *i18n.Printer, st State, v Values) string
	// Offer, on an optional parameter, is what a menu chain asks when it
	// comes to it: make the move as it stands, or go on. Without it a
	// chain asks for every parameter.
	Offer *Offer
	// Prompt, when set, is the menu's question in full, given the values
	// chosen before it and the n values it offers; nil says Ask.
	Prompt func(p *i18n.Printer, st State, v Values, n int) string
	// Match, when set, says whether a choice is kept for what was typed
	// in autocomplete; nil keeps those whose value or label begin with it
	// (Matches).
	Match func(p *i18n.Printer, typed string, c Choice) bool
	// Choices are the fixed choices of a subcommand's option, without
	// autocomplete (Legal nil).
	Choices []OptionChoice
	// Read, when set, reads a value as typed (a subcommand's option, a
	// short form's word) into its value as Legal and Make spell it: a
	// colour in the asker's language as its letter. False when it does
	// not read: a short form then does not fit, and a subcommand's option
	// is left as typed for Make to refuse.
	Read func(p *i18n.Printer, typed string) (string, bool)
	// Lead, in a short form, lets one word stand before the value ("for"
	// in "exchange YY for RB"): there when more words are left than
	// parameters. Rest makes the last parameter's value every word left
	// ("on K2 K4 L1 turn 2").
	Lead, Rest bool
}

// Offer is a menu chain's question before an optional parameter. When the
// parameter's menu would be empty, the chain makes the move at once.
type Offer struct {
	// Question says the move as it stands and asks whether to go on, in
	// p's language, given the values chosen.
	Question func(p *i18n.Printer, st State, v Values) string
	// Stop and More are the message ids of its buttons' labels: the one
	// that makes the move as it stands, and the one that asks on.
	Stop, More string
}

// Values are a form's values by parameter name, as typed or chosen.
type Values map[string]string

// Forms gives a game what the host derives from its forms: Commands,
// Act, Choices, Typed, Buttons and Moves. A game embeds it and sets
// List; a game with a flow forms cannot express writes that method
// itself and calls the embedded one for the rest. List is never changed
// after the game is made.
type Forms struct {
	List []Form
	// Confirm, when set, is asked before every move of a form is made.
	Confirm Confirmer
}

// form returns the form named name.
func (f Forms) form(name string) (Form, bool) {
	i := slices.IndexFunc(f.List, func(x Form) bool { return x.Name == name })
	if i < 0 {
		return Form{}, false
	}
	return f.List[i], true
}

// Commands lists a subcommand a form, its parameters as required
// options, those with choices autocompleted.
func (f Forms) Commands() []CommandSpec {
	out := make([]CommandSpec, 0, len(f.List))
	for _, x := range f.List {
		spec := CommandSpec{Name: x.Name}
		for _, p := range x.Params {
			spec.Options = append(spec.Options, OptionSpec{Name: p.Name, Type: p.Type, Required: !p.Optional, Autocomplete: p.Legal != nil, Choices: p.Choices})
		}
		out = append(out, spec)
	}
	return out
}

// Choices lists the legal values of the focused option of a command for
// autocomplete, given the other options filled in and narrowed by what
// was typed in it; at most MaxChoices, each name clipped to MaxLabel.
func (f Forms) Choices(st State, seat int, command, focused string, options map[string]string, p *i18n.Printer) []Choice {
	x, ok := f.form(command)
	if !ok {
		return nil
	}
	i := slices.IndexFunc(x.Params, func(q Param) bool { return q.Name == focused })
	if i < 0 || x.Params[i].Legal == nil {
		return nil
	}
	others := Values{}
	for _, q := range x.Params {
		if v := options[q.Name]; q.Name != focused && v != "" {
			others[q.Name] = v
		}
	}
	q := x.Params[i]
	var out []Choice
	for _, c := range q.choices(q.Legal(st, seat, others), st, p) {
		if q.matches(p, options[focused], c) && len(out) < MaxChoices {
			out = append(out, c)
		}
	}
	return out
}

// choices returns the values legal with their labels, clipped to
// MaxLabel.
func (q Param) choices(legal []string, st State, p *i18n.Printer) []Choice {
	out := make([]Choice, len(legal))
	for i, val := range legal {
		name := val
		switch {
		case q.Label != nil:
			name = q.Label(p, st, val)
		case q.Option != nil:
			o := q.Option(p, st, nil, val)
			name = strings.Join(slices.DeleteFunc([]string{o.Label, o.Description}, func(s string) bool { return s == "" }), " · ")
		}
		out[i] = Choice{Name: Clip(name, MaxLabel), Value: val}
	}
	return out
}

// matches reports whether choice c is kept for what was typed.
func (q Param) matches(p *i18n.Printer, typed string, c Choice) bool {
	if q.Match != nil {
		return q.Match(p, strings.TrimSpace(typed), c)
	}
	return Matches(typed, c.Value, c.Name)
}

// prompt is the question of the parameter's menu of n values.
func (q Param) prompt(p *i18n.Printer, st State, v Values, n int) string {
	if q.Prompt != nil {
		return q.Prompt(p, st, v, n)
	}
	return p.T(q.Ask)
}

// Moves lists the legal moves of the seats to act as record lines: those
// the engine lists when it is a Lister, else every way of filling every
// form, in the forms' and the choices' order.
func (f Forms) Moves(st State) []string {
	if l, ok := st.(interface{ Legal() ([]string, bool) }); ok {
		if lines, ok := l.Legal(); ok {
			return lines
		}
	}
	var out []string
	for _, seat := range st.ToAct() {
		for _, x := range f.List {
			out = x.fill(st, seat, Values{}, out)
		}
	}
	return out
}

// required is the number of the form's required parameters.
func (x Form) required() int {
	n := 0
	for n < len(x.Params) && !x.Params[n].Optional {
		n++
	}
	return n
}

// fill adds to out the moves of seat made by filling the form's
// parameters after those in v in every legal way, and by leaving out the
// optional ones.
func (x Form) fill(st State, seat int, v Values, out []string) []string {
	i := len(v)
	if i >= x.required() {
		if line, err := x.Make(st, seat, v); err == nil {
			out = append(out, line)
		}
	}
	if i == len(x.Params) {
		return out
	}
	q := x.Params[i]
	if q.Legal == nil {
		return out // a free value: no list of its moves
	}
	for _, val := range q.Legal(st, seat, v) {
		next := maps.Clone(v)
		next[q.Name] = val
		out = x.fill(st, seat, next, out)
	}
	return out
}
