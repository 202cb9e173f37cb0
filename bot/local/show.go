package local

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/store"
)

// Post prints a public message (bot.Poster): the computer players' moves.
func (s *Session) Post(ctx context.Context, channel string, m bot.Message) (string, error) {
	s.print(ctx, m, false, "")
	return "", nil
}

var mention = regexp.MustCompile(`<@([^>]*)>`)

// print shows a message: its text (mentions as @name) and, for a board
// post, the position as text and where its image was written. A board
// after which a computer is to move is shown in short, its first lines
// only (what happened): the board itself is shown before a person's turn,
// so that computer moves do not flood the screen.
func (s *Session) print(ctx context.Context, m bot.Message, private bool, to string) {
	text := mention.ReplaceAllString(m.Content, "@$1")
	if private {
		text = s.printer().T("local.private", "name", to) + " " + text
	}
	var (
		g  *store.Game
		st bot.State
	)
	if m.Image != nil {
		g, st, _ = s.table(ctx)
	}
	if st != nil && s.computerToAct(g, st) {
		fmt.Fprintln(s.out, s.short(g, text))
		return
	}
	fmt.Fprintln(s.out, text)
	if m.Image == nil {
		return
	}
	if st != nil {
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

// computerToAct reports whether the seats to act now are all computers'.
func (s *Session) computerToAct(g *store.Game, st bot.State) bool {
	if st.Over() {
		return false
	}
	seats := st.ToAct()
	for _, seat := range seats {
		if !computerSeat(g, seat) {
			return false
		}
	}
	return len(seats) > 0
}

// short is a board post's text without the lines that say a computer is
// thinking: what happened, one line a move.
func (s *Session) short(g *store.Game, text string) string {
	// The post is in the channel's language; look for the line in each.
	thinking := map[string]bool{}
	for _, l := range i18n.Langs {
		pub := s.bot.Printer(l)
		names := s.names(g, pub)
		for seat, pl := range g.Players {
			if pl.Computer != "" {
				thinking[pub.T("bot.turn.computer", "name", names[seat], "mark", s.game.Mark(seat))] = true
			}
		}
	}
	var kept []string
	for _, l := range strings.Split(text, "\n") {
		if !thinking[l] && strings.TrimSpace(l) != "" {
			kept = append(kept, "  "+l)
		}
	}
	return strings.Join(kept, "\n")
}

// printPosition prints the game's position as text.
func (s *Session) printPosition(g *store.Game, st bot.State) {
	p := s.printer()
	fmt.Fprint(s.out, s.game.Text(p, st, s.names(g, p)))
}

// prompt shows who is typing before a line is read from a terminal: the
// seat's mark and name ("🔴 ana › ").
func (s *Session) prompt(ctx context.Context) {
	if !s.opts.Prompt {
		return
	}
	g, st, err := s.table(ctx)
	if err != nil || st == nil || st.Over() {
		fmt.Fprint(s.out, "› ")
		return
	}
	typist := s.typist
	if typist == "" {
		typist = s.toMove(ctx)
	}
	for seat, pl := range g.Players {
		if pl.UserID == typist {
			fmt.Fprintf(s.out, "%s %s › ", s.game.Mark(seat), typist)
			return
		}
	}
	fmt.Fprintf(s.out, "%s › ", typist)
}

// echo prints an input line, for input that is not typed on a terminal.
func (s *Session) echo(raw string) {
	if s.opts.Echo {
		fmt.Fprintln(s.out, "> "+strings.ToValidUTF8(strings.ReplaceAll(raw, "\x00", ""), "?"))
	}
}

// printKey explains how to read the game's position as text, when the
// game says (its message "<kind>.local.key").
func (s *Session) printKey() {
	p := s.printer()
	id := s.game.Kind() + ".local.key"
	if key := p.T(id); key != id {
		fmt.Fprintln(s.out, key)
	}
}
