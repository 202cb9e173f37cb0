package bot

import (
	"context"
	"errors"
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
	if a != nil && (a.Game != t.action().Game || a.Moves != t.moves()) {
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
// menu's is "done", and the channel's worker posts the board.
func (b *Bot) move(ctx context.Context, req Request, a *Action, t *table, line string) (Reply, error) {
	v := viaAnswer(req)
	if a != nil {
		v = viaChannel
	}
	lines, last, err := b.commit(ctx, t, req.User.ID, line, v)
	if err != nil {
		return Reply{}, err
	}
	if a != nil {
		done := Message{Content: "✅ " + b.printer(req.User.Locale).T("bot.menu.done")}
		return Reply{Update: true, Message: done, Then: b.then(t)}, nil
	}
	post := b.boardPost(t, strings.Join(lines, "\n"), last, true)
	b.carry(&post, t)
	return Reply{Message: post, Then: b.then(t)}, nil
}

// commit stores move line by user by, then the moves the game makes by
// itself (passes), each with its announcement delivered as v says, and
// returns the lines saying what happened and what the first move did. t
// follows the stored game.
func (b *Bot) commit(ctx context.Context, t *table, by, line string, v via) ([]string, Effect, error) {
	pub := b.cfg.Catalog.Printer(t.lang())
	names := t.names(pub)
	e, said, err := b.appendMove(ctx, t, by, line, v, pub, names)
	if err != nil {
		return nil, nil, err
	}
	lines := []string{said}
	for !t.state.Over() {
		auto, ok := t.state.Auto()
		if !ok {
			break
		}
		_, said, err := b.appendMove(ctx, t, byAuto, auto, v, pub, names)
		if err != nil {
			// The move itself is stored; the automatic one is made next time.
			b.log.Error("storing an automatic move", "err", err, "channel", t.stored.Channel)
			break
		}
		lines = append(lines, said)
	}
	return lines, e, nil
}

// appendMove stores one move after the game's current moves, with its
// announcement, and plays it on t; it returns what the move did and the
// line saying so in the channel's language. The store runs the check in
// its write transaction against the game as stored, so a move made
// meanwhile (a second click, another process) makes this one fail with a
// conflict instead of being applied twice.
func (b *Bot) appendMove(ctx context.Context, t *table, by, line string, v via, pub *i18n.Printer, names []string) (Effect, string, error) {
	n := t.state.Moves()
	var (
		effect Effect
		next   State
		said   string
	)
	g, err := b.cfg.Store.AppendMove(ctx, t.stored.Channel, t.stored.ID,
		store.Move{N: n, Text: line, By: by},
		func(g *store.Game, sm store.Move) (store.Checked, error) {
			if len(g.Moves) != n {
				return store.Checked{}, fail(store.Conflict, "bot.err.conflict")
			}
			// The check may run more than once (grouped commits): each run
			// plays on its own copy.
			s := t.state.Clone()
			e, err := s.Play(line)
			if err != nil {
				return store.Checked{}, err
			}
			effect, next = e, s
			said = t.game.Describe(pub, e, names)
			ch := store.Checked{Announce: v.announcement(said)}
			if s.Over() {
				ch.Finish = store.Over
			}
			return ch, nil
		})
	if err != nil {
		return nil, "", err
	}
	if next == nil {
		return nil, "", errors.New("bot: a stored move was never checked")
	}
	t.state, t.stored = next, g
	b.cfg.Metrics.Move()
	return effect, said, nil
}

// boardPost is the public post of the board: what happened (text), the
// board image, who is to act (pinging them when ping is set) and the
// buttons of the seat to act.
func (b *Bot) boardPost(t *table, text string, last Effect, ping bool) Message {
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
	if st.Over() {
		add("\n" + t.game.Result(pub, st, names))
		if ping {
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
			add(t.game.Prompt(pub, st, seat, "<@"+pl.UserID+">"))
			if ping {
				m.Mentions = append(m.Mentions, pl.UserID)
			}
		}
		if humans {
			m.Rows = t.game.Buttons(pub, st, t.action())
		}
	}
	m.Notify = len(m.Mentions) > 0
	if draw := t.game.Board(); draw != nil {
		view := BoardView{State: st.Clone(), Last: last, Names: names, Lang: t.lang()}
		m.Image = &Image{Name: "board.png", Render: func(ctx context.Context) ([]byte, error) {
			return draw(ctx, view)
		}}
	}
	return m
}

// Term names the seat in the printer's language (i18n.Term).
func (s seatTerm) Term(p *i18n.Printer) string { return s.t.game.SeatName(p, s.seat) }
