package local

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/store"
)

// Given says which of a session's options were asked for, rather than left
// at their defaults: those must agree with a game the session goes on
// with.
type Given struct {
	Players, Computers, Names, Settings bool
}

// Differs is the error of a session asked for a game other than the one
// its channel keeps: more or fewer seats, other computers, other names,
// another start. Going on with the kept game would ignore what was asked;
// the caller says how to start afresh.
type Differs struct {
	Channel string
	// Moves is how far the kept game has gone.
	Moves int
	Diffs []Difference
}

// Difference is one option that disagrees with the kept game.
type Difference struct {
	// Option is "players" (the number of seats), "computers" and "names"
	// (with Seat, from 1), or a setting of the game ("start").
	Option string
	Seat   int
	// Kept is the kept game's value, Asked the session's.
	Kept, Asked string
}

func (e *Differs) Error() string {
	var parts []string
	for _, d := range e.Diffs {
		what := d.Option
		if d.Seat > 0 {
			what = fmt.Sprintf("%s of seat %d", d.Option, d.Seat)
		}
		parts = append(parts, fmt.Sprintf("%s %s, not %s", what, d.Kept, d.Asked))
	}
	return fmt.Sprintf("the game kept in channel %q (%d moves) has %s", e.Channel, e.Moves, strings.Join(parts, "; "))
}

// ensureGame starts a game in the channel unless one is there to
// continue, and explains how to read the position as text.
func (s *Session) ensureGame(ctx context.Context) error {
	if err := s.startOrContinue(ctx); err != nil {
		return err
	}
	s.printKey()
	return nil
}

// startOrContinue starts a game in the channel unless one is there to
// continue.
func (s *Session) startOrContinue(ctx context.Context) error {
	g, st, err := s.table(ctx)
	if err == nil && s.opts.New {
		if err := s.cancelKept(ctx, g); err != nil {
			return err
		}
		g, st, err = s.table(ctx)
	}
	switch {
	case err == nil && g.Kind != s.game.Kind():
		return errors.New(s.printer().T("local.err.game", "game", g.Kind))
	case err == nil && st != nil:
		if err := s.agrees(g); err != nil {
			return err
		}
		fmt.Fprintln(s.out, s.printer().N("local.continue", len(g.Moves), "channel", s.opts.Channel))
		// The board as it stands, with the last move that led to it, as
		// someone coming back to the game needs it.
		s.handle(ctx, bot.Request{Kind: bot.CommandRequest, User: s.user(s.toMove(ctx)), Command: cmdBoard}, true)
		// A computer left to move (the bot stopped while it thought)
		// moves now.
		s.bot.Resume(ctx)
		s.bot.Wait(ctx, s.opts.Channel)
		return nil
	case err == nil:
		// A lobby left from an earlier session: seat everyone and start.
		return s.seatAndStart(ctx)
	case rules.ErrorCode(err) == store.NotFound:
		return s.newGame(ctx)
	default:
		return err
	}
}

// newGame opens a table in the channel with the session's players and
// options, and starts it.
func (s *Session) newGame(ctx context.Context) error {
	opts := map[string]string{"players": fmt.Sprint(len(s.opts.Players))}
	for k, v := range s.opts.Settings {
		opts[k] = v
	}
	r := s.handle(ctx, bot.Request{Kind: bot.CommandRequest, User: s.user(s.opener()), Command: cmdNew, Options: opts}, false)
	if r.Failed {
		return errors.New(r.Message.Content)
	}
	return s.seatAndStart(ctx)
}

// seatAndStart seats the session's other players, people and computers,
// at the channel's open table and starts the game. In a game of
// computers alone the onlooker seats the first computer, leaves the seats
// to the computers (the table stays theirs) and seats the others, so that
// the seats keep the order asked for.
func (s *Session) seatAndStart(ctx context.Context) error {
	first := s.opener()
	add := func(level string) error {
		req := s.request(bot.Request{Kind: bot.CommandRequest, User: s.user(first)})
		if _, err := s.bot.AddComputer(ctx, req, level); err != nil {
			return errors.New(s.bot.Explain(req, err))
		}
		return nil
	}
	if s.opts.alone() {
		if err := add(s.opts.Computers[0]); err != nil {
			return err
		}
		if r := s.handle(ctx, bot.Request{Kind: bot.CommandRequest, User: s.user(first), Command: cmdLeave}, false); r.Failed {
			return errors.New(r.Message.Content)
		}
	}
	for i, name := range s.opts.Players[1:] {
		if i+1 < len(s.opts.Computers) && s.opts.Computers[i+1] != "" {
			if err := add(s.opts.Computers[i+1]); err != nil {
				return err
			}
			continue
		}
		s.handle(ctx, bot.Request{Kind: bot.CommandRequest, User: s.user(name), Command: "join"}, false)
	}
	s.handle(ctx, bot.Request{Kind: bot.CommandRequest, User: s.user(first), Command: "start"}, true)
	return nil
}

// cancelKept cancels the channel's kept game, for a session asked to
// start afresh (Options.New); it stays in the archive. The session says
// so itself: the host's answer would name the opener as who cancelled.
func (s *Session) cancelKept(ctx context.Context, g *store.Game) error {
	u := s.user(s.opener())
	u.ManageChannels = true // the terminal's user owns its channels
	r := s.handle(ctx, bot.Request{Kind: bot.CommandRequest, User: u, Command: "cancel"}, false)
	if r.Failed {
		return errors.New(r.Message.Content)
	}
	fmt.Fprintln(s.out, s.printer().N("local.fresh", len(g.Moves), "channel", s.opts.Channel))
	return nil
}

// agrees checks the options the session was given against the game kept
// in its channel.
func (s *Session) agrees(g *store.Game) error {
	var diffs []Difference
	given := s.opts.Given
	if given.Players && len(g.Players) != len(s.opts.Players) {
		diffs = append(diffs, Difference{Option: "players", Kept: fmt.Sprint(len(g.Players)), Asked: fmt.Sprint(len(s.opts.Players))})
	}
	for i, pl := range g.Players {
		if i >= len(s.opts.Players) {
			break
		}
		asked := ""
		if i < len(s.opts.Computers) {
			asked = s.opts.Computers[i]
		}
		if given.Computers && pl.Computer != asked {
			diffs = append(diffs, Difference{Option: "computers", Seat: i + 1, Kept: levelOrPerson(pl.Computer), Asked: levelOrPerson(asked)})
		}
		if given.Names && pl.Computer == "" && asked == "" && !strings.EqualFold(pl.UserID, s.opts.Players[i]) {
			diffs = append(diffs, Difference{Option: "names", Seat: i + 1, Kept: pl.UserID, Asked: s.opts.Players[i]})
		}
	}
	if given.Settings {
		for k, v := range s.opts.Settings {
			if kept, ok := g.Settings[k]; ok && kept != v {
				diffs = append(diffs, Difference{Option: k, Kept: kept, Asked: v})
			}
		}
	}
	if len(diffs) == 0 {
		return nil
	}
	return &Differs{Channel: s.opts.Channel, Moves: len(g.Moves), Diffs: diffs}
}

// levelOrPerson names a seat's player for Differs: a computer level, or
// "human".
func levelOrPerson(level string) string {
	if level == "" {
		return "human"
	}
	return level
}

// over answers a command in a channel whose game has ended: the last game
// is in the archive, and the session can start another.
func (s *Session) over(ctx context.Context) string {
	p := s.printer()
	games, err := s.store.Archived(ctx, s.opts.Channel)
	if err != nil || len(games) == 0 {
		return "⚠️ " + p.T("local.err.no-game", "channel", s.opts.Channel)
	}
	last := games[0]
	for _, g := range games[1:] {
		if g.LastActivity().After(last.LastActivity()) {
			last = g
		}
	}
	return "⚠️ " + p.T("local.err.ended", "channel", s.opts.Channel, "game", last.ID)
}
