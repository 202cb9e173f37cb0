package bot

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/store"
)

// newGame opens a lobby in the channel with its creator seated.
func (b *Bot) newGame(ctx context.Context, req Request) (Reply, error) {
	seats := req.IntOption("players", 4)
	if seats != 3 && seats != 4 {
		return Reply{}, fail(Lobby, "bot.err.seats")
	}
	start := req.Option("start")
	if start == "" {
		start = "setup"
	}
	if start != "setup" && start != "suggested" {
		return Reply{}, fail(Lobby, "bot.err.start-kind")
	}
	unlock := b.lock(req.Channel)
	defer unlock()
	lang, err := b.channelLang(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	g := &store.Game{
		Guild: req.Guild, Channel: req.Channel, Kind: Kind, Status: store.Lobby,
		Creator: req.User.ID,
		Players: []store.Player{{UserID: req.User.ID, Name: req.User.Name}},
		Settings: map[string]string{
			settingLang: string(lang), settingSeats: strconv.Itoa(seats), settingStart: start,
			settingCreator: req.User.Name,
		},
	}
	if err := b.cfg.Store.Create(ctx, g); err != nil {
		return Reply{}, err
	}
	return Reply{Message: b.lobbyMessage(&table{stored: g})}, nil
}

// lobbyMessage shows who is in and the Join, Leave and Start buttons.
func (b *Bot) lobbyMessage(t *table) Message {
	g := t.stored
	p := b.cfg.Catalog.Printer(t.lang())
	seats, _ := strconv.Atoi(g.Settings[settingSeats])
	var names []string
	for _, pl := range g.Players {
		if pl.Computer != "" {
			names = append(names, computerName(p, pl.Computer))
			continue
		}
		names = append(names, pl.Name)
	}
	start := p.T("bot.lobby.start-setup")
	if g.Settings[settingStart] == "suggested" {
		start = p.T("bot.lobby.start-suggested")
	}
	text := p.T("bot.lobby.title", "creator", creatorName(g), "seats", seats, "start", start) + "\n" +
		p.T("bot.lobby.players", "count", len(g.Players), "seats", seats, "names", strings.Join(names, ", ")) + "\n" +
		p.T("bot.lobby.how", "creator", creatorName(g))
	a := action{game: t.token()}
	m := Message{
		Content: text,
		Rows: []Row{{Buttons: []Button{
			{ID: a.with("join").id(), Label: p.T("bot.button.join"), Style: Primary},
			{ID: a.with("leave").id(), Label: p.T("bot.button.leave"), Style: Secondary},
			{ID: a.with("start").id(), Label: p.T("bot.button.start"), Style: Success, Disabled: len(g.Players) < 3},
		}}},
	}
	if len(g.Players) < seats {
		var opts []MenuOption
		for _, lv := range computerLevels {
			opts = append(opts, MenuOption{Label: computerName(p, lv.String()), Value: lv.String(),
				Description: p.T("bot.level." + lv.String() + ".desc"), Emoji: "🤖"})
		}
		m.Rows = append(m.Rows, Row{Menu: &Menu{ID: a.with("ai").id(), Placeholder: p.T("bot.lobby.add-computer"), Options: opts}})
	}
	return m
}

func creatorName(g *store.Game) string {
	for _, p := range g.Players {
		if p.UserID == g.Creator {
			return p.Name
		}
	}
	return g.Settings[settingCreator]
}

// lobby loads the channel's game and checks that it is in its lobby.
func (b *Bot) lobby(ctx context.Context, req Request, a *action) (*table, error) {
	t, err := b.load(ctx, req.Channel)
	if err != nil {
		return nil, err
	}
	if a != nil && a.game != t.token() {
		return nil, fail(Stale, "bot.err.stale-lobby")
	}
	if t.stored.Status != store.Lobby {
		return nil, fail(Lobby, "bot.err.started")
	}
	return t, nil
}

// lobbyAnswer answers a lobby change: a button updates the lobby message,
// a slash command posts it anew.
func (b *Bot) lobbyAnswer(t *table, viaButton bool) Reply {
	m := b.lobbyMessage(t)
	return Reply{Update: viaButton, Message: m}
}

func (b *Bot) join(ctx context.Context, req Request, viaButton bool) (Reply, error) {
	unlock := b.lock(req.Channel)
	defer unlock()
	a := b.componentAction(req)
	t, err := b.lobby(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	if _, in := t.stored.Player(req.User.ID); in {
		return Reply{}, fail(Lobby, "bot.err.already-in")
	}
	seats, _ := strconv.Atoi(t.stored.Settings[settingSeats])
	g, err := b.cfg.Store.Update(ctx, req.Channel, t.stored.ID, func(g *store.Game) error {
		if len(g.Players) >= seats {
			return fail(Lobby, "bot.err.full", "seats", seats)
		}
		g.Players = append(g.Players, store.Player{UserID: req.User.ID, Name: req.User.Name})
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	t.stored = g
	return b.lobbyAnswer(t, viaButton), nil
}

func (b *Bot) leave(ctx context.Context, req Request, viaButton bool) (Reply, error) {
	unlock := b.lock(req.Channel)
	defer unlock()
	a := b.componentAction(req)
	t, err := b.lobby(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	if _, in := t.stored.Player(req.User.ID); !in {
		return Reply{}, fail(NotPlayer, "bot.err.not-in-lobby")
	}
	humans := 0
	for _, p := range t.stored.Players {
		if p.Computer == "" {
			humans++
		}
	}
	if humans == 1 {
		// The last person out closes the table.
		if _, err := b.cfg.Store.Finish(ctx, req.Channel, t.stored.ID, store.Cancelled); err != nil {
			return Reply{}, err
		}
		p := b.cfg.Catalog.Printer(t.lang())
		return Reply{Update: viaButton, Message: Message{Content: p.T("bot.lobby.closed", "name", req.User.Name)}}, nil
	}
	g, err := b.cfg.Store.Update(ctx, req.Channel, t.stored.ID, func(g *store.Game) error {
		var kept []store.Player
		for _, p := range g.Players {
			if p.UserID != req.User.ID {
				kept = append(kept, p)
			}
		}
		g.Players = kept
		if g.Creator == req.User.ID {
			// The next human in the lobby takes over the table.
			for _, p := range kept {
				if p.UserID != "" {
					g.Creator = p.UserID
					break
				}
			}
		}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	t.stored = g
	return b.lobbyAnswer(t, viaButton), nil
}

// start seats the lobby's players in a shuffled order, gives colours in
// seat order and posts the first board.
func (b *Bot) start(ctx context.Context, req Request, viaButton bool) (Reply, error) {
	unlock := b.lock(req.Channel)
	defer unlock()
	a := b.componentAction(req)
	t, err := b.lobby(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	if req.User.ID != t.stored.Creator {
		return Reply{}, fail(NotAllowed, "bot.err.not-creator", "name", creatorName(t.stored))
	}
	n := len(t.stored.Players)
	if n < 3 {
		return Reply{}, fail(Lobby, "bot.err.too-few", "count", n)
	}
	seed := b.newSeed()
	g, err := b.cfg.Store.Update(ctx, req.Channel, t.stored.ID, func(g *store.Game) error {
		players := append([]store.Player(nil), g.Players...)
		if !b.cfg.KeepSeatOrder {
			rng := rand.New(rand.NewPCG(seed, 0))
			rng.Shuffle(len(players), func(i, j int) { players[i], players[j] = players[j], players[i] })
		}
		colours := make([]string, len(players))
		for i := range players {
			players[i].Colour = shangrila.Colours[i].String()
			colours[i] = players[i].Colour
		}
		g.Players = players
		g.Setup = []string{"players " + strings.Join(colours, " ")}
		if g.Settings[settingStart] == "suggested" {
			g.Setup = append(g.Setup, "start suggested")
		}
		g.Settings[settingSeed] = strconv.FormatUint(seed, 10)
		g.Status = store.Playing
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	t, err = replayStored(g)
	if err != nil {
		return Reply{}, err
	}
	pub := b.cfg.Catalog.Printer(t.lang())
	intro := pub.T("bot.started", "seating", seating(pub, t))
	post := b.boardPost(ctx, t, intro, nil)
	if viaButton {
		return Reply{Update: true, Message: Message{Content: pub.T("bot.lobby.started")}, Posts: []Message{post}, Then: b.afterMove(t)}, nil
	}
	return Reply{Message: post, Then: b.afterMove(t)}, nil
}

// seating lists the seats: "🔴 Alice, 🔵 Bob, 🟡 Carol".
func seating(p *i18n.Printer, t *table) string {
	var parts []string
	pos := t.position()
	for _, c := range pos.Players() {
		parts = append(parts, colourMark(c)+" "+t.name(p, c))
	}
	return strings.Join(parts, ", ")
}

// colourMark is the emoji of a colour, used in text beside the name.
func colourMark(c shangrila.Colour) string {
	switch c {
	case shangrila.Red:
		return "🔴"
	case shangrila.Blue:
		return "🔵"
	case shangrila.Yellow:
		return "🟡"
	case shangrila.Violet:
		return "🟣"
	}
	return "⚪"
}

// componentAction returns the action of a component request, nil for a
// command.
func (b *Bot) componentAction(req Request) *action {
	if req.Kind != ComponentRequest {
		return nil
	}
	a, ok := parseAction(req.CustomID)
	if !ok {
		return nil
	}
	return &a
}
