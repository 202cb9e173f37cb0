package bot

import (
	"context"
	"errors"
	"strings"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
	"github.com/tablebot/tablebot/store"
)

// byAuto is the author of moves the bot makes for a player: the passes of
// a player without a legal action.
const byAuto = "auto"

// typedMove makes the move of a slash command: place, recruit or journey.
func (b *Bot) typedMove(ctx context.Context, req Request) (Reply, error) {
	return b.play(ctx, req, nil, func(c shangrila.Colour, pos shangrila.Position) (shangrila.Move, error) {
		return moveFromOptions(req, c, pos)
	})
}

// moveFromOptions reads a move from a command's options. During the setup
// phase, place makes the setup placement.
func moveFromOptions(req Request, c shangrila.Colour, pos shangrila.Position) (shangrila.Move, error) {
	site := func(vName, dName string) (shangrila.Site, error) {
		v, ok := shangrila.ParseVillage(strings.TrimSpace(req.Option(vName)))
		if !ok {
			return shangrila.Site{}, fail(rules.Invalid, "notation.village", "word", clipWord(req.Option(vName)))
		}
		d, ok := notation.ParseDiscipline(strings.TrimSpace(req.Option(dName)))
		if !ok {
			return shangrila.Site{}, fail(rules.Invalid, "notation.discipline", "word", clipWord(req.Option(dName)))
		}
		return shangrila.Site{Village: v, Discipline: d}, nil
	}
	switch req.Command {
	case "place":
		s, err := site("village", "master")
		if err != nil {
			return shangrila.Move{}, err
		}
		if pos.Phase() == shangrila.SetupPhase {
			return shangrila.SetupMove(c, s.Village, s.Discipline), nil
		}
		return shangrila.PlaceMove(c, s.Village, s.Discipline), nil
	case "recruit":
		s, err := site("village", "master")
		if err != nil {
			return shangrila.Move{}, err
		}
		v2, d2 := req.Option("village2"), req.Option("master2")
		if v2 == "" && d2 == "" {
			return shangrila.RecruitMove(c, s), nil
		}
		if v2 == "" || d2 == "" {
			return shangrila.Move{}, fail(rules.Invalid, "bot.err.second-student")
		}
		s2, err := site("village2", "master2")
		if err != nil {
			return shangrila.Move{}, err
		}
		return shangrila.RecruitMove(c, s, s2), nil
	}
	from, ok := shangrila.ParseVillage(strings.TrimSpace(req.Option("from")))
	if !ok {
		return shangrila.Move{}, fail(rules.Invalid, "notation.village", "word", clipWord(req.Option("from")))
	}
	to, ok := shangrila.ParseVillage(strings.TrimSpace(req.Option("to")))
	if !ok {
		return shangrila.Move{}, fail(rules.Invalid, "notation.village", "word", clipWord(req.Option("to")))
	}
	return shangrila.JourneyMove(c, from, to), nil
}

// clipWord shortens what someone typed before it is quoted back.
func clipWord(s string) string {
	if r := []rune(s); len(r) > 24 {
		return string(r[:24]) + "…"
	}
	return s
}

// play makes a player's move: it checks who asks, builds the move in the
// current position, commits it with the passes that follow, and answers
// with the board. a is the menu action for moves made through menus (the
// answer then updates the menu and the board is posted in the channel).
func (b *Bot) play(ctx context.Context, req Request, a *action, build func(shangrila.Colour, shangrila.Position) (shangrila.Move, error)) (Reply, error) {
	unlock := b.lock(req.Channel)
	defer unlock()
	t, c, err := b.playing(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	pos := t.position()
	m, err := build(c, pos)
	if err != nil {
		return Reply{}, err
	}
	if err := pos.Check(m); err != nil {
		return Reply{}, err
	}
	lines, last, err := b.commit(ctx, t, req.User.ID, m)
	if err != nil {
		return Reply{}, err
	}
	post := b.boardPost(ctx, t, strings.Join(lines, "\n"), last)
	if a != nil {
		done := Message{Content: "✅ " + b.printer(req.User.Locale).T("bot.menu.done")}
		return Reply{Update: true, Message: done, Posts: []Message{post}, Then: b.afterMove(t)}, nil
	}
	return Reply{Message: post, Then: b.afterMove(t)}, nil
}

// playing loads the channel's game in play and the asker's colour; for a
// menu action it also checks that the board has not moved on.
func (b *Bot) playing(ctx context.Context, req Request, a *action) (*table, shangrila.Colour, error) {
	t, err := b.load(ctx, req.Channel)
	if err != nil {
		return nil, 0, err
	}
	if t.stored.Status == store.Lobby {
		return nil, 0, fail(Lobby, "bot.err.not-started")
	}
	if a != nil && (a.game != t.token() || a.moves != t.game.NumMoves()) {
		return nil, 0, b.stale(req, t)
	}
	c, ok := t.colourOf(req.User.ID)
	if !ok {
		return nil, 0, fail(NotPlayer, "bot.err.not-player")
	}
	return t, c, nil
}

// stale is the error for a component of an older board.
func (b *Bot) stale(req Request, t *table) error {
	if link := b.link(req.Guild, req.Channel, t.stored.BoardMessage); link != "" {
		return fail(Stale, "bot.err.stale-link", "link", link)
	}
	return fail(Stale, "bot.err.stale")
}

// commit stores move m by user by, then the passes of players who cannot
// act, and returns the lines saying what happened and what the last move
// did. t follows the stored game.
func (b *Bot) commit(ctx context.Context, t *table, by string, m shangrila.Move) ([]string, *shangrila.Effects, error) {
	pub := b.cfg.Catalog.Printer(t.lang())
	var lines []string
	e, err := b.appendMove(ctx, t, by, m)
	if err != nil {
		return nil, nil, err
	}
	lines = append(lines, describe(pub, e))
	last := e
	for {
		pos := t.position()
		if pos.Phase() == shangrila.Over {
			break
		}
		legal := pos.LegalMoves(nil)
		if len(legal) != 1 || legal[0].Kind != shangrila.Pass {
			break
		}
		e, err := b.appendMove(ctx, t, byAuto, legal[0])
		if err != nil {
			// The move itself is stored; the pass will be made next time.
			b.log.Error("storing an automatic pass", "err", err, "channel", t.stored.Channel)
			break
		}
		lines = append(lines, describe(pub, e))
	}
	return lines, last, nil
}

// appendMove stores one move after the game's current moves and plays it on
// t. The store runs the check in its write transaction against the game
// as stored, so a move made meanwhile (a second click, another process)
// makes this one fail with a conflict instead of being applied twice.
func (b *Bot) appendMove(ctx context.Context, t *table, by string, m shangrila.Move) (*shangrila.Effects, error) {
	n := t.game.NumMoves()
	pos := t.position()
	var effects shangrila.Effects
	g, err := b.cfg.Store.AppendMove(ctx, t.stored.Channel, t.stored.ID,
		store.Move{N: n, Text: notation.FormatMove(m), By: by},
		func(g *store.Game, sm store.Move) (store.Checked, error) {
			if len(g.Moves) != n {
				return store.Checked{}, fail(store.Conflict, "bot.err.conflict")
			}
			next, e, err := pos.Apply(m)
			if err != nil {
				return store.Checked{}, err
			}
			effects = e
			var ch store.Checked
			if next.Phase() == shangrila.Over {
				ch.Finish = store.Over
			}
			return ch, nil
		})
	if err != nil {
		return nil, err
	}
	if _, err := t.game.Play(m); err != nil {
		return nil, errors.Join(errors.New("bot: a stored move does not apply"), err)
	}
	t.stored = g
	return &effects, nil
}

// boardPost is the public post after a move: what happened, the board
// image, whose turn it is (pinging only that player) and the buttons of
// the player to move.
func (b *Bot) boardPost(ctx context.Context, t *table, text string, last *shangrila.Effects) Message {
	pub := b.cfg.Catalog.Printer(t.lang())
	pos := t.position()
	m := Message{Content: text}
	add := func(s string) {
		if m.Content != "" {
			m.Content += "\n"
		}
		m.Content += s
	}
	if pos.Phase() == shangrila.Over {
		add("\n" + describeEnd(pub, &pos, func(c shangrila.Colour) string { return t.name(pub, c) }))
	} else {
		turn := pos.Turn()
		pl, _ := t.seat(turn)
		switch {
		case pl.Computer != "":
			add(pub.T("bot.turn.computer", "name", t.name(pub, turn), "mark", colourMark(turn)))
		case pos.Phase() == shangrila.SetupPhase:
			add(pub.T("bot.turn.setup", "mention", "<@"+pl.UserID+">", "mark", colourMark(turn), "colour", turn))
			m.Mention = pl.UserID
		default:
			add(pub.T("bot.turn.play", "mention", "<@"+pl.UserID+">", "mark", colourMark(turn), "colour", turn))
			m.Mention = pl.UserID
		}
		if pl.Computer == "" {
			m.Rows = b.actionRows(pub, t, pos)
		}
	}
	if b.cfg.Board != nil {
		view := BoardView{Position: pos, Last: last, Names: t.names(pub), Lang: t.lang()}
		m.Image = &Image{Name: "board.png", Render: func(ctx context.Context) ([]byte, error) {
			return b.cfg.Board(ctx, view)
		}}
	}
	channel, id, moves := t.stored.Channel, t.stored.ID, t.game.NumMoves()
	over := pos.Phase() == shangrila.Over
	m.Sent = func(ctx context.Context, messageID string) {
		if over {
			return // the game is archived; nothing points at its board any more
		}
		_, err := b.cfg.Store.Update(ctx, channel, id, func(g *store.Game) error {
			if len(g.Moves) == moves {
				g.BoardMessage = messageID
			}
			return nil
		})
		if err != nil && rules.ErrorCode(err) == rules.Internal {
			b.log.Error("remembering the board post", "err", err, "channel", channel)
		}
	}
	return m
}

// actionRows are the buttons under a board for the player to move; a
// button without a legal move behind it is disabled.
func (b *Bot) actionRows(p *i18n.Printer, t *table, pos shangrila.Position) []Row {
	a := action{game: t.token(), moves: t.game.NumMoves()}
	if pos.Phase() == shangrila.SetupPhase {
		return []Row{{Buttons: []Button{
			{ID: a.with("place").id(), Label: p.T("bot.button.setup"), Emoji: "🏠", Style: Primary},
			{ID: a.with("hint").id(), Label: p.T("bot.button.hint"), Emoji: "💡", Style: Secondary},
		}}}
	}
	has := map[shangrila.Kind]bool{}
	for _, m := range pos.LegalMoves(nil) {
		has[m.Kind] = true
	}
	return []Row{{Buttons: []Button{
		{ID: a.with("place").id(), Label: p.T("bot.button.place"), Emoji: "🏠", Style: Primary, Disabled: !has[shangrila.Place]},
		{ID: a.with("recruit").id(), Label: p.T("bot.button.recruit"), Emoji: "🎓", Style: Primary, Disabled: !has[shangrila.Recruit]},
		{ID: a.with("journey").id(), Label: p.T("bot.button.journey"), Emoji: "🌉", Style: Primary, Disabled: !has[shangrila.Journey]},
		{ID: a.with("hint").id(), Label: p.T("bot.button.hint"), Emoji: "💡", Style: Secondary},
	}}}
}
