package bot

import (
	"context"
	"strings"
	"time"

	"github.com/tablebot/tablebot/store"
)

// noticeNow posts notice a of game g (store.Notice): its words, pinging
// nobody, whatever the game became since.
func (b *Bot) noticeNow(ctx context.Context, g *store.Game, a store.Announcement) (bool, time.Duration) {
	if len(a.Lines) == 0 {
		b.drop(ctx, g.Channel, a)
		return true, 0
	}
	text := strings.Join(a.Lines, "\n")
	if a.Doubt && b.now().Sub(a.Created) > nonceWindow {
		// Past Discord's window for nonces: look for the notice itself.
		if _, found := b.find(ctx, g.Channel, text); found {
			b.posted(ctx, g.Channel, g.ID, store.Notice, a.Version, "")
			return true, 0
		}
	}
	m := Message{Content: clipContent(text), Nonce: nonce(a.Seq)}
	return b.attempt(ctx, g, store.Notice, part{lines: a.Lines, last: a}, []store.Announcement{a}, m)
}
