package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/store"
)

// maxContent is Discord's limit of a message's text.
const maxContent = 2000

// board posts the current board again (or the lobby), publicly.
func (b *Bot) board(ctx context.Context, req Request) (Reply, error) {
	t, err := b.load(ctx, req.Channel)
	if err != nil {
		return Reply{}, err
	}
	if t.game == nil {
		return Reply{Message: b.lobbyMessage(t)}, nil
	}
	pub := b.cfg.Catalog.Printer(t.lang())
	return Reply{Message: b.boardPost(ctx, t, pub.T("bot.board.again"), nil)}, nil
}

// status answers privately with the state of the game in words.
func (b *Bot) status(ctx context.Context, req Request) (Reply, error) {
	t, err := b.load(ctx, req.Channel)
	if err != nil {
		return Reply{}, err
	}
	p := b.printer(req.User.Locale)
	if t.game == nil {
		return Reply{Private: true, Message: Message{Content: b.lobbyMessage(t).Content}}, nil
	}
	pos := t.position()
	var s strings.Builder
	switch pos.Phase() {
	case shangrila.SetupPhase:
		s.WriteString(p.N("bot.status.setup", t.game.NumMoves()))
	default:
		s.WriteString(p.N("bot.status.play", t.game.NumMoves()))
	}
	s.WriteString("\n")
	if turn := pos.Turn(); turn != shangrila.NoColour {
		s.WriteString(p.T("bot.status.turn", "mark", colourMark(turn), "name", t.name(p, turn), "colour", turn))
		s.WriteString("\n")
	}
	s.WriteString(Standing(p, &pos, func(c shangrila.Colour) string { return t.name(p, c) }))
	if c, ok := t.colourOf(req.User.ID); ok {
		var sup []string
		for _, d := range shangrila.Disciplines {
			sup = append(sup, fmt.Sprintf("%s %d", p.Discipline(d), pos.Supply(c, d)))
		}
		s.WriteString("\n" + p.T("bot.status.supply", "supply", strings.Join(sup, " · ")))
	}
	return Reply{Private: true, Message: Message{Content: clipContent(s.String())}}, nil
}

// history answers privately with the last moves in words, newest last.
func (b *Bot) history(ctx context.Context, req Request) (Reply, error) {
	t, err := b.load(ctx, req.Channel)
	if err != nil {
		return Reply{}, err
	}
	if t.game == nil {
		return Reply{}, fail(Lobby, "bot.err.not-started")
	}
	p := b.printer(req.User.Locale)
	count := req.IntOption("count", 10)
	if count < 1 || count > 50 {
		count = 10
	}
	moves := t.game.Moves()
	pos := t.game.Start()
	var lines []string
	for i, m := range moves {
		next, e, err := pos.Apply(m)
		if err != nil {
			return Reply{}, err
		}
		pos = next
		if i >= len(moves)-count {
			lines = append(lines, fmt.Sprintf("%d. %s", i+1, describe(p, &e)))
		}
	}
	if len(lines) == 0 {
		return Reply{Private: true, Message: Message{Content: p.T("bot.history.none")}}, nil
	}
	// Keep the newest lines that fit in one message.
	out := p.N("bot.history.title", len(lines))
	for i := range lines {
		rest := strings.Join(lines[i:], "\n")
		if len(out)+1+len(rest) <= maxContent {
			return Reply{Private: true, Message: Message{Content: out + "\n" + rest}}, nil
		}
	}
	return Reply{Private: true, Message: Message{Content: clipContent(out + "\n" + lines[len(lines)-1])}}, nil
}

// rulesGuide shows one section of the rules guide privately, with buttons
// to turn the pages.
func (b *Bot) rulesGuide(req Request, page int, update bool) Reply {
	p := b.printer(req.User.Locale)
	sections := p.Guide()
	if len(sections) == 0 {
		return Reply{Private: true, Message: Message{Content: p.T("bot.err.internal")}}
	}
	if page < 0 || page >= len(sections) {
		page = 0
	}
	a := action{game: "-", step: "rules"}
	var row []Button
	if page > 0 {
		row = append(row, Button{ID: a.with("rules", strconv.Itoa(page-1)).id(), Label: p.T("bot.button.previous"), Style: Secondary})
	}
	if page+1 < len(sections) {
		row = append(row, Button{ID: a.with("rules", strconv.Itoa(page+1)).id(), Label: p.T("bot.button.next"), Style: Primary})
	}
	m := Message{Content: clipContent(sections[page])}
	if len(row) > 0 {
		m.Rows = []Row{{Buttons: row}}
	}
	return Reply{Private: !update, Update: update, Message: m}
}

// language sets the language of the channel's public posts.
func (b *Bot) language(ctx context.Context, req Request) (Reply, error) {
	l, ok := i18n.ParseLang(req.Option("language"))
	if !ok {
		return Reply{}, fail(rules.Invalid, "bot.err.language")
	}
	unlock := b.lock(req.Channel)
	defer unlock()
	if err := b.cfg.Store.SetChannelSetting(ctx, req.Channel, settingLang, string(l)); err != nil {
		return Reply{}, err
	}
	if t, err := b.load(ctx, req.Channel); err == nil {
		if _, err := b.cfg.Store.Update(ctx, req.Channel, t.stored.ID, func(g *store.Game) error {
			g.Settings[settingLang] = string(l)
			return nil
		}); err != nil {
			return Reply{}, err
		}
	}
	p := b.cfg.Catalog.Printer(l)
	return Reply{Message: Message{Content: p.T("bot.language.set", "language", l.Name())}}, nil
}

// channelLang is the language of a new game's public posts: the channel's
// setting, else the server's preferred locale, else English.
func (b *Bot) channelLang(ctx context.Context, req Request) (i18n.Lang, error) {
	v, err := b.cfg.Store.ChannelSetting(ctx, req.Channel, settingLang)
	if err != nil {
		return "", err
	}
	if l, ok := i18n.ParseLang(v); ok {
		return l, nil
	}
	return i18n.FromLocale(req.GuildLocale), nil
}

// clipContent keeps a text within Discord's message limit.
func clipContent(s string) string {
	if r := []rune(s); len(r) > maxContent {
		return string(r[:maxContent-1]) + "…"
	}
	return s
}
