package menara

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// menuOf returns the one menu of m.
func menuOf(t testing.TB, m bot.Message) *bot.Menu {
	t.Helper()
	for _, row := range m.Rows {
		if row.Menu != nil {
			return row.Menu
		}
	}
	t.Fatalf("no menu in %q", m.Content)
	return nil
}

// hasButton reports whether m has a button of step.
func hasButton(m bot.Message, step string) bool {
	for _, row := range m.Rows {
		for _, b := range row.Buttons {
			if a, ok := bot.ParseAction(b.ID); ok && a.Step == step && !b.Disabled {
				return true
			}
		}
	}
	return false
}

// buttonArg returns the id of m's button of step whose first argument is
// arg.
func buttonArg(t testing.TB, m bot.Message, step, arg string) string {
	t.Helper()
	for _, row := range m.Rows {
		for _, b := range row.Buttons {
			if a, ok := bot.ParseAction(b.ID); ok && a.Step == step && a.Arg(0) == arg && !b.Disabled {
				return b.ID
			}
		}
	}
	t.Fatalf("no %s:%s button in %q", step, arg, m.Content)
	return ""
}

// clicker plays steps through the board's buttons and the private menus,
// as a person does, checking each answer.
type clicker struct {
	t   testing.TB
	rng *rand.Rand
	// click presses a component of message m (nil values for a button)
	// as the player to act, and returns the answer.
	click func(m bot.Message, id string, values ...string) bot.Reply
}

// nextPage returns the id of the button to the next page of a menu, ""
// on its last page.
func nextPage(m bot.Message) string {
	for _, row := range m.Rows {
		for _, b := range row.Buttons {
			if b.Label == "▶" && !b.Disabled {
				return b.ID
			}
		}
	}
	return ""
}

// pageWith turns the pages of a list until its menu offers value, or
// returns false.
func (c *clicker) pageWith(m bot.Message, value string) (bot.Message, bool) {
	for range 100 {
		menu := menuOf(c.t, m)
		if slices.ContainsFunc(menu.Options, func(o bot.MenuOption) bool { return o.Value == value }) {
			return m, true
		}
		next := nextPage(m)
		if next == "" {
			return m, false
		}
		m = c.answer(c.click(m, next), true)
	}
	return m, false
}

// answer checks a private answer of the chain and returns its message.
func (c *clicker) answer(r bot.Reply, update bool) bot.Message {
	c.t.Helper()
	if r.Failed {
		c.t.Fatalf("refused: %s", r.Message.Content)
	}
	if r.Update != update || !update && !r.Private {
		c.t.Fatalf("answer (update %v, private %v), want update %v: %q", r.Update, r.Private, update, r.Message.Content)
	}
	return r.Message
}

// choose picks value in a (paged) list, turning pages as needed.
func (c *clicker) choose(m bot.Message, values ...string) bot.Reply {
	c.t.Helper()
	m, ok := c.pageWith(m, values[0])
	if !ok {
		c.t.Fatalf("no %s in the list %q", values[0], m.Content)
	}
	return c.click(m, menuOf(c.t, m).ID, values...)
}

// done checks that the chain made its step.
func (c *clicker) done(r bot.Reply, what string) {
	c.t.Helper()
	if r.Failed || !strings.HasPrefix(r.Message.Content, "✅") {
		c.t.Fatalf("%s: %q", what, r.Message.Content)
	}
}

// backButton returns the id of a preview's Back button.
func backButton(t testing.TB, m bot.Message) string {
	t.Helper()
	for _, row := range m.Rows {
		for _, b := range row.Buttons {
			if b.Emoji == "◀️" {
				return b.ID
			}
		}
	}
	t.Fatalf("no Back button in %q", m.Content)
	return ""
}

// confirmButton returns the id of m's answer that makes form with args.
func confirmButton(t testing.TB, m bot.Message, form string, args ...string) string {
	t.Helper()
	want := append([]string{form}, args...)
	for _, row := range m.Rows {
		for _, b := range row.Buttons {
			if a, ok := bot.ParseAction(b.ID); ok && a.Step == bot.StepConfirm && slices.Equal(a.Args, want) && !b.Disabled {
				return b.ID
			}
		}
	}
	t.Fatalf("no answer %v in %q", want, m.Content)
	return ""
}

// tokens names the columns of cols as a column menu's values.
func tokens(cols mr.Columns) []string {
	var out []string
	for _, col := range mr.Colours {
		for i := range int(cols[col]) {
			out = append(out, string(col.Letter())+fmt.Sprint(i))
		}
	}
	return out
}

// play makes one step through board's buttons: step itself, or for a new
// floor or a moved floor a place chosen at random among the menu's, and
// returns the step made.
func (c *clicker) play(board bot.Message, pos *mr.Position, step mr.Step) mr.Step {
	t := c.t
	t.Helper()
	warned := func(r bot.Reply) bot.Reply {
		if !r.Failed && r.Update && hasButton(r.Message, bot.StepConfirm) {
			// The step would bring the temple down: do it all the same.
			if !strings.Contains(r.Message.Content, "collapses") {
				t.Fatalf("a question without a warning: %q", r.Message.Content)
			}
			return c.click(r.Message, button(t, r.Message, bot.StepConfirm))
		}
		return r
	}
	switch step.Kind {
	case mr.Exchange:
		m := c.answer(c.click(board, button(t, board, cmdExchange)), false)
		m = c.answer(c.click(m, menuOf(t, m).ID, tokens(step.Give)...), true)
		c.done(c.click(m, menuOf(t, m).ID, tokens(step.Take)...), "exchange")
	case mr.Reveal:
		m := c.answer(c.click(board, buttonArg(t, board, cmdReveal, step.Pile.String())), false)
		c.done(c.click(m, button(t, m, bot.StepConfirm)), "reveal")
	case mr.PlaceColumn:
		m := c.answer(c.click(board, button(t, board, cmdPlace)), false)
		m = c.answer(c.choose(m, string(step.Colour.Letter())), true)
		c.done(warned(c.choose(m, step.To.String())), "column")
	case mr.MoveColumn:
		m := c.answer(c.click(board, button(t, board, cmdMove)), false)
		m = c.answer(c.choose(m, step.From.String()), true)
		c.done(warned(c.choose(m, step.To.String())), "move")
	case mr.PlaceFloor, mr.Extend, mr.Lift:
		var m bot.Message
		if pos.Stage() == mr.NewFloor {
			m = c.answer(c.click(board, button(t, board, cmdFloor)), false)
		} else {
			m = c.answer(c.click(board, button(t, board, cmdLift)), false)
			floors := menuOf(t, m).Options
			m = c.answer(c.choose(m, floors[c.rng.IntN(len(floors))].Value), true)
		}
		// Any place of the list, on any page.
		for c.rng.IntN(2) == 0 && nextPage(m) != "" {
			m = c.answer(c.click(m, nextPage(m)), true)
		}
		opts := menuOf(t, m).Options
		code := opts[c.rng.IntN(len(opts))].Value
		preview := c.answer(c.click(m, menuOf(t, m).ID, code), true)
		if c.rng.IntN(4) == 0 {
			// Back to the list, and the same place again.
			back := c.answer(c.click(preview, backButton(t, preview)), true)
			if back.Image != nil {
				t.Fatal("the list keeps the preview's image")
			}
			preview = c.answer(c.choose(back, code), true)
		}
		if !strings.Contains(preview.Content, "Floor") {
			t.Fatalf("preview: %q", preview.Content)
		}
		c.done(c.click(preview, button(t, preview, bot.StepConfirm)), "floor")
		pl, _ := notation.FindPlacement(pos.Placements(nil), code)
		return pl.Step
	case mr.GiveUp, mr.Done:
		form := cmdGiveUp
		if step.Kind == mr.Done {
			form = cmdDone
		}
		m := c.answer(c.click(board, button(t, board, form)), false)
		c.done(c.click(m, confirmButton(t, m, form, fmt.Sprint(step.Renew))), "closing")
	}
	return step
}

// TestWholeGameByButtons plays whole games by the buttons and menus only,
// after /menara new and start: every step goes through the private
// chain, each floor through its preview.
func TestWholeGameByButtons(t *testing.T) {
	for _, tt := range []struct {
		players []string
		opts    []string
		seed    uint64
	}{
		{[]string{"ann", "bob", "cy"}, nil, 7},
		{[]string{"ann", "bob"}, []string{"difficulty", "easy", "hands", "shaky"}, 8},
	} {
		t.Run(fmt.Sprint(len(tt.players)), func(t *testing.T) {
			h := newHost(t, Options{NoComputers: true}, tt.seed)
			board := h.table(tt.players, tt.opts...).Message
			rng := rand.New(rand.NewPCG(tt.seed, 2))
			c := &clicker{t: t, rng: rng}
			c.click = func(m bot.Message, id string, values ...string) bot.Reply {
				return h.click(h.mover(), id, values...)
			}
			floors := 0
			for steps := 0; ; steps++ {
				_, s := h.state()
				if s.Over() {
					break
				}
				if testing.Short() && steps > 40 {
					return
				}
				step := positionOf(s).RandomStep(rng)
				pos := s.Position()
				made := c.play(board, &pos, step)
				if made.Kind == mr.PlaceFloor || made.Kind == mr.Extend || made.Kind == mr.Lift {
					floors++
				}
				_, after := h.state()
				if after.Moves() != steps+1 {
					t.Fatalf("step %d (%s) was not made", steps, made)
				}
				if got := after.MoveList()[steps]; got.Kind != made.Kind {
					t.Fatalf("step %d: made %s, want %s", steps, got, made)
				}
				posts := h.posts.all()
				board = posts[len(posts)-1]
			}
			t.Logf("%d steps, %d floors", len(h.posts.all()), floors)
		})
	}
}
