package bot_test

import (
	"context"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
	"github.com/tablebot/tablebot/store"
)

// owners is a bot.Owners of the tests: the channels it owns are set by
// hand, and it counts the times it was told of work in the others.
type owners struct {
	mu     sync.Mutex
	owned  map[string]bool
	nudges int
	work   func(string)
}

func (o *owners) Claim(_ context.Context, channel string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.owned[channel] {
		o.nudges++
	}
	return o.owned[channel]
}

func (o *owners) Watch(_ context.Context, work func(string)) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.work = work
}

// takeOver makes the channel this replica's and hands it over.
func (o *owners) takeOver(channel string) {
	o.mu.Lock()
	o.owned[channel] = true
	work := o.work
	o.mu.Unlock()
	work(channel)
}

// told returns how many times another replica's channels had work.
func (o *owners) told() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.nudges
}

// TestOwnedChannels: a replica answers requests in a channel another
// replica works, but leaves the channel's computer turns and posts to
// that one (telling it); once it takes the channel over, it plays them.
func TestOwnedChannels(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	h.close()
	o := &owners{owned: map[string]bool{}}
	h.owners = o
	h.open()
	h.bot.Start(h.ctx)
	h.cmd("ann", "new", "players", "2", "stones", "20")
	board := h.cmd("ann", "board").Message
	h.click("ann", button(t, board, "ai"), "easy")
	h.cmd("ann", "start")
	h.cmd("ann", "take", "stones", "1")
	if _, pos := h.state(); pos.Turn != 1 {
		t.Fatalf("turn %d after ann's move, want the computer's (1): a replica played a channel it does not own", pos.Turn)
	}
	if got := h.posts.attempts(); got != 0 {
		t.Errorf("%d posts from a replica that does not own the channel, want 0", got)
	}
	if o.told() == 0 {
		t.Error("the channel's owner was not told of its work")
	}
	o.takeOver(channel)
	h.wait()
	if _, pos := h.state(); pos.Turn != 0 {
		t.Errorf("turn %d after the take-over, want ann's (0): the computer did not play", pos.Turn)
	}
	if got := len(h.posts.all()); got == 0 {
		t.Error("the computer's board was not posted after the take-over")
	}
}

// TestPostMarkedTriedFirst: a replica of several marks the boards a post
// carries as tried (in doubt) before it posts them, so that one taking
// the channel over after the post was made but not recorded posts them
// again as they were (same nonce) rather than joined to later moves (an
// announcement made twice, seen in TestCluster); the only replica writes
// no such mark.
func TestPostMarkedTriedFirst(t *testing.T) {
	for _, tt := range []struct {
		name     string
		replicas bool
		want     bool
	}{
		{"several replicas", true, true},
		{"the only replica", false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := newHost(t, takeaway.Options{})
			if tt.replicas {
				h.close()
				h.owners = &owners{owned: map[string]bool{channel: true}}
				h.open()
				h.bot.Start(h.ctx)
			}
			h.cmd("ann", "new", "players", "2", "stones", "20")
			board := h.cmd("ann", "board").Message
			h.click("ann", button(t, board, "ai"), "easy")
			h.cmd("ann", "start")
			var boards, marked int
			h.posts.mu.Lock()
			h.posts.during = func(bot.Message) {
				box, err := h.db.Outbox(h.ctx, channel)
				if err != nil || len(box) == 0 || box[0].Kind != store.Board {
					return
				}
				boards++
				if box[0].Doubt {
					marked++
				}
			}
			h.posts.mu.Unlock()
			h.cmd("ann", "take", "stones", "1") // the computer answers: the worker posts its board
			h.wait()
			if boards == 0 {
				t.Fatal("no board posted by the worker")
			}
			if got := marked == boards; got != tt.want {
				t.Errorf("%d of %d boards marked tried while posted, want all: %v", marked, boards, tt.want)
			}
		})
	}
}
