package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/store"
)

// byAuto is the author of moves the host makes for a seat that has no
// choice: the passes of a player without a legal action.
const byAuto = "auto"

// playing loads the channel's game in play and the asker's seat; for a
// component it also checks that the board has not moved on. The caller
// holds the channel's lock.
func (b *Bot) playing(ctx context.Context, req Request, a *Action) (*table, int, error) {
	t, err := b.load(ctx, req.Channel, req.Game)
	if err != nil {
		return nil, -1, err
	}
	if t.state == nil {
		return nil, -1, fail(Lobby, "bot.err.not-started")
	}
	if a != nil && (a.Game != t.action().Game || a.Position != t.stored.Position) {
		return nil, -1, b.stale(req, t)
	}
	seat, ok := t.seatOf(req.User.ID)
	if !ok {
		return nil, -1, fail(NotPlayer, "bot.err.not-player")
	}
	return t, seat, nil
}

// seated loads the channel's game in play and the asker's seat for a
// question's answer (resign, hand over): the game must be the question's
// and not over, but may have moved on since the question was asked. The
// caller holds the channel's lock.
func (b *Bot) seated(ctx context.Context, req Request, a Action) (*table, int, error) {
	t, seat, err := b.playing(ctx, req, nil)
	if err != nil {
		return nil, -1, err
	}
	if a.Game != t.action().Game {
		return nil, -1, b.stale(req, t)
	}
	if t.state.Over() {
		return nil, -1, errGameOver()
	}
	return t, seat, nil
}

// toAct loads the channel's game in play and the asker's seat, which must
// be one that may act now (see playing and toMove).
func (b *Bot) toAct(ctx context.Context, req Request, a *Action) (*table, int, error) {
	t, seat, err := b.playing(ctx, req, a)
	if err != nil {
		return nil, -1, err
	}
	if err := t.toMove(seat); err != nil {
		return nil, -1, err
	}
	return t, seat, nil
}

// toMove checks that seat may act now: the game is not over and it is
// the seat's turn.
func (t *table) toMove(seat int) error {
	if t.state.Over() {
		return errGameOver()
	}
	if t.mayAct(seat) {
		return nil
	}
	turn := t.toAct()
	return rules.Errorf(rules.NotYourTurn, "bot.err.turn", []any{"turn", seatTerm{t, turn[0]}, "player", seatTerm{t, seat}}, "not your turn")
}

// seatTerm is a seat as a message names it: the seat's own name ("Red"),
// in the reader's language.
type seatTerm struct {
	t    *table
	seat int
}

// stale is the error for a component of an older board.
func (b *Bot) stale(req Request, t *table) error {
	if link := b.link(req.Guild, req.Channel, t.stored.BoardMessage); link != "" {
		return fail(Stale, "bot.err.stale-link", "link", link)
	}
	return fail(Stale, "bot.err.stale", "command", "/"+t.game.Kind())
}

// act hands a game's subcommand, or a step of one of its menus (a not
// nil), to the game for the asker's seat, and makes the move it returns.
func (b *Bot) act(ctx context.Context, req Request, a *Action) (Reply, error) {
	unlock := b.lock(req.Channel)
	defer unlock()
	t, seat, err := b.toAct(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	p := b.printer(req.User.Locale)
	act := &Act{Request: &req, Action: a, Board: t.action(), State: t.state.Clone(), Seat: seat, Printer: p, Names: t.names(p)}
	if a == nil {
		act.Command = req.Command
	}
	out, err := t.game.Act(ctx, act)
	if err != nil {
		return Reply{}, err
	}
	if out.Move == "" {
		return out.Reply, nil
	}
	return b.move(ctx, req, a, t, out.Move)
}

// move makes one move of the asker's and answers: a slash command's
// answer is the board post, which carries the move's announcement; a
// menu's is "done", and the channel's worker posts the board. While the
// channel is still owed earlier posts, the slash command's answer is a
// private "done" too, and the board goes after them: the channel reads in
// order.
func (b *Bot) move(ctx context.Context, req Request, a *Action, t *table, line string) (Reply, error) {
	v := viaAnswer(req)
	if a != nil || b.owes(ctx, req.Channel) {
		v = viaChannel
	}
	lines, last, n, err := b.commit(ctx, t, req.User.ID, line, v)
	if err != nil {
		return Reply{}, err
	}
	done := Message{Content: "✅ " + b.printer(req.User.Locale).T("bot.menu.done")}
	switch {
	case a != nil:
		return Reply{Update: true, Message: done, Then: b.then(t)}, nil
	case !v.reply || t.state.Over():
		// The game-over post is the worker's (gameover.go).
		return Reply{Private: true, Message: done, Then: b.then(t)}, nil
	}
	post := b.boardPost(t, strings.Join(lines, "\n"), last, true)
	b.carry(&post, t, n)
	return Reply{Message: post, Then: b.then(t)}, nil
}

// owes reports whether a channel is still owed posts (its outbox holds
// some): an answer that would show a newer board must not go before them.
func (b *Bot) owes(ctx context.Context, channel string) bool {
	box, err := b.cfg.Store.Outbox(ctx, channel)
	if err != nil && ctx.Err() == nil {
		b.log.Error("reading a channel's outbox", "err", err, "channel", channel)
	}
	return len(box) > 0
}

// commit stores move line by user by, with the moves the game then makes
// by itself (passes), all in one transaction and with one announcement
// delivered as v says, and returns the lines saying what happened and
// what the first move did. The game must still be at t's version when the
// move is stored: a move prepared for a game that changed meanwhile (a
// computer that thought while a person took their seat back, a button of
// a board an undo replaced) is refused with a conflict. t follows the
// stored game. The announcement owes the turn DMs of the seats then to
// act (see turndm.go), which it also returns.
func (b *Bot) commit(ctx context.Context, t *table, by, line string, v via) ([]string, Effect, notice, error) {
	pub := b.cfg.Catalog.Printer(t.lang())
	names := t.names(pub)
	n, version := t.state.Moves(), t.stored.Version
	turns, err := b.turns(ctx, t.stored.Channel)
	if err != nil {
		return nil, nil, notice{}, err
	}
	where, err := b.notices(ctx, t.stored)
	if err != nil {
		return nil, nil, notice{}, err
	}
	var (
		first Effect
		next  State
		lines []string
		owed  notice
	)
	g, err := b.cfg.Store.AppendMove(ctx, t.stored.Channel, t.stored.ID,
		store.Move{N: n, Text: line, By: by},
		func(g *store.Game, sm store.Move) (store.Checked, error) {
			if len(g.Moves) != n || g.Version != version {
				return store.Checked{}, fail(store.Conflict, "bot.err.conflict")
			}
			// The check may run more than once (grouped commits): each run
			// plays on its own copy.
			s := t.state.Clone()
			e, err := s.Play(line)
			if err != nil {
				return store.Checked{}, err
			}
			more, moreSaid, err := b.autoMoves(s, t.game, pub, names)
			if err != nil {
				return store.Checked{}, err
			}
			said := append([]string{t.game.Describe(pub, e, names)}, moreSaid...)
			first, next, lines = e, s, said
			after := &table{game: t.game, stored: g, state: s}
			owed = turnNotice(after, where)
			ch := store.Checked{More: more, Announce: owed.owe(v.announcement(said...)), Wake: after.awayWake(owed.wake(wakeAt(after, turns, sm.At, 0)))}
			if s.Over() {
				ch.Finish = store.Over
				// The game-over post is the worker's (gameover.go).
				ch.Announce = viaChannel.announcement(said...)
				ch.Result = Result(t.game, ended(g, sm, more), s)
				owed = notice{}
			}
			return ch, nil
		})
	if err != nil {
		return nil, nil, notice{}, err
	}
	if next == nil {
		return nil, nil, notice{}, errors.New("bot: a stored move was never checked")
	}
	t.state, t.stored = next, g
	b.keep(t)
	for range len(g.Moves) - n {
		b.cfg.Metrics.Move()
	}
	return lines, first, owed, nil
}

// ended is stored game g as the move m and the moves more that follow it
// leave it.
func ended(g *store.Game, m store.Move, more []store.Move) *store.Game {
	e := g.Clone()
	e.Moves = append(e.Moves, m)
	for _, mv := range more {
		mv.At = m.At
		e.Moves = append(e.Moves, mv)
	}
	return e
}

// autoMoves plays on s the moves the game makes by itself from there (a
// pass of a seat without a legal action), and returns them as moves of the
// host with the lines saying them.
func (b *Bot) autoMoves(s State, game Game, pub *i18n.Printer, names []string) ([]store.Move, []string, error) {
	var (
		more []store.Move
		said []string
	)
	for !s.Over() {
		auto, ok := s.Auto()
		if !ok {
			break
		}
		e, err := s.Play(auto)
		if err != nil {
			return nil, nil, fmt.Errorf("bot: the game's own move %q is illegal: %w", auto, err)
		}
		more = append(more, store.Move{Text: auto, By: byAuto})
		said = append(said, game.Describe(pub, e, names))
	}
	return more, said, nil
}

// settleAuto makes the moves a stored game owes by itself (a pass left
// unmade by a bot that stopped between a move and its pass, before they
// were stored together), so that a loaded game is never stuck waiting for
// a seat without a legal action. t follows the stored game; a failure is
// logged and leaves t as it was.
func (b *Bot) settleAuto(ctx context.Context, t *table) {
	if t.state == nil || t.state.Over() || t.stored.Status != store.Playing {
		return
	}
	line, ok := t.state.Auto()
	if !ok {
		return
	}
	if _, _, _, err := b.commit(ctx, t, byAuto, line, viaChannel); err != nil {
		if rules.ErrorCode(err) == rules.Internal && ctx.Err() == nil {
			b.log.Error("making a game's owed automatic move", "err", err, "channel", t.stored.Channel, "game", t.stored.ID)
		}
		return
	}
	b.deliver(t.stored.Channel)
}

// boardPost is the public post of the board: what happened (text), the
// board image, who is to act (pinging them when ping is set) and the
// buttons of the seat to act.
func (b *Bot) boardPost(t *table, text string, last Effect, ping bool) Message {
	return b.boardFor(t, text, last, ping, "")
}

// boardFor is boardPost in user's DM ("" for the channel): a turn's post
// (ping, after a move) says each seat to act what happened since it last
// acted, and its board highlights all of it (since.go): since the seat
// of user's, in their DM.
func (b *Bot) boardFor(t *table, text string, last Effect, ping bool, user string) Message {
	pub := b.cfg.Catalog.Printer(t.lang())
	st := t.state
	m := Message{Content: text}
	add := func(s string) {
		if m.Content != "" {
			m.Content += "\n"
		}
		m.Content += s
	}
	names := t.names(pub)
	var rc recap
	if ping && last != nil {
		rc = recapOf(t, pub, names, user)
	}
	if st.Over() {
		add("\n" + t.game.Result(pub, st, names))
		if ping {
			b.gameOver(&m, t, pub, names)
			// Everybody learns how it ended.
			var who []string
			for _, p := range t.stored.Players {
				if p.UserID != "" {
					m.Mentions = append(m.Mentions, p.UserID)
					who = append(who, "<@"+p.UserID+">")
				}
			}
			if len(who) > 0 {
				add(pub.T("bot.end.everyone", "players", strings.Join(who, " ")))
			}
		}
	} else {
		humans := false
		for _, seat := range t.toAct() {
			pl := t.seat(seat)
			if pl.Computer != "" || pl.Away != "" {
				add(pub.T("bot.turn.computer", "name", names[seat], "mark", t.game.Mark(seat)))
				continue
			}
			humans = true
			if s := recapText(pub, rc.lines[seat], m.Content); s != "" {
				add(s)
			}
			add(t.game.Prompt(pub, st, seat, "<@"+pl.UserID+">"))
			if ping {
				m.Mentions = append(m.Mentions, pl.UserID)
			}
		}
		if s := t.awayNotes(pub, names); s != "" {
			add(s)
		}
		if humans {
			m.Rows = t.game.Buttons(pub, st, t.action())
		}
	}
	m.Notify = len(m.Mentions) > 0
	if draw := t.game.Board(); draw != nil {
		view := BoardView{State: st.Clone(), Last: last, Since: rc.since, Names: names, Lang: t.lang()}
		m.Image = &Image{Name: "board.png", Render: func(ctx context.Context) ([]byte, error) {
			return draw(ctx, view)
		}}
	}
	return m
}

// Term names the seat in the printer's language (i18n.Term).
func (s seatTerm) Term(p *i18n.Printer) string { return s.t.game.SeatName(p, s.seat) }
