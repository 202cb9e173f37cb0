package bot

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
)

// addForms are the forms of a game on the sums engine (see replay_test):
// "add" asks tens (0 to 2), then ones: 0 to 29 after tens 0 (two pages of
// a menu), 0 to 4 otherwise; "bump" adds 1 and has no button.
func addForms() Forms {
	tens := Param{Name: "tens", Type: IntegerOption, Ask: "bot.button.hint",
		Legal: func(State, int, Values) []string { return []string{"0", "1", "2"} },
		Label: func(p *i18n.Printer, _ State, v string) string { return v + "0" },
		Option: func(p *i18n.Printer, _ State, _ Values, v string) MenuOption {
			return MenuOption{Label: v + " tens", Description: strings.Repeat("long ", 30), Emoji: "🔟"}
		}}
	ones := Param{Name: "ones", Type: IntegerOption, Ask: "bot.button.hint",
		Legal: func(_ State, _ int, v Values) []string {
			n := 5
			if v["tens"] == "0" {
				n = 30
			}
			out := make([]string, n)
			for i := range out {
				out[i] = strconv.Itoa(i)
			}
			return out
		}}
	add := Form{Name: "add", Aliases: []string{"plus"}, Button: "bot.button.hint", Params: []Param{tens, ones},
		Make: func(_ State, _ int, v Values) (string, error) {
			t, err1 := strconv.Atoi(v["tens"])
			o, err2 := strconv.Atoi(v["ones"])
			if err := errors.Join(err1, err2); err != nil {
				return "", rules.Errorf(rules.Invalid, "bot.err.no-such-move", nil, "not a number")
			}
			return strconv.Itoa(10*t + o), nil
		}}
	bump := Form{Name: "bump", Make: func(State, int, Values) (string, error) { return "1", nil }}
	return Forms{List: []Form{add, bump}}
}

// formAct is an Act on a fresh sums game for seat 0, in English.
func formAct(t *testing.T) *Act {
	t.Helper()
	cat, err := i18n.New()
	if err != nil {
		t.Fatal(err)
	}
	return &Act{Request: &Request{}, State: NewReplay[int, int, int](sums{}, 0), Printer: cat.Printer(i18n.English)}
}

func TestFormsCommands(t *testing.T) {
	got := addForms().Commands()
	want := []CommandSpec{
		{Name: "add", Options: []OptionSpec{{Name: "tens", Type: IntegerOption, Required: true, Autocomplete: true}, {Name: "ones", Type: IntegerOption, Required: true, Autocomplete: true}}},
		{Name: "bump"},
	}
	if len(got) != len(want) {
		t.Fatalf("Commands = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i].Name != want[i].Name || !reflect.DeepEqual(got[i].Options, want[i].Options) {
			t.Errorf("command %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestFormsChoices(t *testing.T) {
	a := formAct(t)
	tests := []struct {
		name, command, focused string
		options                map[string]string
		want                   []string
	}{
		{"first parameter, labelled", "add", "tens", nil, []string{"00:0", "10:1", "20:2"}},
		{"narrowed by what was typed", "add", "tens", map[string]string{"tens": "2"}, []string{"20:2"}},
		{"by the values before it", "add", "ones", map[string]string{"tens": "1"}, []string{"0:0", "1:1", "2:2", "3:3", "4:4"}},
		{"at most MaxChoices", "add", "ones", map[string]string{"tens": "0"}, nil},
		{"no such option", "add", "hundreds", nil, nil},
		{"no such command", "sub", "tens", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := addForms().Choices(a.State, 0, tt.command, tt.focused, tt.options, a.Printer)
			if tt.name == "at most MaxChoices" {
				if len(got) != MaxChoices {
					t.Errorf("%d choices, want %d", len(got), MaxChoices)
				}
				return
			}
			var names []string
			for _, c := range got {
				names = append(names, c.Name+":"+c.Value)
			}
			if !slices.Equal(names, tt.want) {
				t.Errorf("Choices = %v, want %v", names, tt.want)
			}
		})
	}
}

func TestFormsTyped(t *testing.T) {
	tests := []struct {
		words   []string
		ok      bool
		command string
		want    map[string]string
	}{
		{[]string{"add", "1", "2"}, true, "add", map[string]string{"tens": "1", "ones": "2"}},
		{[]string{"bump"}, true, "bump", map[string]string{}},
		{[]string{"ADD", "1", "2"}, true, "add", map[string]string{"tens": "1", "ones": "2"}},
		{[]string{"Plus", "1", "2"}, true, "add", map[string]string{"tens": "1", "ones": "2"}},
		{[]string{"add", "1"}, false, "", nil},
		{[]string{"sub", "1", "2"}, false, "", nil},
		{nil, false, "", nil},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.words, " "), func(t *testing.T) {
			got, ok, err := addForms().Typed(nil, 0, tt.words, nil)
			if err != nil || ok != tt.ok {
				t.Fatalf("Typed = %+v, %v, %v; want ok %v", got, ok, err, tt.ok)
			}
			if ok && (got.Command != tt.command || len(got.Options) != len(tt.want)) {
				t.Errorf("Typed = %+v, want %s %v", got, tt.command, tt.want)
			}
			for k, v := range tt.want {
				if got.Options[k] != v {
					t.Errorf("option %s = %q, want %q", k, got.Options[k], v)
				}
			}
		})
	}
}

// TestFormsTypedWords checks the short form's words: an alias of two
// words, a Lead word, the Rest of the words, Read, and Usage when the
// words name the form but do not fit it.
func TestFormsTypedWords(t *testing.T) {
	upper := func(_ *i18n.Printer, s string) (string, bool) { return strings.ToUpper(s), s != "x" }
	say := Form{Name: "say", Aliases: []string{"say it"}, Usage: "say A to B words", Params: []Param{
		{Name: "a", Read: upper}, {Name: "b", Lead: true}, {Name: "c", Rest: true, Optional: true},
	}}
	f := Forms{List: []Form{say}}
	tests := []struct{ line, want string }{
		{"say a b", "say map[a:A b:b]"},
		{"say a to b", "say map[a:A b:to c:b]"}, // no more words than values: no Lead
		{"say a to b all the rest", "say map[a:A b:b c:all the rest]"},
		{"SAY IT a b", "say map[a:A b:b]"},
		{"say it", "invalid: write it so: say A to B words"},
		{"say x b", "invalid: write it so: say A to B words"},
		{"say a", "invalid: write it so: say A to B words"},
		{"sing a b", "not a form"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			got, ok, err := f.Typed(nil, 0, strings.Fields(tt.line), nil)
			said := fmt.Sprint(got.Command, " ", got.Options)
			switch {
			case err != nil:
				said = fmt.Sprint(rules.ErrorCode(err), ": ", err)
			case !ok:
				said = "not a form"
			}
			if said != tt.want {
				t.Errorf("got %q, want %q", said, tt.want)
			}
		})
	}
}

// TestLabelOfOption checks that a parameter without a Label names its
// choices by its Option: the label and the description, when there is one.
func TestLabelOfOption(t *testing.T) {
	q := Param{Name: "n", Option: func(_ *i18n.Printer, _ State, v Values, val string) MenuOption {
		if v != nil {
			t.Errorf("Option asked with values %v", v)
		}
		if val == "1" {
			return MenuOption{Label: "one"}
		}
		return MenuOption{Label: "two", Description: "a pair"}
	}}
	got := q.choices([]string{"1", "2"}, nil, nil)
	if want := []Choice{{Name: "one", Value: "1"}, {Name: "two · a pair", Value: "2"}}; !slices.Equal(got, want) {
		t.Errorf("choices = %v, want %v", got, want)
	}
}

func TestFormsMoves(t *testing.T) {
	got := addForms().Moves(NewReplay[int, int, int](sums{}, 0))
	if want := 30 + 5 + 5 + 1; len(got) != want {
		t.Fatalf("%d moves, want %d: %v", len(got), want, got)
	}
	if got[0] != "0" || got[29] != "29" || got[30] != "10" || got[39] != "24" || got[40] != "1" {
		t.Errorf("moves = %v", got)
	}
}

// TestFormsChain follows the menu chain of add from the board's button:
// a private menu of tens, then ones in the same message (two pages after
// tens 0), then the move.
func TestFormsChain(t *testing.T) {
	f := addForms()
	board := Action{Kind: "sums", Game: "g", Position: 3}
	step := func(a *Act, action Action, values ...string) Outcome {
		t.Helper()
		a.Action, a.Request.Values = &action, values
		out, err := f.Act(context.Background(), a)
		if err != nil {
			t.Fatalf("%s %v: %v", action.ID(), values, err)
		}
		return out
	}
	a := formAct(t)
	open := step(a, board.With("add"))
	if !open.Reply.Private || open.Reply.Update || open.Move != "" {
		t.Fatalf("the button: %+v, want a new private menu", open.Reply)
	}
	menu := open.Reply.Message.Rows[0].Menu
	if menu.ID != "sums:g:v3:add" || len(menu.Options) != 3 || open.Reply.Message.Rows[1].Buttons[0].ID != "sums:g:v3:x" {
		t.Fatalf("the tens' menu: %+v, %+v", menu, open.Reply.Message.Rows[1])
	}
	if o := menu.Options[1]; o.Label != "1 tens" || o.Value != "1" || o.Emoji != "🔟" || len([]rune(o.Description)) != MaxLabel {
		t.Errorf("a menu's option: %+v, want the Param's Option, its description clipped", o)
	}
	ones := step(a, board.With("add"), "0")
	if !ones.Reply.Update || ones.Reply.Message.Rows[0].Menu.ID != "sums:g:v3:add:0" || len(ones.Reply.Message.Rows[0].Menu.Options) != MaxChoices {
		t.Fatalf("the ones' menu: %+v", ones.Reply)
	}
	pager := ones.Reply.Message.Rows[1].Buttons
	if len(pager) != 3 || !pager[0].Disabled || pager[1].ID != "sums:g:v3:add+1:0" {
		t.Fatalf("the pages' buttons: %+v", pager)
	}
	next := step(a, board.With("add+1", "0"))
	if !next.Reply.Update || len(next.Reply.Message.Rows[0].Menu.Options) != 5 || next.Reply.Message.Rows[0].Menu.Options[0].Value != "25" {
		t.Fatalf("the second page: %+v", next.Reply)
	}
	if done := step(a, board.With("add", "0"), "27"); done.Move != "27" {
		t.Errorf("the move: %+v, want 27", done)
	}
	if done := step(a, board.With("add", "2"), "4"); done.Move != "24" {
		t.Errorf("the move: %+v, want 24", done)
	}
}

func TestFormsBadComponents(t *testing.T) {
	board := Action{Kind: "sums", Game: "g", Position: 3}
	tests := []struct {
		name   string
		action Action
		values []string
	}{
		{"no such form", board.With("sub"), nil},
		{"a page that is no number", board.With("add+x"), nil},
		{"too many values", board.With("add", "1", "2"), []string{"3"}},
		{"two values at once", board.With("add"), []string{"1", "2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := formAct(t)
			a.Action, a.Request.Values = &tt.action, tt.values
			_, err := addForms().Act(context.Background(), a)
			var re *rules.Error
			if !errors.As(err, &re) || re.Code != Stale {
				t.Errorf("Act = %v, want a stale component", err)
			}
		})
	}
}

func TestFormsCommand(t *testing.T) {
	a := formAct(t)
	a.Command, a.Request.Options = "add", map[string]string{"tens": "2", "ones": " 3 "}
	if out, err := addForms().Act(context.Background(), a); err != nil || out.Move != "23" {
		t.Errorf("add tens:2 ones:3 = %+v, %v; want the move 23", out, err)
	}
	a.Request.Options["ones"] = "x"
	if _, err := addForms().Act(context.Background(), a); err == nil {
		t.Error("add ones:x was made")
	}
}

// pairForms has one form, pair: a (1 or 2) and, optionally, b (3 or 4;
// only 3 after a 2, and only 4 where a is 1: autocomplete narrows a by b).
func pairForms() Forms {
	a := Param{Name: "a", Type: IntegerOption, Legal: func(_ State, _ int, v Values) []string {
		if v["b"] == "4" {
			return []string{"1"}
		}
		return []string{"1", "2"}
	}}
	b := Param{Name: "b", Type: IntegerOption, Optional: true, Legal: func(_ State, _ int, v Values) []string {
		if v["a"] == "2" {
			return []string{"3"}
		}
		return []string{"3", "4"}
	}}
	return Forms{List: []Form{{Name: "pair", Params: []Param{a, b}, Make: func(_ State, _ int, v Values) (string, error) {
		return strings.TrimSpace(v["a"] + " " + v["b"]), nil
	}}}}
}

func TestFormsOptional(t *testing.T) {
	f := pairForms()
	if got := f.Commands()[0].Options; !got[0].Required || got[1].Required {
		t.Errorf("options %+v: a required, b not", got)
	}
	for _, tt := range []struct {
		words []string
		ok    bool
	}{{[]string{"pair"}, false}, {[]string{"pair", "1"}, true}, {[]string{"pair", "1", "3"}, true}, {[]string{"pair", "1", "3", "5"}, false}} {
		if _, ok, _ := f.Typed(nil, 0, tt.words, nil); ok != tt.ok {
			t.Errorf("Typed %v: ok %v, want %v", tt.words, ok, tt.ok)
		}
	}
	if got, want := f.Moves(NewReplay[int, int, int](sums{}, 0)), []string{"1", "1 3", "1 4", "2", "2 3"}; !slices.Equal(got, want) {
		t.Errorf("Moves = %v, want %v", got, want)
	}
	a := formAct(t)
	var got []string
	for _, c := range f.Choices(a.State, 0, "pair", "a", map[string]string{"b": "4"}, a.Printer) {
		got = append(got, c.Value)
	}
	if !slices.Equal(got, []string{"1"}) {
		t.Errorf("a's choices with b 4 = %v, want [1]: autocomplete narrows by every option filled in", got)
	}
	a.Command, a.Request.Options = "pair", map[string]string{"a": "2"}
	if out, err := f.Act(context.Background(), a); err != nil || out.Move != "2" {
		t.Errorf("pair a:2 = %+v, %v; want the move 2", out, err)
	}
}

// pickForms has one form, pick: first (1 to 3; its menu takes two at
// once, the second value being second's) and, optionally, second (1 to 3;
// its menu leaves out first's value, and a chain offers to stop before
// it). The move is the digits chosen: "13".
func pickForms() Forms {
	digits := func(State, int, Values) []string { return []string{"1", "2", "3"} }
	first := Param{Name: "first", Type: IntegerOption, Ask: "bot.button.hint", Legal: digits,
		Max:    func(State, int, Values) int { return 2 },
		Spread: func(v Values, more []string) { v["second"] = more[0] }}
	second := Param{Name: "second", Type: IntegerOption, Optional: true, Ask: "bot.button.hint", Legal: digits,
		Menu: func(_ State, _ int, v Values) []string {
			if v["first"] == "3" {
				return nil
			}
			return slices.DeleteFunc(digits(nil, 0, nil), func(x string) bool { return x == v["first"] })
		},
		Offer: &Offer{Question: func(_ *i18n.Printer, _ State, v Values) string { return "only " + v["first"] + "?" },
			Stop: "bot.button.hint", More: "bot.button.cancel"}}
	return Forms{List: []Form{{Name: "pick", Button: "bot.button.hint", Params: []Param{first, second},
		Make: func(_ State, _ int, v Values) (string, error) { return v["first"] + v["second"], nil }}}}
}

// TestFormsOffer follows pick's chain: a menu of several values, the
// question before an optional parameter, its two ways on, and a move made
// at once when the optional parameter's menu would be empty.
func TestFormsOffer(t *testing.T) {
	board := Action{Kind: "sums", Game: "g", Position: 3}
	tests := []struct {
		name    string
		action  Action
		values  []string
		move    string // the move made, or
		content string // the menu's or the question's words
		ids     []string
		max     int // the menu's Max
	}{
		{name: "the button: first's menu, two at once", action: board.With("pick"), content: "Hint", ids: []string{"sums:g:v3:pick", "sums:g:v3:x"}, max: 2},
		{name: "two values: the second spread", action: board.With("pick"), values: []string{"1", "2"}, move: "12"},
		{name: "one value: the offer", action: board.With("pick"), values: []string{"1"}, content: "only 1?",
			ids: []string{"sums:g:v3:pick!:1", "sums:g:v3:pick+0:1", "sums:g:v3:x"}},
		{name: "the offer's stop", action: board.With("pick!", "1"), move: "1"},
		{name: "the offer's more: second's menu without first's value", action: board.With("pick+0", "1"), content: "Hint",
			ids: []string{"sums:g:v3:pick:1", "sums:g:v3:x"}, max: 1},
		{name: "second chosen", action: board.With("pick", "1"), values: []string{"3"}, move: "13"},
		{name: "nothing to offer: the move at once", action: board.With("pick"), values: []string{"3"}, move: "3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := formAct(t)
			a.Action, a.Request.Values = &tt.action, tt.values
			out, err := pickForms().Act(context.Background(), a)
			if err != nil {
				t.Fatal(err)
			}
			if out.Move != tt.move {
				t.Fatalf("move %q, want %q (%+v)", out.Move, tt.move, out.Reply)
			}
			if tt.move != "" {
				return
			}
			m := out.Reply.Message
			var ids []string
			got := 0
			for _, r := range m.Rows {
				if r.Menu != nil {
					ids, got = append(ids, r.Menu.ID), r.Menu.Max
				}
				for _, b := range r.Buttons {
					ids = append(ids, b.ID)
				}
			}
			if m.Content != tt.content || !slices.Equal(ids, tt.ids) || got != tt.max {
				t.Errorf("got %q %v max %d, want %q %v max %d", m.Content, ids, got, tt.content, tt.ids, tt.max)
			}
			if update := len(tt.values) > 0 || strings.Contains(tt.action.Step, "+"); out.Reply.Update != update || out.Reply.Private == update {
				t.Errorf("reply %+v: want an update %v", out.Reply, update)
			}
		})
	}
}

func TestFormsOfferBadComponents(t *testing.T) {
	board := Action{Kind: "sums", Game: "g", Position: 3}
	tests := []struct {
		name   string
		action Action
		values []string
	}{
		{"stop before the required values", board.With("pick!"), nil},
		{"stop with a value", board.With("pick!", "1"), []string{"2"}},
		{"more values than Max", board.With("pick"), []string{"1", "2", "3"}},
		{"several values without Max", board.With("pick", "1"), []string{"2", "3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := formAct(t)
			a.Action, a.Request.Values = &tt.action, tt.values
			_, err := pickForms().Act(context.Background(), a)
			var re *rules.Error
			if !errors.As(err, &re) || re.Code != Stale {
				t.Errorf("Act = %v, want a stale component", err)
			}
		})
	}
}

// swapForms has one form, swap: give, some of the digits 1 to 3 chosen
// in one menu and joined ("13"), then take, as many of 7 to 9 at once
// (its menu refuses a give of 3 digits). Give offers 1 twice: a menu's
// options are the digits numbered apart by the host ("10", "11", "20"),
// and without a Max it takes as many as it offers.
func swapForms() Forms {
	joined := func(values []string) (string, bool) { return strings.Join(values, ""), true }
	count := func(_ State, _ int, v Values) int { return len(v["give"]) }
	give := Param{Name: "give", Type: StringOption, Ask: "bot.button.hint", Join: joined,
		Legal: func(State, int, Values) []string { return []string{"1", "1", "2", "3"} }}
	take := Param{Name: "take", Type: StringOption, Ask: "bot.button.hint", Min: count, Max: count, Join: joined,
		Legal: func(State, int, Values) []string { return []string{"7", "8", "9"} },
		Check: func(_ State, _ int, v Values) error {
			if len(v["give"]) == 3 {
				return NoSuchMove()
			}
			return nil
		},
		Placeholder: func(_ *i18n.Printer, _ State, v Values) string { return "take " + strconv.Itoa(len(v["give"])) }}
	return Forms{List: []Form{{Name: "swap", Params: []Param{give, take},
		Make: func(_ State, _ int, v Values) (string, error) { return v["give"] + ">" + v["take"], nil }}}}
}

// TestFormsJoin follows swap's chain: menus of several values joined,
// the second's Min and Max set by the first's values, its placeholder,
// and its Check.
func TestFormsJoin(t *testing.T) {
	board := Action{Kind: "sums", Game: "g", Position: 3}
	tests := []struct {
		name   string
		action Action
		values []string
		want   string // the move, the menu (id min-max placeholder) or the error's code
	}{
		{"give's menu", board.With("swap"), nil, "sums:g:v3:swap 1-4 Hint"},
		{"two given: take's menu", board.With("swap"), []string{"10", "30"}, "sums:g:v3:swap:13 2-2 take 2"},
		{"taken", board.With("swap", "13"), []string{"70", "90"}, "move 13>79"},
		{"too few taken", board.With("swap", "13"), []string{"70"}, string(Stale)},
		{"a repeat given", board.With("swap"), []string{"10", "11"}, "sums:g:v3:swap:11 2-2 take 2"},
		{"not offered", board.With("swap"), []string{"1"}, string(Stale)},
		{"three given: checked", board.With("swap"), []string{"10", "20", "30"}, "illegal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := formAct(t)
			a.Action, a.Request.Values = &tt.action, tt.values
			out, err := swapForms().Act(context.Background(), a)
			var got string
			switch {
			case err != nil:
				got = string(rules.ErrorCode(err))
			case out.Move != "":
				got = "move " + out.Move
			default:
				m := out.Reply.Message.Rows[0].Menu
				got = fmt.Sprintf("%s %d-%d %s", m.ID, m.Min, m.Max, m.Placeholder)
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestListingLegal(t *testing.T) {
	ways := []Filled{
		{"pair", Values{"a": "1", "b": "3"}},
		{"pair", Values{"a": "1", "b": "4"}},
		{"pair", Values{"a": "2"}},
		{"pair", Values{"a": "2", "b": "3"}},
		{"other", Values{"a": "5"}},
	}
	l := Listing{Ways: func(State, int) []Filled { return ways },
		Read: func(_, typed string) (string, bool) {
			typed = strings.TrimSpace(typed)
			_, err := strconv.Atoi(typed)
			return typed, err == nil
		}}
	domain := []string{"4", "3", "2", "1", "5"}
	tests := []struct {
		name, focused string
		v             Values
		want          []string
	}{
		{"every value of the form, in the domain's order", "a", nil, []string{"2", "1"}},
		{"narrowed by another value, read", "b", Values{"a": " 1 "}, []string{"4", "3"}},
		{"a way leaving a parameter out agrees with it", "a", Values{"b": "4"}, []string{"2", "1"}},
		{"and only such a way with a value of no way", "a", Values{"b": "9"}, []string{"2"}},
		{"a value that does not read narrows nothing", "a", Values{"b": "x"}, []string{"2", "1"}},
		{"the focused value narrows nothing", "a", Values{"a": "1"}, []string{"2", "1"}},
		{"a way without the focused parameter offers nothing", "b", Values{"a": "2"}, []string{"3"}},
		{"the optional one", "b", nil, []string{"4", "3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := l.Legal("pair", tt.focused, domain)(nil, 0, tt.v); !slices.Equal(got, tt.want) {
				t.Errorf("Legal = %v, want %v", got, tt.want)
			}
		})
	}
}

// listedSums is sums whose engine lists its legal moves: 1 and 2.
type listedSums struct{ sums }

func (listedSums) Legal(int) []int { return []int{1, 2} }

func TestFormsMovesListed(t *testing.T) {
	tests := []struct {
		name  string
		state State
		want  []string
	}{
		{"the engine's list", NewReplay[int, int, int](listedSums{}, 0), []string{"1", "2"}},
		{"none once over", NewReplay[int, int, int](listedSums{}, 10), []string{}},
		{"the forms' without a list", NewReplay[int, int, int](sums{}, 0), []string{"1", "1 3", "1 4", "2", "2 3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pairForms().Moves(tt.state); !slices.Equal(got, tt.want) {
				t.Errorf("Moves = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestFormsButtons checks the buttons under a board: a form's Button, a
// Board's buttons with values set (disabled when the next parameter has
// no legal value or the filled move is illegal), then Hint, five a row.
func TestFormsButtons(t *testing.T) {
	a := formAct(t)
	f := addForms()
	f.List[1].Board = func(p *i18n.Printer, _ State) []BoardButton {
		var out []BoardButton
		for _, l := range []string{"a", "b", "c", "d"} {
			out = append(out, BoardButton{Button: Button{Label: l, Style: Danger}})
		}
		return out
	}
	f.List = append(f.List, Form{Name: "set", Params: f.List[0].Params, Make: f.List[0].Make, Board: func(*i18n.Printer, State) []BoardButton {
		return []BoardButton{{Values: []string{"1", "2"}}, {Values: []string{"1", "9x"}}}
	}})
	none := Param{Name: "x", Legal: func(State, int, Values) []string { return nil }}
	f.List = append(f.List, Form{Name: "none", Button: "bot.button.hint", Params: []Param{none}, Make: f.List[0].Make})
	var got []string
	for _, row := range f.Buttons(a.Printer, a.State, Action{Kind: "sums", Game: "g", Position: 3}) {
		var ids []string
		for _, b := range row.Buttons {
			ids = append(ids, fmt.Sprintf("%s/%d/%v", b.ID, b.Style, b.Disabled))
		}
		got = append(got, strings.Join(ids, " "))
	}
	want := []string{
		"sums:g:v3:add/1/false sums:g:v3:bump/4/false sums:g:v3:bump/4/false sums:g:v3:bump/4/false sums:g:v3:bump/4/false",
		"sums:g:v3:set:1:2/1/false sums:g:v3:set:1:9x/1/true sums:g:v3:none/1/true sums:g:v3:hint/2/false",
	}
	if !slices.Equal(got, want) {
		t.Errorf("rows:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestReadYes reads a boolean parameter as Discord gives it and as typed:
// yes, 1, its name or its word in the asker's language for true, nothing
// or no for false, anything else not at all.
func TestReadYes(t *testing.T) {
	cat, err := i18n.New()
	if err != nil {
		t.Fatal(err)
	}
	read := ReadYes("sure", "bot.button.join") // a word every language has
	tests := []struct {
		lang  i18n.Lang
		typed string
		want  string
		reads bool
	}{
		{i18n.English, "true", "true", true},
		{i18n.English, " Yes ", "true", true},
		{i18n.English, "sure", "true", true},
		{i18n.English, "1", "true", true},
		{i18n.English, "", "false", true},
		{i18n.English, "No", "false", true},
		{i18n.English, "false", "false", true},
		{i18n.English, "perhaps", "perhaps", false},
		{i18n.Spanish, cat.Printer(i18n.Spanish).T("bot.button.join"), "true", true},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang)+" "+tt.typed, func(t *testing.T) {
			got, reads := read(cat.Printer(tt.lang), tt.typed)
			if got != tt.want || reads != tt.reads {
				t.Errorf("got %q, %v; want %q, %v", got, reads, tt.want, tt.reads)
			}
		})
	}
}
