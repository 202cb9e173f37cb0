package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// pageMark parts a form's step from the page of its menu: "take+1" is the
// second page of take's menu (the first is "take").
const pageMark = "+"

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
	}
	return f.made(a, x, v)
}

// chain answers a step of a form's menu chain.
func (f Forms) chain(a *Act) (Outcome, error) {
	if a.Action.Step == StepConfirm {
		return f.confirmed(a)
	}
	name, page := splitPage(a.Action.Step)
	x, ok := f.form(name)
	if !ok || page < 0 || len(a.Request.Values) > 1 {
		return Outcome{}, BadComponent()
	}
	args := a.Action.Args
	if len(a.Request.Values) == 1 {
		args = append(args[:len(args):len(args)], a.Request.Values[0])
	}
	if len(args) > len(x.Params) {
		return Outcome{}, BadComponent()
	}
	v := Values{}
	for i, val := range args {
		v[x.Params[i].Name] = val
	}
	if len(args) == len(x.Params) {
		return f.made(a, x, v)
	}
	m, err := x.menu(a, args, v, page)
	if err != nil {
		return Outcome{}, err
	}
	// The board's button opens a private menu; the menu's own components
	// replace it.
	update := len(a.Request.Values) == 1 || strings.Contains(a.Action.Step, pageMark)
	return Outcome{Reply: Reply{Private: !update, Update: update, Message: m}}, nil
}

// menu is the menu of the form's next parameter, at page page, with the
// buttons that turn its pages and Cancel.
func (x Form) menu(a *Act, args []string, v Values, page int) (Message, error) {
	q := x.Params[len(args)]
	if q.Legal == nil {
		return Message{}, BadComponent()
	}
	choices := q.choices(a.State, a.Seat, v, a.Printer)
	if len(choices) == 0 {
		return Message{}, NoSuchMove()
	}
	pages := (len(choices) + MaxChoices - 1) / MaxChoices
	page = min(page, pages-1)
	lo, hi := page*MaxChoices, min(len(choices), (page+1)*MaxChoices)
	opts := make([]MenuOption, 0, hi-lo)
	for _, c := range choices[lo:hi] {
		opts = append(opts, q.option(a, v, c))
	}
	base := Action{Kind: a.Action.Kind, Game: a.Action.Game, Position: a.Action.Position}
	menu := base.With(x.Name, args...)
	if len(menu.ID())+1+maxValueLen(choices) > maxCustomID {
		return Message{}, fmt.Errorf("form %s: its values do not fit in a custom id", x.Name)
	}
	ask := q.prompt(a.Printer, a.State, v, len(choices))
	rows := []Row{{Menu: &Menu{ID: menu.ID(), Placeholder: Clip(ask, MaxPlaceholder), Options: opts, Min: 1, Max: 1}}}
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

// splitPage reads a form's step and the page of its menu: "take+2" is
// take's third page; -1 for a page that is no number.
func splitPage(step string) (string, int) {
	name, page, ok := strings.Cut(step, pageMark)
	if !ok {
		return name, 0
	}
	n, err := strconv.Atoi(page)
	if err != nil || n < 0 {
		return name, -1
	}
	return name, n
}

// maxValueLen is the length of the longest value among choices.
func maxValueLen(choices []Choice) int {
	n := 0
	for _, c := range choices {
		n = max(n, len(c.Value))
	}
	return n
}
