package local

import (
	"context"
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/bot"
)

// A game record piped into a session plays as it stands, its computer
// seats' lines included: the computers of a record do not think for
// themselves. While the input is a record (not a terminal, and its header
// has been read), a computer's turn first looks at the next input line:
// when the line is that computer seat's move, the computer plays it.
// Otherwise, at the end of the input or on a line for someone else, the
// computer plays its own move.

// scriptedGame is the session's game with computers that follow a piped
// record.
type scriptedGame struct {
	bot.Game
	s *Session
}

// Computer returns the game's computer player of a seat, following the
// record while there is one.
func (g scriptedGame) Computer(level string, seed uint64, seat int) (bot.Computer, bool) {
	c, ok := g.Game.Computer(level, seed, seat)
	if !ok {
		return nil, false
	}
	return scriptedComputer{Computer: c, s: g.s, seat: seat}, true
}

// scriptedComputer is one seat's computer player in a session.
type scriptedComputer struct {
	bot.Computer
	s    *Session
	seat int
}

// Move plays the record's line for the seat when the next input line is
// one, else thinks.
func (c scriptedComputer) Move(ctx context.Context, st bot.State) (string, error) {
	if line, ok := c.s.recordMove(ctx, st, c.seat); ok {
		return line, nil
	}
	return c.Computer.Move(ctx, st)
}

// recordMove takes the next input lines while they are the record's
// lines for computer seats: lines the game has made already (a pass, a
// person's too) are acknowledged, and the move of seat is returned to be
// played. It leaves
// any other line for the session.
func (s *Session) recordMove(ctx context.Context, st bot.State, seat int) (string, bool) {
	if !s.recording() {
		return "", false
	}
	g, _, err := s.table(ctx)
	if err != nil {
		return "", false
	}
	for {
		raw, ok := s.in.peek()
		if !ok {
			return "", false
		}
		words := strings.Fields(stripComment(raw))
		if len(words) == 0 {
			s.in.take()
			s.echo(raw)
			continue
		}
		who, ok := s.seatNamed(g, words[0])
		if !ok || len(words) < 2 {
			return "", false
		}
		// A line the game has made already is acknowledged whoever's it
		// is: a person's automatic pass between two computers' moves must
		// not stop the record there.
		if say, done := s.madeAlready(st, who.seat, words[1:]); done {
			s.in.take()
			s.echo(raw)
			fmt.Fprintln(s.out, say)
			continue
		}
		if who.computer == "" || who.seat != seat {
			return "", false
		}
		s.in.take()
		s.echo(raw)
		line := strings.Join(words, " ")
		if _, err := st.Clone().Play(line); err != nil {
			// An illegal line: say why, and let the computer play.
			fmt.Fprintln(s.out, s.bot.Explain(s.request(bot.Request{User: s.user(s.opener())}), err))
			return "", false
		}
		return line, true
	}
}

// madeAlready reports whether the game has already made a seat's typed
// move by itself (a pass of a player with no legal action), with what to
// say about it.
func (s *Session) madeAlready(st bot.State, seat int, words []string) (string, bool) {
	if st == nil {
		return "", false
	}
	t, ok, err := s.game.Typed(st, seat, words, s.printer())
	if !ok || err != nil || t.Command != "" {
		return "", false
	}
	return t.Say, true
}

// recording reports whether the input is a record whose computer lines
// are to be played as they stand.
func (s *Session) recording() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.record
}

// startRecord marks the input as a record, once its header is read, when
// the input is piped.
func (s *Session) startRecord() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.record = s.opts.Echo
}

// stripComment returns a line without its comment.
func stripComment(line string) string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		return line[:i]
	}
	return line
}
