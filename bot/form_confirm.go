package bot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// StepConfirm is the step of a Question's answers: its arguments are the
// form's name and its values in the form's order.
const StepConfirm = "ok"

// Confirmer is a game whose moves may ask once more before they are made,
// a flow forms cannot express: a preview of the move with its image, a
// warning before a move that ends the game, a question with answers of its
// own (renew the camp or not). A game sets it as Forms.Confirm.
type Confirmer interface {
	// Confirm is asked before line, the move of form filled with v, is
	// made: from a subcommand (a.Action is nil; but for a short form typed
	// with a final "!", see Forms.Typed), from a board's button or from
	// the last menu of a chain. A nil Question makes the move; a
	// Question is shown instead, privately, in place of the menu it came
	// from. An answer of a Question makes its move without asking again.
	Confirm(a *Act, form string, v Values, line string) (*Question, error)
}

// Question is what a game asks before a move: its words, an image (nil:
// none) and its answers, one button each; the host adds Cancel.
type Question struct {
	Content string
	Image   *Image
	Answers []Answer
}

// Answer is a button of a Question (its ID is the host's): it makes the
// move of Form filled with Values, or, Back, returns to the page of the
// menu the question came from.
type Answer struct {
	Button
	Form   string
	Values Values
	Back   bool
}

// made makes the move of a filled form, unless the game asks first.
func (f Forms) made(a *Act, x Form, v Values) (Outcome, error) {
	line, err := x.Make(a.State, a.Seat, v)
	if err != nil {
		return Outcome{}, err
	}
	if f.Confirm == nil || a.Action == nil && a.Request.Option(optionSure) != "" {
		return Outcome{Move: line}, nil
	}
	q, err := f.Confirm.Confirm(a, x.Name, v, line)
	if err != nil || q == nil {
		return Outcome{Move: line}, err
	}
	update := a.Action != nil && (len(a.Request.Values) == 1 || strings.Contains(a.Action.Step, pageMark))
	m := Message{Content: q.Content, Image: q.Image}
	var buttons []Button
	base := Action{Kind: a.Board.Kind, Game: a.Board.Game, Position: a.Board.Position}
	for _, ans := range q.Answers {
		b := ans.Button
		switch {
		case ans.Back && update:
			b.ID = x.back(a, base, v).ID()
		case ans.Back:
			continue // no menu to go back to
		default:
			b.ID = base.With(StepConfirm, append([]string{ans.Form}, f.valuesOf(ans.Form, ans.Values)...)...).ID()
			if len(b.ID) > maxCustomID {
				return Outcome{}, fmt.Errorf("form %s: an answer's values do not fit in a custom id", ans.Form)
			}
		}
		buttons = append(buttons, b)
	}
	buttons = append(buttons, Button{ID: base.With(StepCancel).ID(), Label: a.Printer.T("bot.button.cancel"), Style: Secondary})
	m.Rows = []Row{{Buttons: buttons}}
	return Outcome{Reply: Reply{Private: !update, Update: update, Message: m}}, nil
}

// back is the action of the page of the menu where the last value of v
// was chosen.
func (x Form) back(a *Act, base Action, v Values) Action {
	n := len(a.Action.Args) // the values chosen before the menu
	q := x.Params[min(n, len(x.Params)-1)]
	args := make([]string, n)
	for i := range args {
		args[i] = v[x.Params[i].Name]
	}
	page := 0
	if q.Legal != nil {
		page = max(slices.Index(q.Legal(a.State, a.Seat, v), v[q.Name]), 0) / MaxChoices
	}
	return base.With(x.Name+pageMark+strconv.Itoa(page), args...)
}

// valuesOf lists v in the order of form's parameters.
func (f Forms) valuesOf(form string, v Values) []string {
	x, _ := f.form(form)
	out := make([]string, len(x.Params))
	for i, q := range x.Params {
		out[i] = v[q.Name]
	}
	return out
}

// confirmed makes the move of a Question's answer.
func (f Forms) confirmed(a *Act) (Outcome, error) {
	x, ok := f.form(a.Action.Arg(0))
	args := a.Action.Args
	if !ok || len(a.Request.Values) > 0 || len(args)-1 > len(x.Params) {
		return Outcome{}, BadComponent()
	}
	v := Values{}
	for i, val := range args[1:] {
		v[x.Params[i].Name] = val
	}
	line, err := x.Make(a.State, a.Seat, v)
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{Move: line}, nil
}
