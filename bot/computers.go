package bot

import (
	"context"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/ai"
	"github.com/tablebot/tablebot/store"
)

// computerLevels are the levels offered in the lobby.
var computerLevels = []ai.Level{ai.Easy, ai.Medium, ai.Hard}

// computer returns the computer player of a seat: its level from the
// store, its seed from the game's seed and the seat, so that its moves
// replay exactly.
func (b *Bot) computer(t *table, c shangrila.Colour) (ai.Player, bool) {
	pl, ok := t.seat(c)
	if !ok || pl.Computer == "" {
		return nil, false
	}
	level, ok := ai.ParseLevel(pl.Computer)
	if !ok {
		return nil, false
	}
	seed, _ := strconv.ParseUint(t.stored.Settings[settingSeed], 10, 64)
	return ai.New(level, seed^uint64(c)<<56, b.cfg.Computers), true
}

// computerName is a computer seat's name in a language: "Computer (hard)".
func computerName(p *i18n.Printer, level string) string {
	return p.T("bot.computer.name", "level", p.T("bot.level."+level))
}

// afterMove returns the work that follows a move: the turns of computer
// players, one after the other, until a person is to move or the game is
// over. Nil when there is nothing to do.
func (b *Bot) afterMove(t *table) func(context.Context) {
	if t.game == nil {
		return nil
	}
	pos := t.position()
	if pos.Phase() == shangrila.Over {
		return nil
	}
	if _, ok := b.computer(t, pos.Turn()); !ok {
		return nil
	}
	channel := t.stored.Channel
	return func(ctx context.Context) { b.runComputers(ctx, channel) }
}

// runComputers plays computer turns in a channel. A computer thinks
// without holding the channel's lock (a hard one may think for seconds,
// and people's requests must be answered meanwhile), then stores its move
// only if nobody moved in between.
func (b *Bot) runComputers(ctx context.Context, channel string) {
	for ctx.Err() == nil {
		t, err := b.load(ctx, channel)
		if err != nil || t.game == nil {
			return
		}
		pos := t.position()
		if pos.Phase() == shangrila.Over {
			return
		}
		player, ok := b.computer(t, pos.Turn())
		if !ok {
			return
		}
		n := t.game.NumMoves()
		m := player.Move(ctx, &pos)
		if ctx.Err() != nil {
			return
		}
		post, ok := b.computerMove(ctx, channel, n, m)
		if !ok {
			continue // the game changed while the computer thought
		}
		if b.cfg.Poster != nil {
			if _, err := b.cfg.Poster.Post(ctx, channel, post); err != nil {
				b.log.Error("posting a computer's move", "err", err, "channel", channel)
			}
		}
	}
}

// computerMove stores a computer's move if the game still has n moves and
// returns the board post.
func (b *Bot) computerMove(ctx context.Context, channel string, n int, m shangrila.Move) (Message, bool) {
	unlock := b.lock(channel)
	defer unlock()
	t, err := b.load(ctx, channel)
	if err != nil || t.game == nil || t.game.NumMoves() != n {
		return Message{}, false
	}
	lines, last, err := b.commit(ctx, t, store.Computer, m)
	if err != nil {
		if rules.ErrorCode(err) == rules.Internal {
			b.log.Error("storing a computer's move", "err", err, "channel", channel, "move", m.String())
		}
		return Message{}, false
	}
	return b.boardPost(ctx, t, strings.Join(lines, "\n"), last), true
}

// Resume plays the pending computer turns of every channel, after a
// restart: a game left waiting on a computer goes on by itself.
func (b *Bot) Resume(ctx context.Context) {
	games, err := b.cfg.Store.List(ctx)
	if err != nil {
		b.log.Error("listing games to resume", "err", err)
		return
	}
	for _, g := range games {
		if g.Status != store.Playing || g.Kind != Kind {
			continue
		}
		t, err := replayStored(g)
		if err != nil {
			continue
		}
		if then := b.afterMove(t); then != nil {
			then(ctx)
		}
	}
}

// AddComputer seats a computer player of the given level at the channel's
// open table, on behalf of its creator.
func (b *Bot) AddComputer(ctx context.Context, req Request, level string) (Reply, error) {
	lv, ok := ai.ParseLevel(level)
	if !ok || lv == ai.Random {
		return Reply{}, fail(Lobby, "bot.err.level")
	}
	unlock := b.lock(req.Channel)
	defer unlock()
	a := b.componentAction(req)
	t, err := b.lobby(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	if req.User.ID != t.stored.Creator {
		return Reply{}, fail(NotAllowed, "bot.err.not-creator-computer", "name", creatorName(t.stored))
	}
	seats, _ := strconv.Atoi(t.stored.Settings[settingSeats])
	g, err := b.cfg.Store.Update(ctx, req.Channel, t.stored.ID, func(g *store.Game) error {
		if len(g.Players) >= seats {
			return fail(Lobby, "bot.err.full", "seats", seats)
		}
		g.Players = append(g.Players, store.Player{Name: "Computer (" + lv.String() + ")", Computer: lv.String()})
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	t.stored = g
	return b.lobbyAnswer(t, a != nil), nil
}

// hint suggests a move privately to the player to move, with a reason.
func (b *Bot) hint(ctx context.Context, req Request) (Reply, error) {
	var a *action
	if req.Kind == ComponentRequest {
		a = b.componentAction(req)
	}
	t, c, err := b.playing(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	pos := t.position()
	if pos.Phase() == shangrila.Over {
		return Reply{}, rules.Errorf(rules.GameOver, "shangrila.over", nil, "The game is over")
	}
	if turn := pos.Turn(); turn != c {
		return Reply{}, rules.Errorf(rules.NotYourTurn, "shangrila.turn", []any{"player", c, "turn", turn}, "not your turn")
	}
	seed, _ := strconv.ParseUint(t.stored.Settings[settingSeed], 10, 64)
	_, reason := ai.Hint(ctx, &pos, seed+uint64(t.game.NumMoves()))
	return Reply{Private: true, Message: Message{Content: "💡 " + hintText(b.printer(req.User.Locale), reason)}}, nil
}

// hintText writes a hint's reason in the printer's language.
func hintText(p *i18n.Printer, r ai.Reason) string {
	key := r.Key
	if n, _ := r.Args["students"].(int); n == 2 {
		key += ".two"
	}
	if v, ok := r.Args["victim"].(shangrila.Colour); ok && v == shangrila.NoColour {
		key += ".others"
	}
	args := make([]any, 0, 2*len(r.Args))
	for k, v := range r.Args {
		args = append(args, k, v)
	}
	var text string
	if n, ok := r.Args["count"].(int); ok {
		text = p.N(key, n, args...)
	} else {
		text = p.T(key, args...)
	}
	if text == key {
		return r.String()
	}
	return text
}

// Slow reports whether a request may take longer than Discord's three
// seconds to answer (a hint searches like a hard computer player), so
// that an adapter acknowledges it first.
func (b *Bot) Slow(req Request) bool {
	if req.Kind == CommandRequest {
		return req.Command == "hint"
	}
	if a, ok := parseAction(req.CustomID); ok && req.Kind == ComponentRequest {
		return a.step == "hint"
	}
	return false
}
