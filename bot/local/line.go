package local

import (
	"context"
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/rules"
)

// Words of the terminal's own, besides the commands of Discord.
const (
	wordQuit     = "quit"
	wordExit     = "exit"
	wordHelp     = "help"
	wordAs       = "as"
	wordMoves    = "moves"
	wordGame     = "game"
	wordPlayers  = "players"
	wordResign   = "resign"
	wordComputer = "computer"
)

// line handles one typed line; it reports whether the session should end.
func (s *Session) line(ctx context.Context, raw string) bool {
	if s.opts.Echo {
		fmt.Fprintln(s.out, "> "+strings.ToValidUTF8(strings.ReplaceAll(raw, "\x00", ""), "?"))
	}
	p := s.printer()
	if !valid(raw) {
		fmt.Fprintln(s.out, "⚠️ "+p.T("local.err.garbage"))
		return false
	}
	text := raw
	if i := strings.IndexByte(text, '#'); i >= 0 {
		text = text[:i]
	}
	words := strings.Fields(text)
	if len(words) == 0 {
		return false
	}
	switch strings.ToLower(words[0]) {
	case wordQuit, wordExit:
		return true
	case wordHelp, "?":
		fmt.Fprintln(s.out, p.T(s.game.Kind()+".local.help"))
		fmt.Fprintln(s.out, p.T("local.help"))
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
		return false
	case wordPlayers:
		s.checkPlayers(ctx, words[1:])
		return false
	}
	typist := s.typist
	if who, ok := s.player(ctx, words[0]); ok && len(words) > 1 {
		typist, words = who, words[1:]
	}
	if typist == "" {
		typist = s.toMove(ctx)
	}
	req, err := s.parse(ctx, typist, words)
	if err != nil {
		fmt.Fprintln(s.out, s.bot.Explain(s.request(bot.Request{User: s.user(typist)}), err))
		return false
	}
	if req != nil {
		s.handle(ctx, *req, true)
	}
	return false
}

// parse builds the bot request of a typed command: the slash form
// (/shangrila place village:A master:rainmaker), the game's short forms
// (place A rainmaker; record lines without their seat), or a host
// subcommand with its options in order (history 10). A nil request with no
// error means the line was answered here.
func (s *Session) parse(ctx context.Context, typist string, words []string) (*bot.Request, error) {
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
		req.Command = strings.ToLower(words[0])
		if _, ok := s.bot.Command(kind, req.Command); !ok {
			return nil, unknown(words[0])
		}
		key := ""
		for _, w := range words[1:] {
			if k, v, ok := strings.Cut(w, ":"); ok && k != "" {
				key = strings.ToLower(k)
				req.Options[key] = v
			} else if key != "" {
				req.Options[key] += " " + w // a value of several words
			} else {
				return nil, rules.Errorf(rules.Invalid, "local.err.option", []any{"word", clip(w)}, "write options as name:value")
			}
		}
		return req, nil
	}
	if strings.EqualFold(words[0], wordResign) {
		return nil, s.resign(ctx, typist, words[1:])
	}
	if _, st, err := s.table(ctx); err == nil && st != nil {
		seat := s.seatOf(ctx, typist)
		typed, ok, err := s.game.Typed(st, seat, words, s.printer())
		if err != nil {
			return nil, err
		}
		if ok && typed.Command == "" {
			if typed.Say != "" {
				fmt.Fprintln(s.out, typed.Say)
			}
			return nil, nil
		}
		if ok {
			req.Command, req.Options = typed.Command, typed.Options
			return req, nil
		}
	}
	sub := strings.ToLower(words[0])
	spec, ok := s.bot.Command(kind, sub)
	if !ok {
		return nil, unknown(words[0])
	}
	req.Command = sub
	for i, w := range words[1:] {
		if i >= len(spec.Options) {
			return nil, rules.Errorf(rules.Invalid, "local.err.extra", []any{"command", sub}, "too many words")
		}
		req.Options[spec.Options[i].Name] = w
	}
	return req, nil
}

// unknown is the error for a word that is no command.
func unknown(word string) error {
	return rules.Errorf(rules.Invalid, "local.err.unknown", []any{"word", clip(word)}, "unknown command")
}

// resign resigns at once: in Discord, resign asks first with buttons, but
// a typed resign (or a record's resign line) is meant. "resign computer
// LEVEL" hands the seat to a computer player instead, as the question's
// menu does.
func (s *Session) resign(ctx context.Context, typist string, words []string) error {
	if len(words) != 0 && (len(words) != 2 || !strings.EqualFold(words[0], wordComputer)) {
		return rules.Errorf(rules.Invalid, "local.err.resign", nil, "resign, or resign computer LEVEL")
	}
	ask := s.request(bot.Request{Kind: bot.CommandRequest, User: s.user(typist), Command: wordResign})
	r := s.bot.Handle(ctx, ask)
	if r.Failed {
		s.print(ctx, r.Message, true, typist)
		return nil
	}
	click := bot.Request{Kind: bot.ComponentRequest, User: s.user(typist)}
	for _, row := range r.Message.Rows {
		switch {
		case len(words) == 0 && len(row.Buttons) > 1 && click.CustomID == "":
			click.CustomID = row.Buttons[0].ID // the first button resigns, the second cancels
		case len(words) == 2 && row.Menu != nil:
			click.CustomID, click.Values = row.Menu.ID, []string{strings.ToLower(words[1])}
		}
	}
	if click.CustomID == "" {
		return rules.Errorf(rules.Invalid, "local.err.resign", nil, "resign, or resign computer LEVEL")
	}
	s.handle(ctx, click, true)
	return nil
}

// as switches who is typing; without a name, the player to move types.
func (s *Session) as(ctx context.Context, words []string) {
	p := s.printer()
	if len(words) == 0 {
		s.typist = ""
		fmt.Fprintln(s.out, p.T("local.as-auto"))
		return
	}
	who, ok := s.player(ctx, words[0])
	if !ok {
		fmt.Fprintln(s.out, "⚠️ "+p.T("local.err.who", "name", clip(words[0]), "names", strings.Join(s.opts.Players, ", ")))
		return
	}
	s.typist = who
	fmt.Fprintln(s.out, p.T("local.as", "name", who))
}

// player finds a player by name or by the name of their seat ("blue").
func (s *Session) player(ctx context.Context, word string) (string, bool) {
	for _, n := range s.opts.Players {
		if strings.EqualFold(n, word) {
			return n, true
		}
	}
	if g, _, err := s.table(ctx); err == nil {
		for _, pl := range g.Players {
			if pl.Colour != "" && strings.EqualFold(pl.Colour, word) {
				return pl.UserID, true
			}
		}
	}
	return "", false
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

// toMove returns the name of a player to act, or the first player.
func (s *Session) toMove(ctx context.Context) string {
	g, st, err := s.table(ctx)
	if err == nil && st != nil && !st.Over() {
		for _, seat := range st.ToAct() {
			if seat < len(g.Players) && g.Players[seat].UserID != "" {
				return g.Players[seat].UserID
			}
		}
	}
	return s.opts.Players[0]
}

// moves lists the legal moves of the seats to act, as record lines.
func (s *Session) moves(ctx context.Context) {
	_, st, err := s.table(ctx)
	if err == nil && st == nil {
		err = rules.Errorf(bot.Lobby, "bot.err.not-started", nil, "not started")
	}
	if err != nil {
		fmt.Fprintln(s.out, s.bot.Explain(s.request(bot.Request{User: s.user(s.toMove(ctx))}), err))
		return
	}
	legal := s.game.Moves(st)
	fmt.Fprintln(s.out, s.printer().N("local.moves", len(legal)))
	for _, m := range legal {
		fmt.Fprintln(s.out, "  "+m)
	}
}

// checkPlayers accepts a record's players line when it names the seats.
func (s *Session) checkPlayers(ctx context.Context, words []string) {
	g, _, err := s.table(ctx)
	if err != nil {
		return
	}
	var seats []string
	for _, pl := range g.Players {
		seats = append(seats, pl.Colour)
	}
	if !strings.EqualFold(strings.Join(words, " "), strings.Join(seats, " ")) {
		fmt.Fprintln(s.out, "⚠️ "+s.printer().T("local.err.players", "seats", strings.Join(seats, " ")))
	}
}

// clip shortens typed text before it is quoted back.
func clip(s string) string {
	if r := []rune(s); len(r) > 24 {
		return string(r[:24]) + "…"
	}
	return s
}
