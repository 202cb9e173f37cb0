package local

import (
	"context"
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/store"
)

// line handles one typed line; it reports whether the session should end.
func (s *Session) line(ctx context.Context, raw string) bool {
	s.echo(raw)
	p := s.printer()
	if !valid(raw) {
		fmt.Fprintln(s.out, "⚠️ "+p.T("local.err.garbage"))
		return false
	}
	words := strings.Fields(stripComment(raw))
	if len(words) == 0 {
		return false
	}
	if s.hostLines && rules.IsHostLine(words) {
		return false
	}
	s.hostLines = false
	switch w, _ := s.words.ownWord(words[0]); w {
	case wordQuit:
		return true
	case wordHelp:
		fmt.Fprintln(s.out, p.T(s.game.Kind()+".local.help"))
		fmt.Fprintln(s.out, p.T("local.help", "seat", s.seatExample()))
		s.printKey()
		return false
	case wordAs:
		s.as(ctx, words[1:])
		return false
	case wordMoves:
		s.moves(ctx)
		return false
	case wordGame:
		if len(words) != 2 || !strings.EqualFold(words[1], s.game.Kind()) {
			fmt.Fprintln(s.out, "⚠️ "+p.T("local.err.game", "game", s.game.Kind()))
		}
		s.startRecord()
		s.hostLines = true
		return false
	}
	g, st, err := s.table(ctx)
	if rules.ErrorCode(err) == store.NotFound {
		if c, _ := s.words.command(words[0]); c == cmdNew {
			if err := s.newGame(ctx); err != nil {
				fmt.Fprintln(s.out, err)
			}
			return false
		}
		fmt.Fprintln(s.out, s.over(ctx))
		return false
	}
	if s.header(g, st, words) {
		return false
	}
	typist := s.typist
	if who, ok := s.seatNamed(g, words[0]); ok && len(words) > 1 {
		if who.computer != "" {
			s.computerLine(g, st, who, words[1:])
			return false
		}
		typist, words = who.user, words[1:]
	}
	if typist == "" {
		typist = s.toMove(ctx)
	}
	req, err := s.parse(ctx, st, typist, words)
	if err != nil {
		fmt.Fprintln(s.out, s.bot.Explain(s.request(bot.Request{User: s.user(typist)}), err))
		return false
	}
	if req != nil {
		s.handle(ctx, *req, true)
	}
	return false
}

// computerLine answers a line typed for a computer's seat: a move the
// game made already (a pass) is acknowledged, anything else refused, since
// the computer makes its own moves.
func (s *Session) computerLine(g *store.Game, st bot.State, who seatInfo, words []string) {
	if say, done := s.madeAlready(st, who.seat, words); done {
		fmt.Fprintln(s.out, say)
		return
	}
	p := s.printer()
	fmt.Fprintln(s.out, "⚠️ "+p.T("local.err.computer", "seat", s.game.SeatName(p, who.seat), "name", s.names(g, p)[who.seat]))
}

// header answers the lines of a record's header: the seats ("players red
// blue yellow") and the game's other setup lines ("start suggested"),
// which must be the game's own. It reports whether the line was one; a
// record's header makes the input a record.
func (s *Session) header(g *store.Game, st bot.State, words []string) bool {
	if st == nil || len(words) < 2 {
		return false
	}
	for _, setup := range g.Setup {
		f := strings.Fields(setup)
		if len(f) == 0 || !strings.EqualFold(f[0], words[0]) {
			continue
		}
		if !strings.EqualFold(strings.Join(f, " "), strings.Join(words, " ")) {
			key := "local.err.start"
			if strings.EqualFold(f[0], "players") {
				key = "local.err.players"
			}
			fmt.Fprintln(s.out, "⚠️ "+s.printer().T(key, "start", setup, "seats", strings.Join(f[1:], " ")))
			return true
		}
		s.startRecord()
		return true
	}
	return false
}

// parse builds the bot request of a typed command: the slash form
// (/shangrila place village:A master:rainmaker), the game's short forms
// (place A rainmaker; record lines without their seat), or a host
// subcommand with its options in order (history 10). Commands and option
// names may be typed in the session's language. A nil request with no
// error means the line was answered here.
func (s *Session) parse(ctx context.Context, st bot.State, typist string, words []string) (*bot.Request, error) {
	kind := s.game.Kind()
	req := &bot.Request{Kind: bot.CommandRequest, User: s.user(typist), Options: map[string]string{}}
	if strings.HasPrefix(words[0], "/") {
		if strings.EqualFold(words[0], "/"+kind) {
			words = words[1:]
		} else {
			words[0] = strings.TrimPrefix(words[0], "/")
		}
		if len(words) == 0 {
			return nil, unknown("/")
		}
		sub, ok := s.words.command(words[0])
		if !ok {
			return nil, s.unknown(words[0])
		}
		req.Command = sub
		key := ""
		for _, w := range words[1:] {
			if k, v, ok := strings.Cut(w, ":"); ok && k != "" {
				key = s.words.option(sub, k)
				req.Options[key] = v
			} else if key != "" {
				req.Options[key] += " " + w // a value of several words
			} else {
				return nil, rules.Errorf(rules.Invalid, "local.err.option", []any{"word", clip(w)}, "write options as name:value")
			}
		}
		return req, nil
	}
	sub, isCommand := s.words.command(words[0])
	switch {
	case sub == cmdResign:
		return nil, s.resign(ctx, typist, words[1:])
	case sub == cmdRules:
		return nil, s.rules(ctx, typist, words[1:])
	}
	if st != nil {
		seat := s.seatOf(ctx, typist)
		typed := words
		if isCommand {
			typed = append([]string{sub}, words[1:]...)
		}
		t, ok, err := s.game.Typed(st, seat, typed, s.printer())
		if err != nil {
			return nil, err
		}
		if ok && t.Command == "" {
			if t.Say != "" {
				fmt.Fprintln(s.out, t.Say)
			}
			return nil, nil
		}
		if ok {
			req.Command, req.Options = t.Command, t.Options
			return req, nil
		}
	}
	if !isCommand {
		return nil, s.unknown(words[0])
	}
	spec, _ := s.bot.Command(kind, sub)
	req.Command = sub
	for i, w := range words[1:] {
		if i >= len(spec.Options) {
			return nil, rules.Errorf(rules.Invalid, "local.err.extra", []any{"command", words[0]}, "too many words")
		}
		req.Options[spec.Options[i].Name] = w
	}
	return req, nil
}

// unknown is the error for a word that is no command.
func unknown(word string) error {
	return rules.Errorf(rules.Invalid, "local.err.unknown", []any{"word", clip(word)}, "unknown command")
}

// unknown is the error for a word that is no command, with the command
// it was probably meant to be.
func (s *Session) unknown(word string) error {
	if near, ok := s.words.nearest(word); ok {
		return rules.Errorf(rules.Invalid, "local.err.unknown-near", []any{"word", clip(word), "near", near}, "unknown command")
	}
	return unknown(word)
}

// resign resigns at once: in Discord, resign asks first with buttons, but
// a typed resign (or a record's resign line) is meant. "resign computer
// LEVEL" hands the seat to a computer player instead, as the question's
// menu does.
func (s *Session) resign(ctx context.Context, typist string, words []string) error {
	level := ""
	if len(words) == 2 && s.words.computer[fold(words[0])] {
		level, _ = s.words.level(words[1])
		if level == "" {
			level = strings.ToLower(words[1])
		}
	}
	if len(words) != 0 && level == "" {
		return rules.Errorf(rules.Invalid, "local.err.resign", nil, "resign, or resign computer LEVEL")
	}
	ask := s.request(bot.Request{Kind: bot.CommandRequest, User: s.user(typist), Command: cmdResign})
	r := s.bot.Handle(ctx, ask)
	if r.Failed {
		s.print(ctx, r.Message, true, typist)
		return nil
	}
	click := bot.Request{Kind: bot.ComponentRequest, User: s.user(typist)}
	for _, row := range r.Message.Rows {
		switch {
		case level == "" && len(row.Buttons) > 1 && click.CustomID == "":
			click.CustomID = row.Buttons[0].ID // the first button resigns, the second cancels
		case level != "" && row.Menu != nil:
			click.CustomID, click.Values = row.Menu.ID, []string{level}
		}
	}
	if click.CustomID == "" {
		return rules.Errorf(rules.Invalid, "local.err.resign", nil, "resign, or resign computer LEVEL")
	}
	s.handle(ctx, click, true)
	return nil
}

// as switches who is typing; without a name, the player to move types.
// A computer's seat cannot be typed for: it makes its own moves.
func (s *Session) as(ctx context.Context, words []string) {
	p := s.printer()
	if len(words) == 0 {
		s.typist = ""
		fmt.Fprintln(s.out, p.T("local.as-auto"))
		return
	}
	who, ok := s.person(ctx, words[0])
	switch {
	case !ok:
		fmt.Fprintln(s.out, "⚠️ "+p.T("local.err.who", "name", clip(words[0]), "names", strings.Join(s.people(), ", ")))
	case who.computer != "":
		g, _, _ := s.table(ctx)
		fmt.Fprintln(s.out, "⚠️ "+p.T("local.err.computer", "seat", s.game.SeatName(p, who.seat), "name", s.names(g, p)[who.seat]))
	default:
		s.typist = who.user
		fmt.Fprintln(s.out, p.T("local.as", "name", who.user))
	}
}

// people returns the names of the session's people (not its computers).
func (s *Session) people() []string {
	var out []string
	for i, n := range s.opts.Players {
		if i >= len(s.opts.Computers) || s.opts.Computers[i] == "" {
			out = append(out, n)
		}
	}
	return out
}

// seatOf returns the seat of a player, -1 for none.
func (s *Session) seatOf(ctx context.Context, name string) int {
	if g, _, err := s.table(ctx); err == nil {
		for i, pl := range g.Players {
			if pl.UserID == name {
				return i
			}
		}
	}
	return -1
}

// toMove returns the name of a person to act, or the table's opener.
func (s *Session) toMove(ctx context.Context) string {
	g, st, err := s.table(ctx)
	if err == nil && st != nil && !st.Over() {
		for _, seat := range st.ToAct() {
			if seat < len(g.Players) && g.Players[seat].UserID != "" {
				return g.Players[seat].UserID
			}
		}
	}
	return s.opener()
}

// clip shortens typed text before it is quoted back.
func clip(s string) string {
	if r := []rune(s); len(r) > 24 {
		return string(r[:24]) + "…"
	}
	return s
}
