package bot

import (
	"context"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/store"
)

// Steps of the lobby's components.
const (
	stepJoin     = "join"
	stepLeave    = "leave"
	stepStart    = "start"
	stepComputer = "ai"
)

// newGame opens a lobby in the channel with its creator seated.
func (b *Bot) newGame(ctx context.Context, g Game, req Request) (Reply, error) {
	rule := g.Seats()
	seats := rule.Default
	if v := strings.TrimSpace(req.Option(optPlayers)); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < rule.Min || n > rule.Max {
			return Reply{}, fail(Lobby, b.gameID(g, "bot.err.seats"), "min", rule.Min, "max", rule.Max)
		}
		seats = n
	}
	settings, err := Configure(g, req.Options, seats)
	if err != nil {
		return Reply{}, err
	}
	unlock := b.lock(req.Channel)
	defer unlock()
	lang, err := b.channelLang(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	all := maps.Clone(settings)
	if all == nil {
		all = map[string]string{}
	}
	all[settingLang] = string(lang)
	all[settingSeats] = strconv.Itoa(seats)
	all[settingCreator] = req.User.Name
	stored := &store.Game{
		Guild: req.Guild, Channel: req.Channel, Kind: g.Kind(), Status: store.Lobby,
		Creator:  req.User.ID,
		Players:  []store.Player{{UserID: req.User.ID, Name: req.User.Name}},
		Settings: all,
	}
	if err := b.cfg.Store.Create(ctx, stored); err != nil {
		return Reply{}, err
	}
	return Reply{Message: b.lobbyMessage(&table{game: g, stored: stored})}, nil
}

// Configure is how the host configures a new table of g: each option of
// "new" (NewOptions) is trimmed, an empty one takes its Default, and a
// value must be one of the option's choices (in any case: it becomes the
// choice's) or, for a number, within its Min and Max. These are the
// table's settings ("players" aside: the seats are checked before and
// stored by the host), unless the game is a Configurer, which checks
// them together and returns the settings.
func Configure(g Game, options map[string]string, seats int) (map[string]string, error) {
	filled := make(map[string]string, len(options))
	for name, v := range options {
		filled[name] = strings.TrimSpace(v)
	}
	settings := map[string]string{}
	for _, o := range g.NewOptions() {
		if filled[o.Name] == "" && o.Default != "" {
			filled[o.Name] = o.Default
		}
		if o.Name == optPlayers || filled[o.Name] == "" {
			continue
		}
		v, err := o.check(filled[o.Name])
		if err != nil {
			return nil, err
		}
		settings[o.Name] = v
	}
	if c, ok := g.(Configurer); ok {
		return c.Configure(settings, seats)
	}
	return settings, nil
}

// check reads a value of the option: one of its choices, spelt as the
// choice is, or a whole number within its range.
func (o OptionSpec) check(v string) (string, error) {
	if len(o.Choices) > 0 {
		for _, c := range o.Choices {
			if strings.EqualFold(v, c.Value) {
				return c.Value, nil
			}
		}
		return "", fail(Invalid, "bot.err.choice", "word", v, "choices", choicesSaid(o.Choices))
	}
	if o.Type != IntegerOption {
		return v, nil
	}
	n, err := strconv.Atoi(v)
	switch {
	case o.Max == 0 && err != nil:
		return "", fail(Invalid, "bot.err.whole", "word", v)
	case o.Max > 0 && (err != nil || n < o.Min || n > o.Max):
		return "", fail(Invalid, "bot.err.number", "word", v, "min", o.Min, "max", o.Max)
	}
	return strconv.Itoa(n), nil
}

// choicesSaid are an option's choices in a printer's language, each its
// label and, when that is not the value itself, the value a terminal
// takes: "fácil (easy), media (medium), difícil (hard)".
type choicesSaid []OptionChoice

// Term says the choices.
func (cs choicesSaid) Term(p *i18n.Printer) string {
	said := make([]string, len(cs))
	for i, c := range cs {
		if said[i] = p.T(c.Label); !strings.EqualFold(said[i], c.Value) {
			said[i] += " (" + c.Value + ")"
		}
	}
	return strings.Join(said, ", ")
}

// seats returns the most seats of a table.
func (t *table) seats() int {
	n, err := strconv.Atoi(t.stored.Settings[settingSeats])
	if err != nil {
		return t.game.Seats().Default
	}
	return n
}

// lobbyMessage shows who is in and the Join, Leave and Start buttons, and
// a menu to add computer players while seats are free, each level said in
// the game's words where it has its own ("menara.level.hard.desc": a
// teammate is no opponent).
func (b *Bot) lobbyMessage(t *table) Message {
	g := t.stored
	p := b.cfg.Catalog.Printer(t.lang())
	seats, min := t.seats(), t.game.Seats().Min
	names := make([]string, len(g.Players))
	for i := range g.Players {
		names[i] = t.name(p, i)
	}
	if isRematch(g) {
		return b.rematchLobby(t, p, names)
	}
	creator := creatorName(g)
	how := p.N("bot.lobby.how", min, "creator", creator)
	if len(g.Players) > 0 && !t.anyPerson() {
		how = p.T("bot.lobby.watch", "creator", creator)
	}
	text := p.T("bot.lobby.title", "game", t.game.Title(p), "creator", creator, "seats", seats,
		"options", t.game.LobbyOptions(p, g.Settings)) + "\n" +
		p.T("bot.lobby.players", "count", len(g.Players), "seats", seats, "names", strings.Join(names, ", ")) + "\n" + how
	a := t.action()
	m := Message{
		Content: text,
		Rows: []Row{{Buttons: []Button{
			{ID: a.With(stepJoin).ID(), Label: p.T("bot.button.join"), Style: Primary},
			{ID: a.With(stepLeave).ID(), Label: p.T("bot.button.leave"), Style: Secondary},
			{ID: a.With(stepStart).ID(), Label: p.T("bot.button.start"), Style: Success, Disabled: len(g.Players) < min},
		}}},
	}
	if levels := t.game.Levels(); len(g.Players) < seats && len(levels) > 0 {
		var opts []MenuOption
		for _, lv := range levels {
			opts = append(opts, MenuOption{Label: computerName(p, lv), Value: lv,
				Description: p.T(b.gameID(t.game, "bot.level."+lv+".desc")), Emoji: "🤖"})
		}
		placeholder := "bot.lobby.add-computer"
		if t.game.Seats().Cooperative {
			placeholder = "bot.lobby.add-teammate"
		}
		m.Rows = append(m.Rows, Row{Menu: &Menu{ID: a.With(stepComputer).ID(), Placeholder: p.T(placeholder), Options: opts}})
	}
	return m
}

// anyPerson reports whether a person (not a computer) is seated.
func (t *table) anyPerson() bool {
	for _, p := range t.stored.Players {
		if p.Computer == "" {
			return true
		}
	}
	return false
}

// creatorName is the name of who opened the table.
func creatorName(g *store.Game) string {
	for _, p := range g.Players {
		if p.UserID == g.Creator {
			return p.Name
		}
	}
	return g.Settings[settingCreator]
}

// lobbyTable loads the channel's table, which must be in its lobby; a is
// the component's action, nil for a command. The caller holds the
// channel's lock.
func (b *Bot) lobbyTable(ctx context.Context, req Request, a *Action) (*table, error) {
	t, err := b.load(ctx, req.Channel, req.Game)
	if err != nil {
		return nil, err
	}
	if a != nil && a.Game != t.action().Game {
		return nil, fail(Stale, "bot.err.stale-lobby")
	}
	if t.stored.Status != store.Lobby {
		return nil, fail(Lobby, "bot.err.started")
	}
	return t, nil
}

// byCreator refuses a request of anyone but the table's creator, with the
// message key that says what only the creator may do.
func (t *table) byCreator(req Request, key string) error {
	if req.User.ID != t.stored.Creator {
		return fail(NotAllowed, key, "name", creatorName(t.stored))
	}
	return nil
}

// lobbyAnswer answers a lobby change: a button updates the lobby message,
// a slash command posts it anew.
func (b *Bot) lobbyAnswer(t *table, a *Action) Reply {
	m := b.lobbyMessage(t)
	if a != nil {
		// An update notifies nobody: it pings nobody either.
		m.Mentions, m.Notify = nil, false
	}
	return Reply{Update: a != nil, Message: m}
}

// seatLobby changes the lobby's seats with change, in one update of the
// stored game, and answers with the lobby.
func (b *Bot) seatLobby(ctx context.Context, req Request, a *Action, check func(*table) error, change func(*store.Game) error) (Reply, error) {
	unlock := b.lock(req.Channel)
	defer unlock()
	t, err := b.lobbyTable(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	if err := check(t); err != nil {
		return Reply{}, err
	}
	g, err := b.cfg.Store.Update(ctx, req.Channel, t.stored.ID, change)
	if err != nil {
		return Reply{}, err
	}
	t.stored = g
	return b.lobbyAnswer(t, a), nil
}

func (b *Bot) join(ctx context.Context, req Request, a *Action) (Reply, error) {
	var seats int
	return b.seatLobby(ctx, req, a, func(t *table) error {
		if _, in := t.stored.Player(req.User.ID); in {
			return fail(Lobby, "bot.err.already-in")
		}
		seats = t.seats()
		return nil
	}, func(g *store.Game) error {
		return seatAt(g, seats, store.Player{UserID: req.User.ID, Name: req.User.Name})
	})
}

// seatAt seats p at the table g of at most seats players.
func seatAt(g *store.Game, seats int, p store.Player) error {
	if len(g.Players) >= seats {
		return fail(Lobby, "bot.err.full", "seats", seats)
	}
	g.Players = append(g.Players, p)
	return nil
}

// AddComputer seats a computer player of the given level at the channel's
// open table, on behalf of its creator.
func (b *Bot) AddComputer(ctx context.Context, req Request, level string) (Reply, error) {
	a := componentAction(req)
	var seats int
	return b.seatLobby(ctx, req, a, func(t *table) error {
		if !slices.Contains(t.game.Levels(), level) {
			return fail(Lobby, "bot.err.level")
		}
		seats = t.seats()
		return t.byCreator(req, "bot.err.not-creator-computer")
	}, func(g *store.Game) error {
		return seatAt(g, seats, store.Player{Name: computerName(b.cfg.Catalog.Printer(i18n.English), level), Computer: level})
	})
}

func (b *Bot) leave(ctx context.Context, req Request, a *Action) (Reply, error) {
	unlock := b.lock(req.Channel)
	defer unlock()
	t, err := b.lobbyTable(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	if _, in := t.stored.Player(req.User.ID); !in {
		return Reply{}, fail(NotPlayer, "bot.err.not-in-lobby")
	}
	if isRematch(t.stored) {
		// Leaving a rematch declines it.
		return b.closeRematch(ctx, req, a, t)
	}
	humans := 0
	for _, p := range t.stored.Players {
		if p.Computer == "" {
			humans++
		}
	}
	computers := len(t.stored.Players) - humans
	if humans == 1 && (computers == 0 || req.User.ID != t.stored.Creator) {
		// The last person out closes the table, unless its creator leaves
		// computers seated: the table stays theirs, to start a game of
		// computers alone (a demonstration), to join again or to cancel.
		if _, err := b.cfg.Store.Finish(ctx, req.Channel, t.stored.ID, store.Cancelled); err != nil {
			return Reply{}, err
		}
		p := b.cfg.Catalog.Printer(t.lang())
		return Reply{Update: a != nil, Message: Message{Content: p.T("bot.lobby.closed", "name", req.User.Name)}}, nil
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
			// The next person in the lobby takes over the table.
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
	return b.lobbyAnswer(t, a), nil
}

// start seats the lobby's players in a shuffled order, lets the game name
// the seats and write its setup, and posts the first board.
func (b *Bot) start(ctx context.Context, req Request, a *Action) (Reply, error) {
	unlock := b.lock(req.Channel)
	defer unlock()
	t, err := b.lobbyTable(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	if err := t.byCreator(req, "bot.err.not-creator"); err != nil {
		return Reply{}, err
	}
	if len(waiting(t.stored)) > 0 {
		return Reply{}, fail(Lobby, "bot.err.rematch-waiting")
	}
	return b.begin(ctx, req, a, t)
}

// begin starts the game of lobby t, at the request req (of component a,
// nil for a command). The caller holds the channel's lock.
func (b *Bot) begin(ctx context.Context, req Request, a *Action, t *table) (Reply, error) {
	rule := t.game.Seats()
	if n := len(t.stored.Players); n < rule.Min {
		return Reply{}, fail(Lobby, b.gameID(t.game, "bot.err.too-few"), "count", n, "min", rule.Min, "max", rule.Max)
	}
	seed := b.cfg.Seed()
	en := b.cfg.Catalog.Printer(i18n.English)
	pub := b.cfg.Catalog.Printer(t.lang())
	v := viaAnswer(req)
	if a != nil {
		v = viaChannel
	}
	var intro string
	var started *table // the game as it starts, replayed once
	where, err := b.notices(ctx, t.stored)
	if err != nil {
		return Reply{}, err
	}
	aways, err := b.absences(ctx, t.stored.Players)
	if err != nil {
		return Reply{}, err
	}
	var owed notice
	g, err := b.cfg.Store.UpdateAnnounced(ctx, req.Channel, t.stored.ID, func(g *store.Game) (*store.Announcement, error) {
		players := slices.Clone(g.Players)
		if !b.cfg.KeepSeatOrder {
			rng := rand.New(rand.NewPCG(seed, 0))
			rng.Shuffle(len(players), func(i, j int) { players[i], players[j] = players[j], players[i] })
		}
		names := make([]string, len(players))
		for i, p := range players {
			names[i] = p.Name
			if p.Computer != "" {
				names[i] = computerName(en, p.Computer)
			}
		}
		setup, err := t.game.Setup(g.Settings, names, seed)
		if err != nil {
			return nil, err
		}
		if len(setup.Seats) != len(players) {
			return nil, fail(Lobby, b.gameID(t.game, "bot.err.too-few"), "count", len(players), "min", rule.Min, "max", rule.Max)
		}
		for i := range players {
			players[i].Colour = setup.Seats[i]
		}
		g.Players = players
		markAway(g, aways, StandIn(t.game))
		g.Setup = setup.Lines
		g.Settings[settingSeed] = strconv.FormatUint(seed, 10)
		g.Settings[settingStarted] = b.cfg.Now().UTC().Format(time.RFC3339Nano)
		delete(g.Settings, settingWaiting)
		g.Status = store.Playing
		if started, err = b.replay(t.game, g); err != nil {
			return nil, err
		}
		intro = pub.T("bot.started", "seating", seating(pub, started))
		owed = turnNotice(started, where)
		return owed.owe(v.announcement(intro)), nil
	})
	if err != nil {
		return Reply{}, err
	}
	started.stored = g // as committed
	t = started
	if a != nil {
		return Reply{Update: true, Message: Message{Content: pub.T("bot.lobby.started")}, Then: b.then(t)}, nil
	}
	post := b.boardPost(t, intro, nil, true)
	b.carry(&post, t, owed)
	return Reply{Message: post, Then: b.then(t)}, nil
}

// seating lists the seats in play order: "🔴 Alice, 🔵 Bob, 🟡 Carol".
// It begins with the seat that plays first (a game may draw who starts)
// and goes round the table from there.
func seating(p *i18n.Printer, t *table) string {
	n := len(t.stored.Players)
	first := 0
	if t.state != nil {
		if act := t.state.ToAct(); len(act) == 1 && act[0] >= 0 && act[0] < n {
			first = act[0]
		}
	}
	parts := make([]string, n)
	for k := range parts {
		i := (first + k) % n
		parts[k] = t.game.Mark(i) + " " + t.name(p, i)
	}
	return strings.Join(parts, ", ")
}

// componentAction returns the action of a component request, nil for a
// command.
func componentAction(req Request) *Action {
	if req.Kind != ComponentRequest {
		return nil
	}
	a, ok := ParseAction(req.CustomID)
	if !ok {
		return nil
	}
	return &a
}
