package bot_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
)

// since returns the "Since your last turn" part of a post: from its head
// to the prompt that follows ("" for none).
func since(content string) string {
	i := strings.Index(content, "🕘 ")
	if i < 0 {
		return ""
	}
	s := content[i:]
	if j := strings.Index(s, "\n<@"); j >= 0 {
		s = s[:j]
	}
	return s
}

// ringed decodes a take-away board and counts the stones drawn as taken
// (rings: hollow in the middle, the ring's colour at its edge).
func ringed(t *testing.T, m bot.Message) int {
	t.Helper()
	if m.Image == nil {
		t.Fatalf("no board in %q", m.Content)
	}
	data, err := m.Image.Render(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	p, ok := img.(*image.Paletted)
	if !ok {
		t.Fatalf("the board is a %T", img)
	}
	const perRow, cell, margin, radius = 10, 30, 10, 12
	n := 0
	for i := 0; ; i++ {
		x, y := margin+(i%perRow)*cell+cell/2, margin+(i/perRow)*cell+cell/2
		if !image.Pt(x, y).In(p.Rect) {
			return n
		}
		if p.ColorIndexAt(x+radius-1, y) == 2 && p.ColorIndexAt(x, y) == 0 {
			n++
		}
	}
}

// TestSinceYourLastTurn plays a race of three, ann taking her turns from
// her DMs: the post that gives a player the turn (the channel's and the
// DM) says what the others did since that player's previous move, but the
// move it says already, and its board rings every stone taken since.
func TestSinceYourLastTurn(t *testing.T) {
	t.Parallel()
	d := newDMPoster()
	h := newDMHost(t, d, map[string]string{"ann": bot.NotifyDM})
	start := h.table([]string{"ann", "bob", "cy"}, "stones", "20")
	if s := since(start.Message.Content); s != "" {
		t.Errorf("the start says %q", s)
	}
	steps := []struct {
		who, take string
		// want is what the post says since the next player's last turn;
		// rings the stones its board shows taken.
		want  string
		rings int
	}{
		{"ann", "1", "", 1}, // bob's first turn: ann's move is said above
		{"bob", "2", "🕘 Since your last turn: ann takes 1 stone: 19 left", 3}, // cy's first: since the start
		{"cy", "3", "🕘 Since your last turn: bob takes 2 stones: 17 left", 5},
		{"ann", "1", "🕘 Since your last turn: cy takes 3 stones: 14 left", 4},
		{"bob", "1", "🕘 Since your last turn: ann takes 1 stone: 13 left", 2},
	}
	for i, s := range steps {
		r := h.cmd(s.who, "take", "stones", s.take)
		if r.Failed {
			t.Fatalf("step %d: %s", i, r.Message.Content)
		}
		h.wait()
		if got := since(r.Message.Content); got != s.want {
			t.Errorf("step %d: the post says %q, want %q", i, got, s.want)
		}
		if got := ringed(t, r.Message); got != s.rings {
			t.Errorf("step %d: the board rings %d stones, want %d", i, got, s.rings)
		}
	}
	// ann's DM of her second turn says the same as the channel's post.
	dms := d.of("ann")
	if len(dms) != 2 {
		t.Fatalf("ann has %d DMs, want 2", len(dms))
	}
	if got, want := since(dms[1].Content), "🕘 Since your last turn: bob takes 2 stones: 17 left"; got != want {
		t.Errorf("ann's DM says %q, want %q", got, want)
	}
	if got := ringed(t, dms[1]); got != 5 {
		t.Errorf("ann's DM rings %d stones, want 5", got)
	}
}

// TestSinceTeam: in a team game every seat may act, so one post gives the
// turn to all three: each reads what happened since their own last move,
// above their own prompt. The channel's board rings every stone taken
// since the earliest of them; ann's DM rings those since hers.
func TestSinceTeam(t *testing.T) {
	t.Parallel()
	d := newDMPoster()
	h := newDMHost(t, d, map[string]string{"ann": bot.NotifyDM})
	h.table([]string{"ann", "bob", "cy"}, "stones", "20", "mode", "team")
	h.cmd("ann", "take", "stones", "1")
	r := h.cmd("bob", "take", "stones", "2")
	h.wait()
	if r.Failed {
		t.Fatal(r.Message.Content)
	}
	want := "<@ann>, take 1 to 3 of the 17 stones.\n<@bob>, take 1 to 3 of the 17 stones.\n" +
		"🕘 Since your last turn: ann takes 1 stone: 19 left\n<@cy>, take 1 to 3 of the 17 stones."
	if !strings.HasSuffix(r.Message.Content, want) {
		t.Errorf("the post says %q, want it to end in %q", r.Message.Content, want)
	}
	if got := ringed(t, r.Message); got != 3 {
		t.Errorf("the channel's board rings %d stones, want 3", got)
	}
	dms := d.of("ann")
	if len(dms) == 0 {
		t.Fatal("ann has no DM")
	}
	if got := ringed(t, dms[len(dms)-1]); got != 2 {
		t.Errorf("ann's DM rings %d stones, want 2 (bob's, since her move)", got)
	}
}
