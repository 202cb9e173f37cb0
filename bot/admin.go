package bot

import (
	"context"
	"strings"

	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/store"
)

// undo takes back the asker's last move while nobody has moved after it:
// only the automatic passes and computer moves that followed it are taken
// back with it.
func (b *Bot) undo(ctx context.Context, req Request) (Reply, error) {
	unlock := b.lock(req.Channel)
	defer unlock()
	t, c, err := b.playing(ctx, req, nil)
	if err != nil {
		return Reply{}, err
	}
	moves := t.stored.Moves
	last := -1
	for i := len(moves) - 1; i >= 0; i-- {
		if moves[i].By == req.User.ID {
			last = i
			break
		}
		if moves[i].By != byAuto && moves[i].By != store.Computer {
			break // someone moved after the asker
		}
	}
	if last < 0 {
		return Reply{}, fail(NotAllowed, "bot.err.undo")
	}
	for n := len(moves); n > last; n-- {
		g, err := b.cfg.Store.UndoMove(ctx, req.Channel, t.stored.ID, n)
		if err != nil {
			return Reply{}, err
		}
		t.stored = g
	}
	t, err = replayStored(t.stored)
	if err != nil {
		return Reply{}, err
	}
	pub := b.cfg.Catalog.Printer(t.lang())
	text := pub.T("bot.undone", "name", t.name(pub, c), "move", strings.TrimPrefix(moves[last].Text, c.String()+" "))
	return Reply{Message: b.boardPost(ctx, t, text, nil)}, nil
}

// resign takes the asker out of the game: their tiles stay and their turns
// are skipped; with fewer than two players left the game ends.
func (b *Bot) resign(ctx context.Context, req Request) (Reply, error) {
	return b.play(ctx, req, nil, func(c shangrila.Colour, pos shangrila.Position) (shangrila.Move, error) {
		return shangrila.ResignMove(c), nil
	})
}

// cancel ends the game without a result: allowed to its creator and to
// members who may manage the channel.
func (b *Bot) cancel(ctx context.Context, req Request) (Reply, error) {
	unlock := b.lock(req.Channel)
	defer unlock()
	t, err := b.load(ctx, req.Channel)
	if err != nil {
		return Reply{}, err
	}
	if req.User.ID != t.stored.Creator && !req.User.ManageChannels {
		return Reply{}, fail(NotAllowed, "bot.err.cancel")
	}
	if _, err := b.cfg.Store.Finish(ctx, req.Channel, t.stored.ID, store.Cancelled); err != nil {
		return Reply{}, err
	}
	pub := b.cfg.Catalog.Printer(t.lang())
	return Reply{Message: Message{Content: pub.T("bot.cancelled", "name", req.User.Name)}}, nil
}

// hint suggests a move privately to the player to move.
func (b *Bot) hint(ctx context.Context, req Request) (Reply, error) {
	return Reply{}, fail(NotAllowed, "bot.err.no-hint")
}
