package menara

import (
	"context"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/bot"
)

// views records the views a board is drawn from.
type views struct {
	mu   sync.Mutex
	last bot.BoardView
}

func (v *views) draw(_ context.Context, bv bot.BoardView) ([]byte, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.last = bv
	return []byte("png"), nil
}

// viewOf draws m's image and returns the view it was drawn from.
func (v *views) viewOf(t *testing.T, m bot.Message) bot.BoardView {
	t.Helper()
	if m.Image == nil {
		t.Fatalf("no image in %q", m.Content)
	}
	if _, err := m.Image.Render(context.Background()); err != nil {
		t.Fatal(err)
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.last
}

// recapLines returns the lines of a post's "Since your last turn" (nil
// for none).
func recapLines(content string) []string {
	const head = "🕘 Since your last turn:"
	i := strings.Index(content, head)
	if i < 0 {
		return nil
	}
	lines := strings.Split(content[i+len(head):], "\n")
	if first := strings.TrimSpace(lines[0]); first != "" {
		return []string{first}
	}
	var out []string
	for _, l := range lines[1:] {
		s, ok := strings.CutPrefix(l, "- ")
		if !ok {
			break
		}
		out = append(out, s)
	}
	return out
}

// TestSinceYourLastTurn plays a scripted game of three by slash commands
// and checks every post that gives someone the turn: it recounts the
// team's turns since that player's previous turn, a line a turn, each
// naming whose it was, in order (none while the player's own turn goes
// on), and its board is given exactly the steps since then to highlight.
func TestSinceYourLastTurn(t *testing.T) {
	rec := &views{}
	h := newHost(t, Options{NoComputers: true, Board: rec.draw}, 11)
	players := []string{"ann", "bob", "cy"}
	h.table(players)
	rng := rand.New(rand.NewPCG(11, 2))
	recounted := 0
	most := 36
	if testing.Short() {
		most = 20 // the race detector's run
	}
	for steps := 0; steps < most; steps++ {
		_, s := h.state()
		if s.Over() {
			break
		}
		step := positionOf(s).RandomStep(rng)
		sub, opts := slashOf(step)
		who := h.mover()
		r := h.cmd(who, sub, opts...)
		if r.Failed || r.Private {
			// A warning, or the channel still owed: nothing to look at.
			if r.Private && len(r.Message.Rows) > 0 {
				h.click(who, button(t, r.Message, bot.StepConfirm))
			}
			continue
		}
		_, after := h.state()
		if after.Over() {
			break
		}
		seat := positionOf(after).Turn()
		history := after.Effects()
		from := len(history)
		for from > 0 && int(history[from-1].Step.Seat) != seat {
			from--
		}
		since := history[from:]
		var want []string // whose each turn since was
		for i, e := range since {
			if e.TurnOver || i == len(since)-1 {
				want = append(want, players[e.Step.Seat])
			}
		}
		got := recapLines(r.Message.Content)
		if len(got) != len(want) {
			t.Fatalf("step %d, %s to act: recap %q, want the turns of %v", steps, players[seat], got, want)
		}
		for i := range got {
			if !strings.HasPrefix(got[i], want[i]+" ·") && !strings.HasPrefix(got[i], want[i]+":") {
				t.Errorf("step %d: recap line %q, want %s's turn", steps, got[i], want[i])
			}
		}
		if len(got) >= 2 {
			recounted++
		}
		v := rec.viewOf(t, r.Message)
		if len(since) < 2 {
			since = nil
		}
		if len(v.Since) != len(since) {
			t.Fatalf("step %d: the board highlights %d steps, want %d", steps, len(v.Since), len(since))
		}
		for i, e := range v.Since {
			if x, ok := effects(e); !ok || x.Step != since[i].Step {
				t.Errorf("step %d: highlight %d is %v, want %v", steps, i, e, since[i].Step)
			}
		}
	}
	if recounted == 0 {
		t.Error("no post recounted two turns: the test shows nothing")
	}
}
