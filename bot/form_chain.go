package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// Marks of a form's step: "take+1" is the second page of take's menu
// (the first is "take", or "take+0" when an Offer went on to it), and
// "take!" makes the move as it stands when an Offer was asked.
const (
	pageMark = "+"
	stopMark = "!"
)

// Act makes the move of a form's subcommand, or answers a step of a
// form's menu chain: the board's button opens a private menu of the first
// parameter's legal values, each choice replaces it with the next
// parameter's menu, and the last choice makes the move. The values chosen
// so far travel in the menu's custom id; more than MaxChoices values are
// paged.
func (f Forms) Act(ctx context.Context, a *Act) (Outcome, error) {
	if a.Action == nil {
		return f.command(a)
	}
	return f.chain(a)
}

// command makes the move of a form's subcommand from its options.
func (f Forms) command(a *Act) (Outcome, error) {
	x, ok := f.form(a.Command)
	if !ok {
		return Outcome{}, NoSuchMove()
	}
	v := Values{}
	for _, q := range x.Params {
		v[q.Name] = strings.TrimSpace(a.Request.Option(q.Name))
		if q.Read != nil {
			if val, ok := q.Read(a.Printer, v[q.Name]); ok {
				v[q.Name] = val
			}
		}
	}
	return f.made(a, x, v)
}

// chain answers a step of a form's menu chain.
func (f Forms) chain(a *Act) (Outcome, error) {
	if a.Action.Step == StepConfirm {
		return f.confirmed(a)
	}
	name, page, stop := splitStep(a.Action.Step)
	x, ok := f.form(name)
	if !ok || page < 0 || len(a.Action.Args) > len(x.Params) {
		return Outcome{}, BadComponent()
	}
	v := Values{}
	for i, val := range a.Action.Args {
		v[x.Params[i].Name] = val
	}
	args, chose := a.Action.Args, len(a.Request.Values) > 0
	if chose {
		if stop || len(args) == len(x.Params) || !x.Params[len(args)].take(a, v, a.Request.Values) {
			return Outcome{}, BadComponent()
		}
		args = x.args(v)
	}
	switch {
	case stop && len(args) < x.required():
		return Outcome{}, BadComponent()
	case stop || len(args) == len(x.Params):
		return f.made(a, x, v)
	case chose && x.Params[len(args)].Offer != nil:
		return f.offer(a, x, args, v)
	}
	m, err := x.menu(a, args, v, page)
	if err != nil {
		return Outcome{}, err
	}
	// The board's button opens a private menu; the menu's own components
	// replace it.
	update := chose || strings.Contains(a.Action.Step, pageMark)
	return Outcome{Reply: Reply{Private: !update, Update: update, Message: m}}, nil
}

// take sets the parameter in v from the values its menu chose: one, or
// from its Min to its Max, joined or the others spread; false when they
// are too many or too few, or were not offered.
func (q Param) take(a *Act, v Values, values []string) (ok bool) {
	if len(values) > q.most(a, v) || len(values) < q.least(a, v) {
		return false
	}
	if q.Join != nil {
		listed, chosen := q.listed(q.menuValues(a, v)), make([]string, len(values))
		for i, id := range values {
			if chosen[i], ok = listed[id]; !ok {
				return false // not offered
			}
		}
		v[q.Name], ok = q.Join(chosen)
		return ok
	}
	if len(values) > 1 && q.Spread == nil {
		return false
	}
	v[q.Name] = values[0]
	if len(values) > 1 {
		q.Spread(v, values[1:])
	}
	return true
}

// most is the most values the parameter's menu takes at once.
func (q Param) most(a *Act, v Values) int {
	switch {
	case q.Max == nil && q.Join != nil:
		return max(len(q.menuValues(a, v)), 1)
	case q.Max == nil:
		return 1
	}
	return max(q.Max(a.State, a.Seat, v), 1)
}

// least is the fewest values the parameter's menu takes at once.
func (q Param) least(a *Act, v Values) int {
	if q.Min == nil {
		return 1
	}
	return max(q.Min(a.State, a.Seat, v), 1)
}

// placeholder is the placeholder of the parameter's menu that asks ask.
func (q Param) placeholder(a *Act, v Values, ask string) string {
	if q.Placeholder != nil {
		ask = q.Placeholder(a.Printer, a.State, v)
	}
	return Clip(ask, MaxPlaceholder)
}

// menuValues are the values the parameter's menu offers.
func (q Param) menuValues(a *Act, v Values) []string {
	if q.Menu != nil {
		return q.Menu(a.State, a.Seat, v)
	}
	return q.Legal(a.State, a.Seat, v)
}

// ids are the values of a menu as its options give them back: as listed,
// but for a parameter with Join, whose values may repeat, each numbered
// by its place among its repeats ("Y0", "Y1", "R0"): a menu's options
// differ.
func (q Param) ids(values []string) []string {
	if q.Join == nil {
		return values
	}
	seen := map[string]int{}
	out := make([]string, len(values))
	for i, val := range values {
		out[i] = val + strconv.Itoa(seen[val])
		seen[val]++
	}
	return out
}

// listed maps the ids of a menu's values back to the values.
func (q Param) listed(values []string) map[string]string {
	out := make(map[string]string, len(values))
	for i, id := range q.ids(values) {
		out[id] = values[i]
	}
	return out
}

// args are the values of v of the form's parameters in order, up to the
// first left out: what its chain's custom ids carry.
func (x Form) args(v Values) []string {
	var out []string
	for _, q := range x.Params {
		val, ok := v[q.Name]
		if !ok {
			break
		}
		out = append(out, val)
	}
	return out
}

// offer asks, before the optional parameter after args, whether to make
// the move as it stands or go on to its menu; a parameter with nothing to
// offer makes the move at once.
func (f Forms) offer(a *Act, x Form, args []string, v Values) (Outcome, error) {
	q := x.Params[len(args)]
	if q.Legal == nil || len(q.menuValues(a, v)) == 0 {
		return f.made(a, x, v)
	}
	base := Action{Kind: a.Action.Kind, Game: a.Action.Game, Position: a.Action.Position}
	buttons := []Button{
		{ID: base.With(x.Name+stopMark, args...).ID(), Label: a.Printer.T(q.Offer.Stop), Style: Success},
		{ID: base.With(x.Name+pageMark+"0", args...).ID(), Label: a.Printer.T(q.Offer.More), Style: Primary},
		{ID: base.With(StepCancel).ID(), Label: a.Printer.T("bot.button.cancel"), Style: Secondary},
	}
	if len(buttons[1].ID) > maxCustomID {
		return Outcome{}, fmt.Errorf("form %s: its values do not fit in a custom id", x.Name)
	}
	m := Message{Content: q.Offer.Question(a.Printer, a.State, v), Rows: []Row{{Buttons: buttons}}}
	return Outcome{Reply: Reply{Update: true, Message: m}}, nil
}

// menu is the menu of the form's next parameter, at page page, with the
// buttons that turn its pages and Cancel.
func (x Form) menu(a *Act, args []string, v Values, page int) (Message, error) {
	q := x.Params[len(args)]
	if q.Legal == nil {
		return Message{}, BadComponent()
	}
	if q.Check != nil {
		if err := q.Check(a.State, a.Seat, v); err != nil {
			return Message{}, err
		}
	}
	values := q.menuValues(a, v)
	choices, ids := q.choices(values, a.State, a.Printer), q.ids(values)
	if len(choices) == 0 {
		return Message{}, NoSuchMove()
	}
	pages := (len(choices) + MaxChoices - 1) / MaxChoices
	page = min(page, pages-1)
	lo, hi := page*MaxChoices, min(len(choices), (page+1)*MaxChoices)
	opts := make([]MenuOption, 0, hi-lo)
	for i, c := range choices[lo:hi] {
		o := q.option(a, v, c)
		o.Value = ids[lo+i]
		opts = append(opts, o)
	}
	base := Action{Kind: a.Action.Kind, Game: a.Action.Game, Position: a.Action.Position}
	menu := base.With(x.Name, args...)
	if len(menu.ID())+1+maxValueLen(ids) > maxCustomID {
		return Message{}, fmt.Errorf("form %s: its values do not fit in a custom id", x.Name)
	}
	ask := q.prompt(a.Printer, a.State, v, len(choices))
	most := min(q.most(a, v), len(opts))
	rows := []Row{{Menu: &Menu{ID: menu.ID(), Placeholder: q.placeholder(a, v, ask), Options: opts, Min: min(q.least(a, v), most), Max: most}}}
	buttons := pageButtons(a, base, x.Name, args, page, pages)
	buttons = append(buttons, Button{ID: base.With(StepCancel).ID(), Label: a.Printer.T("bot.button.cancel"), Style: Secondary})
	rows = append(rows, Row{Buttons: buttons})
	return Message{Content: ask, Rows: rows}, nil
}

// option is a choice as a menu shows it: the parameter's Option, clipped,
// or its label.
func (q Param) option(a *Act, v Values, c Choice) MenuOption {
	if q.Option == nil {
		return MenuOption{Label: c.Name, Value: c.Value}
	}
	o := q.Option(a.Printer, a.State, v, c.Value)
	o.Label, o.Description, o.Value = Clip(o.Label, MaxLabel), Clip(o.Description, MaxLabel), c.Value
	return o
}

// pageButtons are the buttons to the previous and the next page of a
// menu of pages pages; none for a menu of one page.
func pageButtons(a *Act, base Action, name string, args []string, page, pages int) []Button {
	if pages <= 1 {
		return nil
	}
	step := func(k int) string { return name + pageMark + strconv.Itoa(k) }
	return []Button{
		{ID: base.With(step(max(page-1, 0)), args...).ID(), Label: "◀", Style: Secondary, Disabled: page == 0},
		{ID: base.With(step(min(page+1, pages-1)), args...).ID(), Label: "▶", Style: Secondary, Disabled: page == pages-1},
	}
}

// splitStep reads a form's step, the page of its menu and whether it
// stops: "take+2" is take's third page, "take!" stops; the page is -1
// when it is no number.
func splitStep(step string) (string, int, bool) {
	if name, ok := strings.CutSuffix(step, stopMark); ok {
		return name, 0, true
	}
	name, page, ok := strings.Cut(step, pageMark)
	if !ok {
		return name, 0, false
	}
	n, err := strconv.Atoi(page)
	if err != nil || n < 0 {
		return name, -1, false
	}
	return name, n, false
}

// maxValueLen is the length of the longest of values.
func maxValueLen(values []string) int {
	n := 0
	for _, val := range values {
		n = max(n, len(val))
	}
	return n
}
