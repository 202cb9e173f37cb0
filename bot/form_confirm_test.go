package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
)

// asker asks before an add of 2x or 27: its answers make the add, go
// back, or bump instead; after an add of x9 it answers with values too
// long for a custom id.
type asker struct{}

func (asker) Confirm(a *Act, form string, v Values, line string) (*Question, error) {
	if v["ones"] == "9" {
		return &Question{Answers: []Answer{{Form: form, Values: Values{"tens": strings.Repeat("9", MaxLabel)}}}}, nil
	}
	if form != "add" || v["tens"] != "2" && v["tens"] != "0" || v["tens"] == "0" && v["ones"] != "27" {
		return nil, nil
	}
	return &Question{Content: "sure? " + line, Answers: []Answer{
		{Button: Button{Label: "yes"}, Form: form, Values: v},
		{Button: Button{Label: "back"}, Back: true},
		{Button: Button{Label: "bump"}, Form: "bump"},
	}}, nil
}

// buttonIDs lists the ids of a reply's buttons.
func buttonIDs(r Reply) []string {
	var out []string
	for _, row := range r.Message.Rows {
		for _, b := range row.Buttons {
			out = append(out, b.ID)
		}
	}
	return out
}

// TestFormsConfirm: a Confirmer's question replaces the move of a
// subcommand (privately) or of a chain's last menu (in its place, with
// Back to the page the value was chosen on); its answers make their moves
// without asking again.
func TestFormsConfirm(t *testing.T) {
	f := addForms()
	f.Confirm = asker{}
	board := Action{Kind: "sums", Game: "g", Position: 3}
	tests := []struct {
		name    string
		command map[string]string // a subcommand's options, or
		action  Action            // a component's action
		values  []string
		want    string // the move, or the question: private, update, buttons
	}{
		{"command, not asked", map[string]string{"tens": "1", "ones": "2"}, Action{}, nil, "move 12"},
		{"command typed with !, not asked", map[string]string{"tens": "2", "ones": "3", optionSure: "true"}, Action{}, nil, "move 23"},
		{"command, asked", map[string]string{"tens": "2", "ones": "3"}, Action{}, nil,
			"private true update false: sure? 23 [sums:g:v3:ok:add:2:3 sums:g:v3:ok:bump sums:g:v3:x]"},
		{"menu, asked", nil, board.With("add", "2"), []string{"4"},
			"private false update true: sure? 24 [sums:g:v3:ok:add:2:4 sums:g:v3:add+0:2 sums:g:v3:ok:bump sums:g:v3:x]"},
		{"menu's second page, asked", nil, board.With("add+1", "0"), []string{"27"},
			"private false update true: sure? 27 [sums:g:v3:ok:add:0:27 sums:g:v3:add+1:0 sums:g:v3:ok:bump sums:g:v3:x]"},
		{"menu, not asked", nil, board.With("add", "1"), []string{"4"}, "move 14"},
		{"an answer", nil, board.With(StepConfirm, "add", "2", "3"), nil, "move 23"},
		{"an answer of a form without values", nil, board.With(StepConfirm, "bump"), nil, "move 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := formAct(t)
			a.Board = board
			if tt.command != nil {
				a.Command, a.Request.Options = "add", tt.command
			} else {
				a.Action, a.Request.Values = &tt.action, tt.values
			}
			out, err := f.Act(context.Background(), a)
			if err != nil {
				t.Fatal(err)
			}
			got := "move " + out.Move
			if out.Move == "" {
				r := out.Reply
				got = "private " + boolWord(r.Private) + " update " + boolWord(r.Update) + ": " + r.Message.Content + " [" + strings.Join(buttonIDs(r), " ") + "]"
			}
			if got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
	a := formAct(t)
	a.Command, a.Request.Options = "add", map[string]string{"tens": "1", "ones": "9"}
	if out, err := f.Act(context.Background(), a); err == nil {
		t.Errorf("an answer too long for a custom id: %+v, want an error", out)
	}
	for _, bad := range []struct {
		action Action
		values []string
	}{
		{board.With(StepConfirm), nil},
		{board.With(StepConfirm, "sub"), nil},
		{board.With(StepConfirm, "add", "1", "2", "3"), nil},
		{board.With(StepConfirm, "add", "1", "2"), []string{"3"}},
	} {
		a := formAct(t)
		a.Action, a.Request.Values = &bad.action, bad.values
		var re *rules.Error
		if _, err := f.Act(context.Background(), a); !errors.As(err, &re) || re.Code != Stale {
			t.Errorf("%s %v: %v, want a stale component", bad.action.ID(), bad.values, err)
		}
	}
}

func boolWord(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// TestParamHooks: a parameter's Prompt asks its menu's question, its
// Match narrows autocomplete, its Choices are the option's fixed ones.
func TestParamHooks(t *testing.T) {
	f := addForms()
	tens := &f.List[0].Params[0]
	tens.Prompt = func(_ *i18n.Printer, _ State, _ Values, n int) string { return strings.Repeat("?", n) }
	tens.Match = func(_ *i18n.Printer, typed string, c Choice) bool { return strings.HasSuffix(c.Name, typed) }
	f.List[1].Params = []Param{{Name: "by", Type: StringOption, Choices: []OptionChoice{{Label: "bot.button.hint", Value: "one"}}}}
	a := formAct(t)
	a.Action = &Action{Kind: "sums", Game: "g", Position: 3, Step: "add"}
	out, err := f.Act(context.Background(), a)
	if err != nil || out.Reply.Message.Content != "???" || out.Reply.Message.Rows[0].Menu.Placeholder != "???" {
		t.Errorf("the tens' menu: %+v, %v; want the Prompt's question", out.Reply.Message, err)
	}
	var got []string
	for _, c := range f.Choices(a.State, 0, "add", "tens", map[string]string{"tens": "0"}, a.Printer) {
		got = append(got, c.Value)
	}
	if !slices.Equal(got, []string{"0", "1", "2"}) {
		t.Errorf("tens typed 0: %v, want every label ending in 0", got)
	}
	if opt := f.Commands()[1].Options[0]; opt.Autocomplete || len(opt.Choices) != 1 || opt.Choices[0].Value != "one" {
		t.Errorf("bump's option: %+v, want its fixed choices", opt)
	}
}

// TestFormsTypedSure: a short form typed with a final "!", its own word
// or the end of the last, is made as it stands when the game asks before
// moves; a game that never asks reads the "!" as a word.
func TestFormsTypedSure(t *testing.T) {
	asking := addForms()
	asking.Confirm = asker{}
	tests := []struct {
		forms Forms
		line  string
		want  string
	}{
		{asking, "add 2 3!", "add map[!:true ones:3 tens:2]"},
		{asking, "add 2 3 !", "add map[!:true ones:3 tens:2]"},
		{asking, "add 2 3", "add map[ones:3 tens:2]"},
		{addForms(), "add 2 3!", "add map[ones:3! tens:2]"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			got, ok, err := tt.forms.Typed(nil, 0, strings.Fields(tt.line), nil)
			if said := fmt.Sprint(got.Command, " ", got.Options); !ok || err != nil || said != tt.want {
				t.Errorf("got %q, %v, %v; want %q", said, ok, err, tt.want)
			}
		})
	}
}
