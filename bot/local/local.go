// Package local plays tablebot in a terminal: `tablebot local`. A session
// behaves like a Discord channel: people type the same commands as in
// Discord (/shangrila place village:A master:rainmaker) or short forms
// (place A rainmaker), and lines of a game record (red place D healer)
// work as they stand. It drives the very same command layer (package bot),
// so what works here works in Discord; it knows no game itself.
package local

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/store"
)

// Options configures a session.
type Options struct {
	// Game is the kind of game played ("shangrila"), one of the bot's.
	Game string
	// Channel is the channel name the game lives under in the database.
	Channel string
	// Players are the players' names in seat order.
	Players []string
	// Computers gives, seat by seat, the level of a computer player ("easy",
	// "medium", "hard"), or "" for a person. The first seat is a person:
	// the one who opens the table.
	Computers []string
	// Settings are the options of the game's "new" subcommand besides
	// players ("start": "suggested").
	Settings map[string]string
	// Lang is the language of everything the session prints.
	Lang i18n.Lang
	// Out is a directory for board images; empty writes none.
	Out string
	// Echo prints each input line before its answer (for piped input).
	Echo bool
}

// Session is a terminal game session. It implements bot.Poster.
type Session struct {
	bot    *bot.Bot
	game   bot.Game
	opts   Options
	out    io.Writer
	typist string // who is typing; "" means the player to move
}

// New returns a session on the given command layer configuration; the
// session posts for the bot itself.
func New(cfg bot.Config, opts Options, out io.Writer) (*Session, error) {
	if opts.Channel == "" {
		opts.Channel = "local"
	}
	if len(opts.Computers) > 0 && opts.Computers[0] != "" {
		return nil, errors.New("local: the first seat is the person who opens the table, not a computer")
	}
	if opts.Lang == "" {
		opts.Lang = i18n.English
	}
	s := &Session{opts: opts, out: out}
	cfg.Poster = s
	b, err := bot.New(cfg)
	if err != nil {
		return nil, err
	}
	for _, g := range b.Games() {
		if g.Kind() == opts.Game {
			s.game = g
		}
	}
	if s.game == nil {
		return nil, fmt.Errorf("local: no game %q", opts.Game)
	}
	if rule := s.game.Seats(); len(opts.Players) < rule.Min || len(opts.Players) > rule.Max {
		return nil, fmt.Errorf("local: %d to %d players", rule.Min, rule.Max)
	}
	s.bot = b
	return s, nil
}

// Run reads commands from in, one a line, until its end or quit.
func (s *Session) Run(ctx context.Context, in io.Reader) error {
	defer s.bot.Close()
	if err := s.ensureGame(ctx); err != nil {
		return err
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if quit := s.line(ctx, sc.Text()); quit {
			return nil
		}
	}
	if err := sc.Err(); err != nil && !errors.Is(err, bufio.ErrTooLong) {
		return err
	}
	return nil
}

// printer is the session's language.
func (s *Session) printer() *i18n.Printer { return s.bot.Printer(s.opts.Lang) }

// table returns the channel's game and its state (nil in the lobby).
func (s *Session) table(ctx context.Context) (*store.Game, bot.State, error) {
	return s.bot.Table(ctx, s.opts.Channel)
}

// ensureGame starts a game in the channel unless one is there to continue.
func (s *Session) ensureGame(ctx context.Context) error {
	g, st, err := s.table(ctx)
	switch {
	case err == nil && g.Kind != s.game.Kind():
		p := s.printer()
		return errors.New(p.T("local.err.game", "game", g.Kind))
	case err == nil && st != nil:
		fmt.Fprintln(s.out, s.printer().T("local.continue", "channel", s.opts.Channel, "moves", len(g.Moves)))
		s.printPosition(g, st)
		return nil
	case err == nil:
		// A lobby left from an earlier session: seat everyone and start.
	case rules.ErrorCode(err) == store.NotFound:
		opts := map[string]string{"players": fmt.Sprint(len(s.opts.Players))}
		for k, v := range s.opts.Settings {
			opts[k] = v
		}
		s.handle(ctx, bot.Request{Kind: bot.CommandRequest, User: s.user(s.opts.Players[0]), Command: "new", Options: opts}, false)
	default:
		return err
	}
	first := s.opts.Players[0]
	for i, name := range s.opts.Players[1:] {
		if i+1 < len(s.opts.Computers) && s.opts.Computers[i+1] != "" {
			req := s.request(bot.Request{Kind: bot.CommandRequest, User: s.user(first)})
			if _, err := s.bot.AddComputer(ctx, req, s.opts.Computers[i+1]); err != nil {
				return errors.New(s.bot.Explain(req, err))
			}
			continue
		}
		s.handle(ctx, bot.Request{Kind: bot.CommandRequest, User: s.user(name), Command: "join"}, false)
	}
	s.handle(ctx, bot.Request{Kind: bot.CommandRequest, User: s.user(first), Command: "start"}, true)
	return nil
}

// user is the user behind a player name: in a terminal, the name is the id.
func (s *Session) user(name string) bot.User {
	return bot.User{ID: name, Name: name, Locale: string(s.opts.Lang)}
}

// request fills in where a request comes from: the session's channel.
func (s *Session) request(req bot.Request) bot.Request {
	req.Channel, req.Guild, req.Game = s.opts.Channel, "local", s.game.Kind()
	req.GuildLocale = string(s.opts.Lang)
	if req.Options == nil {
		req.Options = map[string]string{}
	}
	return req
}

// handle sends a request to the bot and prints the answer, then the posts
// and the computer turns that follow.
func (s *Session) handle(ctx context.Context, req bot.Request, show bool) bot.Reply {
	req = s.request(req)
	r := s.bot.Handle(ctx, req)
	if show || r.Failed {
		s.print(ctx, r.Message, r.Private, req.User.ID)
	}
	if r.Message.Sent != nil {
		// Printed (or, unshown, as good as): the board it carries is not
		// owed any more.
		r.Message.Sent(ctx, "")
	}
	for _, p := range r.Posts {
		s.Post(ctx, s.opts.Channel, p)
	}
	if r.Then != nil {
		r.Then()
		s.bot.Wait(ctx, s.opts.Channel)
	}
	return r
}

// Post prints a public message (bot.Poster).
func (s *Session) Post(ctx context.Context, channel string, m bot.Message) (string, error) {
	s.print(ctx, m, false, "")
	return "", nil
}

var mention = regexp.MustCompile(`<@([^>]*)>`)

// print shows a message: its text (mentions as @name), where its board
// image was written, and the position as text after a board.
func (s *Session) print(ctx context.Context, m bot.Message, private bool, to string) {
	text := mention.ReplaceAllString(m.Content, "@$1")
	if private {
		text = s.printer().T("local.private", "name", to) + " " + text
	}
	fmt.Fprintln(s.out, text)
	if m.Image == nil {
		return
	}
	if g, st, err := s.table(ctx); err == nil && st != nil {
		s.printPosition(g, st)
	}
	if s.opts.Out == "" {
		return
	}
	png, err := m.Image.Render(ctx)
	if err != nil {
		fmt.Fprintln(s.out, s.printer().T("bot.err.internal"))
		return
	}
	path := filepath.Join(s.opts.Out, "board.png")
	err = os.MkdirAll(s.opts.Out, 0o755)
	if err == nil {
		err = os.WriteFile(path, png, 0o644)
	}
	if err != nil {
		fmt.Fprintln(s.out, "⚠️ "+s.printer().T("local.err.image", "path", path, "err", err.Error()))
		return
	}
	fmt.Fprintln(s.out, s.printer().T("local.image", "path", path))
}

// printPosition prints the game's position as text.
func (s *Session) printPosition(g *store.Game, st bot.State) {
	p := s.printer()
	names := make([]string, len(g.Players))
	for i, pl := range g.Players {
		names[i] = pl.Name
		if names[i] == "" {
			names[i] = s.game.SeatName(p, i)
		}
	}
	fmt.Fprint(s.out, s.game.Text(p, st, names))
}

// valid reports whether a typed line is text.
func valid(line string) bool { return utf8.ValidString(line) && !strings.ContainsRune(line, 0) }
