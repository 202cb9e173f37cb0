package bot

import (
	"context"
	"strings"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/ai"
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

// resign asks privately how the asker leaves the game: resigning (their
// tiles stay and their turns are skipped; with fewer than two players
// left the game ends) or handing their seat to a computer player.
func (b *Bot) resign(ctx context.Context, req Request) (Reply, error) {
	t, _, err := b.playing(ctx, req, nil)
	if err != nil {
		return Reply{}, err
	}
	if pos := t.position(); pos.Phase() == shangrila.Over {
		return Reply{}, rules.Errorf(rules.GameOver, "shangrila.over", nil, "The game is over")
	}
	p := b.printer(req.User.Locale)
	a := action{game: t.token(), moves: t.game.NumMoves()}
	var opts []MenuOption
	for _, lv := range computerLevels {
		opts = append(opts, MenuOption{Label: computerName(p, lv.String()), Value: lv.String(), Emoji: "🤖"})
	}
	return Reply{Private: true, Message: Message{
		Content: p.T("bot.resign.confirm"),
		Rows: []Row{
			{Buttons: []Button{
				{ID: a.with("rs").id(), Label: p.T("bot.button.resign"), Style: Danger},
				{ID: a.with("x").id(), Label: p.T("bot.button.cancel"), Style: Secondary},
			}},
			{Menu: &Menu{ID: a.with("rc").id(), Placeholder: p.T("bot.resign.computer"), Options: opts}},
		},
	}}, nil
}

// resignNow makes the asker's resignation, from the confirmation.
func (b *Bot) resignNow(ctx context.Context, req Request, a action) (Reply, error) {
	// A resignation does not depend on the board: it is made on the game
	// as it stands, whatever moved since the question.
	t, err := b.load(ctx, req.Channel)
	if err != nil {
		return Reply{}, err
	}
	if t.game != nil {
		a.moves = t.game.NumMoves()
	}
	return b.play(ctx, req, &a, func(c shangrila.Colour, pos shangrila.Position) (shangrila.Move, error) {
		return shangrila.ResignMove(c), nil
	})
}

// handOver gives the asker's seat to a computer player, which plays on in
// their place.
func (b *Bot) handOver(ctx context.Context, req Request, a action) (Reply, error) {
	if len(req.Values) != 1 {
		return Reply{}, fail(Stale, "bot.err.unknown-button")
	}
	level, ok := ai.ParseLevel(req.Values[0])
	if !ok || level == ai.Random {
		return Reply{}, fail(Lobby, "bot.err.level")
	}
	unlock := b.lock(req.Channel)
	defer unlock()
	t, c, err := b.playing(ctx, req, nil)
	if err != nil {
		return Reply{}, err
	}
	if a.game != t.token() {
		return Reply{}, b.stale(req, t)
	}
	if pos := t.position(); pos.Phase() == shangrila.Over || pos.Resigned(c) {
		return Reply{}, rules.Errorf(rules.GameOver, "shangrila.over", nil, "The game is over")
	}
	g, err := b.cfg.Store.Update(ctx, req.Channel, t.stored.ID, func(g *store.Game) error {
		for i := range g.Players {
			if g.Players[i].UserID == req.User.ID {
				g.Players[i].UserID = ""
				g.Players[i].Computer = level.String()
			}
		}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	t.stored = g
	pub := b.cfg.Catalog.Printer(t.lang())
	post := Message{Content: pub.T("bot.handed", "name", req.User.Name, "computer", computerName(pub, level.String()), "mark", colourMark(c))}
	done := Message{Content: "✅ " + b.printer(req.User.Locale).T("bot.handed.done")}
	return Reply{Update: true, Message: done, Posts: []Message{post}, Then: b.afterMove(t)}, nil
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
