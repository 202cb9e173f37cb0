package local

import (
	"context"
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
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
	case "quit", "exit":
		return true
	case "help", "?":
		fmt.Fprintln(s.out, p.T("local.help"))
		return false
	case "as":
		s.as(words[1:])
		return false
	case "moves":
		s.moves(ctx)
		return false
	case "game":
		if len(words) != 2 || !strings.EqualFold(words[1], notation.GameName) {
			fmt.Fprintln(s.out, "⚠️ "+p.T("local.err.game"))
		}
		return false
	case "players":
		s.checkPlayers(ctx, words[1:])
		return false
	case "start":
		if len(words) == 2 {
			s.checkStart(ctx, words[1])
			return false
		}
	}
	typist := s.typist
	if who, ok := s.player(ctx, words[0]); ok && len(words) > 1 {
		typist, words = who, words[1:]
	}
	if typist == "" {
		typist = s.toMove(ctx)
	}
	req, err := s.request(ctx, typist, words)
	if err != nil {
		fmt.Fprintln(s.out, s.bot.Explain(bot.Request{User: s.user(typist)}, err))
		return false
	}
	if req == nil {
		return false
	}
	s.handle(ctx, *req, true)
	return false
}

// request builds the bot request of a typed command: the slash form
// (/shangrila place village:A master:rainmaker) or a short form (place A
// rainmaker; record lines without their colour). A nil request with no
// error means the line was answered here.
func (s *Session) request(ctx context.Context, typist string, words []string) (*bot.Request, error) {
	req := &bot.Request{Kind: bot.CommandRequest, User: s.user(typist), Options: map[string]string{}}
	if strings.HasPrefix(words[0], "/") {
		if strings.EqualFold(words[0], "/"+bot.CommandName) {
			words = words[1:]
		} else {
			words[0] = strings.TrimPrefix(words[0], "/")
		}
		if len(words) == 0 {
			return nil, rules.Errorf(rules.Invalid, "local.err.unknown", []any{"word", "/"}, "unknown command")
		}
		req.Command = strings.ToLower(words[0])
		if _, ok := bot.Command(req.Command); !ok {
			return nil, rules.Errorf(rules.Invalid, "local.err.unknown", []any{"word", clip(words[0])}, "unknown command")
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
	sub := strings.ToLower(words[0])
	switch sub {
	case "setup", "place", "recruit", "journey":
		kind := sub
		if sub == "setup" {
			kind = "place"
		}
		m, err := notation.ParseAction(shangrila.Red, append([]string{kind}, words[1:]...))
		if err != nil {
			return nil, err
		}
		req.Command = kind
		switch m.Kind {
		case shangrila.Journey:
			req.Options["from"], req.Options["to"] = m.From.String(), m.To.String()
		default:
			// The typed order is kept: a recruit's first site is the one
			// typed first.
			sites := m.Recruited()
			if m.Kind != shangrila.Recruit {
				sites = m.Sites[:1]
			}
			for i, st := range sites {
				suffix := ""
				if i == 1 {
					suffix = "2"
				}
				req.Options["village"+suffix] = st.Village.String()
				req.Options["master"+suffix] = st.Discipline.String()
			}
		}
		return req, nil
	case "pass":
		s.pass(ctx, typist)
		return nil, nil
	case "resign":
		return nil, s.resign(ctx, typist, words[1:])
	}
	spec, ok := bot.Command(sub)
	if !ok {
		return nil, rules.Errorf(rules.Invalid, "local.err.unknown", []any{"word", clip(words[0])}, "unknown command")
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

// resign resigns at once: in Discord, resign asks first with buttons, but
// a typed resign (or a record's resign line) is meant. "resign computer
// LEVEL" hands the seat to a computer player instead, as the question's
// menu does.
func (s *Session) resign(ctx context.Context, typist string, words []string) error {
	if len(words) != 0 && (len(words) != 2 || !strings.EqualFold(words[0], "computer")) {
		return rules.Errorf(rules.Invalid, "local.err.resign", nil, "resign, or resign computer LEVEL")
	}
	ask := bot.Request{Kind: bot.CommandRequest, User: s.user(typist), Command: "resign", Options: map[string]string{},
		Channel: s.opts.Channel, Guild: "local", GuildLocale: string(s.opts.Lang)}
	r := s.bot.Handle(ctx, ask)
	if r.Failed {
		s.print(ctx, r.Message, true, typist)
		return nil
	}
	click := bot.Request{Kind: bot.ComponentRequest, User: s.user(typist)}
	for _, row := range r.Message.Rows {
		switch {
		case len(words) == 0 && len(row.Buttons) > 0 && click.CustomID == "":
			click.CustomID = row.Buttons[0].ID // the first button resigns
		case len(words) == 2 && row.Menu != nil:
			click.CustomID, click.Values = row.Menu.ID, []string{strings.ToLower(words[1])}
		}
	}
	s.handle(ctx, click, true)
	return nil
}

// pass answers a typed pass: the bot makes a player's passes itself, so a
// pass in a record was made already, or the player can still act.
func (s *Session) pass(ctx context.Context, typist string) {
	g, pos, err := s.bot.Game(ctx, s.opts.Channel)
	if err != nil || pos == nil {
		fmt.Fprintln(s.out, s.bot.Explain(bot.Request{User: s.user(typist)}, err))
		return
	}
	c, ok := shangrila.NoColour, false
	for _, pl := range g.Players {
		if pl.UserID == typist {
			c, ok = shangrila.ParseColour(pl.Colour)
		}
	}
	if !ok {
		fmt.Fprintln(s.out, s.bot.Explain(bot.Request{User: s.user(typist)}, rules.Errorf(bot.NotPlayer, "bot.err.not-player", nil, "")))
		return
	}
	for i := len(g.Moves) - 1; i >= 0; i-- {
		if strings.HasPrefix(g.Moves[i].Text, c.String()+" ") {
			if g.Moves[i].Text == c.String()+" pass" {
				fmt.Fprintln(s.out, s.printer().T("local.passed", "player", c))
				return
			}
			break
		}
	}
	err = rules.Errorf(rules.Illegal, "shangrila.pass.can-act", []any{"player", c}, "")
	fmt.Fprintln(s.out, s.bot.Explain(bot.Request{User: s.user(typist)}, err))
}

// as switches who is typing; without a name, the player to move types.
func (s *Session) as(words []string) {
	p := s.printer()
	if len(words) == 0 {
		s.typist = ""
		fmt.Fprintln(s.out, p.T("local.as-auto"))
		return
	}
	who, ok := s.player(context.Background(), words[0])
	if !ok {
		fmt.Fprintln(s.out, "⚠️ "+p.T("local.err.who", "name", clip(words[0]), "names", strings.Join(s.opts.Players, ", ")))
		return
	}
	s.typist = who
	fmt.Fprintln(s.out, p.T("local.as", "name", who))
}

// player finds a player by name or by the colour of their seat.
func (s *Session) player(ctx context.Context, word string) (string, bool) {
	for _, n := range s.opts.Players {
		if strings.EqualFold(n, word) {
			return n, true
		}
	}
	c, ok := shangrila.ParseColour(word)
	if !ok {
		return "", false
	}
	if g, _, err := s.bot.Game(ctx, s.opts.Channel); err == nil {
		for _, pl := range g.Players {
			if pl.Colour == c.String() {
				return pl.UserID, true
			}
		}
	}
	return "", false
}

// toMove returns the name of the player to move, or the first player.
func (s *Session) toMove(ctx context.Context) string {
	g, pos, err := s.bot.Game(ctx, s.opts.Channel)
	if err == nil && pos != nil && pos.Phase() != shangrila.Over {
		for _, pl := range g.Players {
			if pl.Colour == pos.Turn().String() {
				return pl.UserID
			}
		}
	}
	return s.opts.Players[0]
}

// moves lists the legal moves of the player to move, as record lines.
func (s *Session) moves(ctx context.Context) {
	_, pos, err := s.bot.Game(ctx, s.opts.Channel)
	if err != nil || pos == nil {
		fmt.Fprintln(s.out, s.bot.Explain(bot.Request{User: s.user(s.toMove(ctx))}, err))
		return
	}
	legal := pos.LegalMoves(nil)
	fmt.Fprintln(s.out, s.printer().N("local.moves", len(legal)))
	for _, m := range legal {
		fmt.Fprintln(s.out, "  "+notation.FormatMove(m))
	}
}

// checkPlayers accepts a record's players line when it names the seats.
func (s *Session) checkPlayers(ctx context.Context, words []string) {
	g, _, err := s.bot.Game(ctx, s.opts.Channel)
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

// checkStart accepts a record's start line when it matches the game.
func (s *Session) checkStart(ctx context.Context, kind string) {
	want := s.opts.Start
	if want == "" {
		want = "setup"
	}
	if !strings.EqualFold(kind, want) {
		fmt.Fprintln(s.out, "⚠️ "+s.printer().T("local.err.start", "start", want))
	}
}

// clip shortens typed text before it is quoted back.
func clip(s string) string {
	if r := []rune(s); len(r) > 24 {
		return string(r[:24]) + "…"
	}
	return s
}
