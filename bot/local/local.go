// Package local plays tablebot in a terminal: `tablebot local`. A session
// behaves like a Discord channel: people type the same commands as in
// Discord (/shangrila place village:A master:rainmaker), in English or in
// the session's language (colocar A sanador), or short forms (place A
// rainmaker), and lines of a game record (red place D healer) work as they
// stand, computer seats' lines included. It drives the very same command
// layer (package bot), so what works here works in Discord; it knows no
// game itself.
package local

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
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
	// "medium", "hard"), or "" for a person. The first seat is a person,
	// the one who opens the table, unless every seat is a computer: a game
	// of computers alone, which the session's user (Onlooker) opens and
	// watches.
	Computers []string
	// Settings are the options of the game's "new" subcommand besides
	// players ("start": "suggested").
	Settings map[string]string
	// Given says which of the options above were asked for: a game kept in
	// the channel that disagrees with them is not continued (Run fails
	// with *Differs).
	Given Given
	// New cancels the game kept in the channel, if any, and starts a new
	// one; the old one stays in the archive.
	New bool
	// Lang is the language of everything the session prints.
	Lang i18n.Lang
	// Out is a directory for board images; empty writes none.
	Out string
	// Echo prints each input line before its answer: the input is piped,
	// not typed. A record piped in then plays as it stands, computer
	// seats' lines included.
	Echo bool
	// Prompt shows who is typing before each line: the input is a
	// terminal.
	Prompt bool
}

// Onlooker is the session's user in a game of computers alone: who opens
// the table, leaves the seats to the computers and watches.
const Onlooker = "onlooker"

// alone reports whether every seat is a computer's.
func (o Options) alone() bool {
	if len(o.Computers) != len(o.Players) || len(o.Players) == 0 {
		return false
	}
	for _, lv := range o.Computers {
		if lv == "" {
			return false
		}
	}
	return true
}

// opener is who opens the table: the first seat's person, or the
// onlooker of a game of computers alone.
func (s *Session) opener() string {
	if s.opts.alone() {
		return Onlooker
	}
	return s.opts.Players[0]
}

// Session is a terminal game session. It implements bot.Poster.
type Session struct {
	bot   *bot.Bot
	game  bot.Game
	store store.Store
	words *vocabulary
	opts  Options
	out   io.Writer
	in    *input
	// typist is who is typing; "" means the player to move.
	typist string
	// hostLines is set right after a record's game line, while its host
	// lines may follow (where and by whom it was played: not the
	// terminal's business).
	hostLines bool

	mu sync.Mutex
	// record is set once a piped record's header is read (guarded by mu:
	// a computer's turn reads it).
	record bool
}

// New returns a session on the given command layer configuration; the
// session posts for the bot itself.
func New(cfg bot.Config, opts Options, out io.Writer) (*Session, error) {
	if opts.Channel == "" {
		opts.Channel = "local"
	}
	if len(opts.Computers) > 0 && opts.Computers[0] != "" && !opts.alone() {
		return nil, errors.New("local: the first seat is the person who opens the table, not a computer, unless every seat is a computer")
	}
	if opts.Lang == "" {
		opts.Lang = i18n.English
	}
	s := &Session{opts: opts, out: out, store: cfg.Store}
	cfg.Poster = s
	games := make([]bot.Game, len(cfg.Games))
	for i, g := range cfg.Games {
		games[i] = g
		if g.Kind() == opts.Game {
			games[i] = scriptedGame{Game: g, s: s}
		}
	}
	cfg.Games = games
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
	s.words = newVocabulary(b, s.game, s.printer())
	return s, nil
}

// Run reads commands from in, one a line, until its end or quit.
func (s *Session) Run(ctx context.Context, in io.Reader) error {
	defer s.bot.Close()
	s.in = newInput(in)
	if err := s.ensureGame(ctx); err != nil {
		return err
	}
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		s.prompt(ctx)
		raw, ok := s.in.next()
		if !ok {
			return s.in.failure()
		}
		if quit := s.line(ctx, raw); quit {
			return nil
		}
	}
}

// printer is the session's language.
func (s *Session) printer() *i18n.Printer { return s.bot.Printer(s.opts.Lang) }

// table returns the channel's game and its state (nil in the lobby).
func (s *Session) table(ctx context.Context) (*store.Game, bot.State, error) {
	return s.bot.Table(ctx, s.opts.Channel)
}

// user is the user behind a player name: in a terminal, the name is the id.
func (s *Session) user(name string) bot.User {
	return bot.User{ID: name, Name: name, Locale: string(s.opts.Lang)}
}

// request fills in where a request comes from: the session's channel.
func (s *Session) request(req bot.Request) bot.Request {
	req.Channel, req.Guild, req.Game = s.opts.Channel, "local", s.game.Kind()
	req.GuildLocale = string(s.opts.Lang)
	req.Piped = s.opts.Echo
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
	if r.Then != nil {
		r.Then()
		s.bot.Wait(ctx, s.opts.Channel)
	}
	return r
}

// valid reports whether a typed line is text.
func valid(line string) bool { return utf8.ValidString(line) && !strings.ContainsRune(line, 0) }
