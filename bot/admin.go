package bot

import (
	"context"
	"strings"

	"github.com/tablebot/tablebot/store"
)

// Steps of the resign question's components (its Cancel is StepCancel).
const (
	stepResign   = "rs"
	stepHandOver = "rc"
)

// undo takes back the asker's last move while nobody has moved after it:
// only the automatic moves and computer moves that followed it go with
// it, all in one transaction.
func (b *Bot) undo(ctx context.Context, req Request) (Reply, error) {
	unlock := b.lock(req.Channel)
	defer unlock()
	t, seat, err := b.playing(ctx, req, nil)
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
	if u, ok := t.game.(Undoer); ok && last < u.UndoFrom(t.state) {
		return Reply{}, fail(NotAllowed, "bot.err.undo-seen")
	}
	pub := b.cfg.Catalog.Printer(t.lang())
	move := strings.TrimPrefix(moves[last].Text, t.seat(seat).Colour+" ")
	text := pub.T("bot.undone", "name", t.name(pub, seat), "move", move)
	v := viaAnswer(req)
	if b.owes(ctx, req.Channel) {
		v = viaChannel // the board goes after what the channel is owed
	}
	g, err := b.cfg.Store.UndoMoves(ctx, req.Channel, t.stored.ID, len(moves), len(moves)-last, v.announcement(text))
	if err != nil {
		return Reply{}, err
	}
	if t, err = b.replay(t.game, g); err != nil {
		return Reply{}, err
	}
	if !v.reply {
		done := Message{Content: "✅ " + b.printer(req.User.Locale).T("bot.menu.done")}
		return Reply{Private: true, Message: done, Then: b.then(t)}, nil
	}
	post := b.boardPost(t, text, nil, true)
	b.carry(&post, t, notice{}) // the asker's turn again: no DM
	return Reply{Message: post, Then: b.then(t)}, nil
}

// resign asks privately how the asker leaves the game: resigning (the
// game's resign move: in Shangri-La their tiles stay and their turns are
// skipped) or handing their seat to a computer player.
func (b *Bot) resign(ctx context.Context, req Request) (Reply, error) {
	t, seat, err := b.playing(ctx, req, nil)
	if err != nil {
		return Reply{}, err
	}
	if t.state.Over() {
		return Reply{}, errGameOver()
	}
	p := b.printer(req.User.Locale)
	a := t.action()
	var rows []Row
	question := "bot.resign.confirm-handover"
	if _, ok := t.game.Resign(t.state, seat); ok {
		question = "bot.resign.confirm"
		rows = append(rows, Row{Buttons: []Button{
			{ID: a.With(stepResign).ID(), Label: p.T("bot.button.resign"), Style: Danger},
			{ID: a.With(StepCancel).ID(), Label: p.T("bot.button.cancel"), Style: Secondary},
		}})
	} else {
		rows = append(rows, Row{Buttons: []Button{{ID: a.With(StepCancel).ID(), Label: p.T("bot.button.cancel"), Style: Secondary}}})
	}
	if levels := t.game.Levels(); len(levels) > 0 {
		var opts []MenuOption
		for _, lv := range levels {
			opts = append(opts, MenuOption{Label: computerName(p, lv), Value: lv, Emoji: "🤖"})
		}
		rows = append(rows, Row{Menu: &Menu{ID: a.With(stepHandOver).ID(), Placeholder: p.T("bot.resign.computer"), Options: opts}})
	}
	return Reply{Private: true, Message: Message{Content: p.T(b.gameID(t.game, question)), Rows: rows}}, nil
}

// resignNow makes the asker's resignation, from the question's button. A
// resignation does not depend on the board: it is made on the game as it
// stands, whatever moved since the question.
func (b *Bot) resignNow(ctx context.Context, req Request, a Action) (Reply, error) {
	unlock := b.lock(req.Channel)
	defer unlock()
	t, seat, err := b.seated(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	line, ok := t.game.Resign(t.state, seat)
	if !ok {
		return Reply{}, BadComponent()
	}
	return b.move(ctx, req, &a, t, line)
}

// handOver gives the asker's seat to a computer player, which plays on in
// their place.
func (b *Bot) handOver(ctx context.Context, req Request, a Action) (Reply, error) {
	if len(req.Values) != 1 {
		return Reply{}, BadComponent()
	}
	level := req.Values[0]
	unlock := b.lock(req.Channel)
	defer unlock()
	t, seat, err := b.seated(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	if !levelOffered(t.game, level) {
		return Reply{}, fail(Lobby, "bot.err.level")
	}
	if t.state.Out(seat) {
		return Reply{}, errGameOver()
	}
	pub := b.cfg.Catalog.Printer(t.lang())
	said := pub.T("bot.handed", "name", req.User.Name, "computer", computerName(pub, level), "mark", t.game.Mark(seat))
	// Said in the channel with the board, through its outbox: the post is
	// owed in the same transaction as the change.
	g, err := b.cfg.Store.UpdateAnnounced(ctx, req.Channel, t.stored.ID, func(g *store.Game) (*store.Announcement, error) {
		for i := range g.Players {
			if g.Players[i].UserID == req.User.ID {
				g.Players[i].UserID = ""
				g.Players[i].Computer = level
				g.Players[i].HandedBy = req.User.ID
			}
		}
		return viaChannel.announcement(said), nil
	})
	if err != nil {
		return Reply{}, err
	}
	t.stored = g
	done := Message{Content: "✅ " + b.printer(req.User.Locale).T("bot.handed.done")}
	return Reply{Update: true, Message: done, Then: b.then(t)}, nil
}

// cancel ends the game without a result: allowed to its creator and to
// members who may manage the channel.
func (b *Bot) cancel(ctx context.Context, req Request) (Reply, error) {
	unlock := b.lock(req.Channel)
	defer unlock()
	t, err := b.load(ctx, req.Channel, req.Game)
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
