package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/store"
)

// maxContent is Discord's limit of a message's text.
const maxContent = 2000

// maxHistory is the most moves /history shows.
const maxHistory = 50

// stepRules is the step of the rules guide's components (the hint
// button's is StepHint).
const stepRules = "rules"

// board posts the current board again (or the lobby), publicly, for
// anyone; it names the seats to act but pings nobody, so that nobody can
// ping a player again and again.
func (b *Bot) board(ctx context.Context, req Request) (Reply, error) {
	t, err := b.load(ctx, req.Channel, req.Game)
	if err != nil {
		return Reply{}, err
	}
	if t.state == nil {
		return Reply{Message: b.lobbyMessage(t)}, nil
	}
	pub := b.cfg.Catalog.Printer(t.lang())
	m := b.boardPost(t, pub.T("bot.board.again"), t.state.Last(), false)
	if b.owes(ctx, req.Channel) {
		// The channel has yet to read the changes before this board: show
		// it to the asker alone, so that the channel reads in order.
		m.Rows = nil
		return Reply{Private: true, Message: m}, nil
	}
	channel, game, version := t.stored.Channel, t.stored.ID, t.stored.Version
	m.Sent = func(ctx context.Context, messageID string) { b.posted(ctx, channel, game, "", version, messageID) }
	return Reply{Message: m}, nil
}

// status answers privately with the state of the game in words: the
// game's progress, who is to act, and the game's own account of where
// everyone stands.
func (b *Bot) status(ctx context.Context, req Request) (Reply, error) {
	t, err := b.load(ctx, req.Channel, req.Game)
	if err != nil {
		return Reply{}, err
	}
	p := b.printer(req.User.Locale)
	if t.state == nil {
		return Reply{Private: true, Message: Message{Content: b.lobbyMessage(t).Content}}, nil
	}
	names := t.names(p)
	var s strings.Builder
	s.WriteString(t.game.Progress(p, t.state))
	s.WriteString("\n")
	for _, seat := range t.toAct() {
		s.WriteString(p.T("bot.status.turn", "mark", t.game.Mark(seat), "name", names[seat], "colour", t.game.SeatName(p, seat)))
		s.WriteString("\n")
		if note := t.awayNote(p, names[seat], seat); note != "" {
			s.WriteString(note + "\n")
		}
	}
	seat, ok := t.seatOf(req.User.ID)
	if !ok {
		seat = -1
	}
	s.WriteString(t.game.Status(p, t.state, names, seat))
	return Reply{Private: true, Message: Message{Content: clipContent(s.String())}}, nil
}

// history answers privately with the last moves in words, newest last.
func (b *Bot) history(ctx context.Context, req Request) (Reply, error) {
	count := 10
	if v := strings.TrimSpace(req.Option(optCount)); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxHistory {
			return Reply{}, fail(Invalid, "bot.err.count", "max", maxHistory)
		}
		count = n
	}
	t, err := b.load(ctx, req.Channel, req.Game)
	if err != nil {
		return Reply{}, err
	}
	if t.state == nil {
		return Reply{}, fail(Lobby, "bot.err.not-started")
	}
	p := b.printer(req.User.Locale)
	names := t.names(p)
	effects := t.state.History()
	var lines []string
	for i := max(0, len(effects)-count); i < len(effects); i++ {
		lines = append(lines, fmt.Sprintf("%d. %s", i+1, t.game.Describe(p, effects[i], names)))
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

// rulesGuide shows one section of a game's rules guide privately, with
// buttons to turn the pages.
func (b *Bot) rulesGuide(g Game, req Request, page int, update bool) Reply {
	p := b.printer(req.User.Locale)
	sections := g.Guide(p)
	if len(sections) == 0 {
		return Reply{Private: true, Failed: true, Message: Message{Content: p.T("bot.err.internal")}}
	}
	if page < 0 || page >= len(sections) {
		page = 0
	}
	a := Action{Kind: g.Kind(), Game: "-", Step: stepRules}
	var row []Button
	if page > 0 {
		row = append(row, Button{ID: a.With(stepRules, strconv.Itoa(page-1)).ID(), Label: p.T("bot.button.previous"), Style: Secondary})
	}
	if page+1 < len(sections) {
		row = append(row, Button{ID: a.With(stepRules, strconv.Itoa(page+1)).ID(), Label: p.T("bot.button.next"), Style: Primary})
	}
	m := Message{Content: clipContent(sections[page])}
	if len(row) > 0 {
		m.Rows = []Row{{Buttons: row}}
	}
	return Reply{Private: !update, Update: update, Message: m}
}

// language sets the language of the channel's public posts. While a game
// is open in the channel, only its players, its creator and members who
// manage the channel may change it.
func (b *Bot) language(ctx context.Context, req Request) (Reply, error) {
	l, ok := i18n.ParseLang(req.Option(optLanguage))
	if !ok {
		return Reply{}, fail(Invalid, "bot.err.language")
	}
	unlock := b.lock(req.Channel)
	defer unlock()
	current, err := b.cfg.Store.Current(ctx, req.Channel)
	switch {
	case err == nil:
		if _, player := current.Player(req.User.ID); !player && req.User.ID != current.Creator && !req.User.ManageChannels {
			return Reply{}, fail(NotAllowed, "bot.err.language-who")
		}
	case errCode(err) != store.NotFound:
		return Reply{}, err
	}
	if err := b.cfg.Store.SetChannelSetting(ctx, req.Channel, settingLang, string(l)); err != nil {
		return Reply{}, err
	}
	if current != nil {
		if _, err := b.cfg.Store.Update(ctx, req.Channel, current.ID, func(g *store.Game) error {
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
