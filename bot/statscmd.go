package bot

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/stats"
)

// PersonCommand's statistics: /tablebot stats [user] [game] [public] and
// /tablebot leaderboard game [period], from the tallies the store keeps
// (never the games themselves: an answer reads a few keys).

// The statistics' subcommands and options.
const (
	cmdStats       = "stats"
	cmdLeaderboard = "leaderboard"
	optUser        = "user"
	optGame        = "game"
	optPublic      = "public"
	optPeriod      = "period"
)

// The periods of a leaderboard: all time, or this month (a season: its
// ratings start afresh with the month).
const (
	PeriodAll   = "all"
	PeriodMonth = "month"
)

// leaderboardSize is how many lines a leaderboard shows.
const leaderboardSize = 10

// statsCommands are PersonCommand's statistics subcommands.
func (b *Bot) statsCommands() []CommandSpec {
	var games []OptionChoice
	for _, g := range b.cfg.Games {
		games = append(games, OptionChoice{Label: g.Kind() + ".title", Value: g.Kind()})
	}
	return []CommandSpec{
		{Name: cmdStats, Options: []OptionSpec{
			{Name: optUser, Type: UserOption},
			{Name: optGame, Type: StringOption, Choices: games},
			{Name: optPublic, Type: BooleanOption},
		}},
		{Name: cmdLeaderboard, Options: []OptionSpec{
			{Name: optGame, Type: StringOption, Required: true, Choices: games},
			{Name: optPeriod, Type: StringOption, Choices: ChoicesOf("choice.period.", PeriodAll, PeriodMonth)},
		}},
	}
}

// statsScope is the scope of a request's statistics: its server's, or
// everywhere outside one.
func statsScope(req Request) string { return cmp.Or(req.Guild, stats.Everywhere) }

// statsGame returns the hosted game an option names; "" when the option
// is empty and may be.
func (b *Bot) statsGame(req Request, required bool) (Game, error) {
	kind := req.Option(optGame)
	if kind == "" && !required {
		return nil, nil
	}
	g, ok := b.game(kind)
	if !ok {
		return nil, fail(Invalid, "bot.stats.no-game", "game", clipContent(kind))
	}
	return g, nil
}

// stats answers /tablebot stats: someone's statistics in this server,
// privately unless public.
func (b *Bot) stats(ctx context.Context, req Request) (Reply, error) {
	p := b.printer(req.User.Locale)
	game, err := b.statsGame(req, false)
	if err != nil {
		return Reply{}, err
	}
	who := cmp.Or(req.Option(optUser), req.User.ID)
	t, err := b.cfg.Store.Tally(ctx, stats.Key{Scope: statsScope(req), Period: stats.AllTime, Subject: who})
	if err != nil {
		return Reply{}, err
	}
	name := subjectName(p, who, t)
	if who == req.User.ID {
		name = cmp.Or(t.Name, req.User.Name)
	}
	private := req.Option(optPublic) != "true"
	if game != nil && t.ByGame[game.Kind()].Played == 0 || t.Played == 0 {
		return Reply{Private: private, Message: Message{Content: p.T("bot.stats.none", "name", name)}}, nil
	}
	lines := []string{p.T("bot.stats.title", "name", name)}
	for _, g := range b.cfg.Games {
		if game == nil || g == game {
			lines = append(lines, b.gameStats(p, g, t)...)
		}
	}
	if t.Moves > 0 {
		lines = append(lines, p.T("bot.stats.pace", "median", pace(p, t.MedianMove()), "slow", pace(p, t.SlowMove()), "moves", len(t.Recent)))
	}
	if t.Resigned+t.HandedOver > 0 {
		lines = append(lines, p.T("bot.stats.left", "resigned", t.Resigned, "handed", t.HandedOver))
	}
	return Reply{Private: private, Message: Message{Content: clipContent(strings.Join(lines, "\n"))}}, nil
}

// gameStats are the lines of one game's statistics in t.
func (b *Bot) gameStats(p *i18n.Printer, g Game, t *stats.Tally) []string {
	kind := g.Kind()
	rec := t.ByGame[kind]
	if rec.Played == 0 {
		return nil
	}
	lines := []string{p.T("bot.stats.game", "game", g.Title(p), "won", rec.Won, "played", rec.Played, "rate", percent(rec.WinRate()))}
	var tables []string
	for _, tb := range slices.SortedFunc(maps.Keys(t.ByTable), func(a, b stats.Table) int { return cmp.Compare(a.Players, b.Players) }) {
		if tb.Kind == kind {
			r := t.ByTable[tb]
			tables = append(tables, p.T("bot.stats.table", "players", tb.Players, "won", r.Won, "played", r.Played))
		}
	}
	if len(tables) > 1 {
		lines = append(lines, "  "+strings.Join(tables, " · "))
	}
	if r, ok := t.Ratings[kind]; ok {
		lines = append(lines, "  "+p.T("bot.stats.rating", "rating", rating1(r.Ordinal())))
	}
	if tm := t.Teams[kind]; tm != nil {
		lines = append(lines, "  "+p.T("bot.stats.team", "height", tm.BestHeight, "streak", tm.Streak, "best", tm.BestStreak))
		for _, l := range slices.SortedFunc(maps.Keys(tm.ByLevel), compareLevels) {
			r := tm.ByLevel[l]
			lines = append(lines, "  "+p.T("bot.stats.level", "difficulty", b.difficulty(p, kind, l.Difficulty), "players", l.Players, "won", r.Won, "played", r.Played, "height", r.BestHeight))
		}
	}
	return lines
}

// difficulty is a game's difficulty in its own words, when its catalogue
// has them as a choice of its options (<kind>.choice.difficulty.<word>).
func (b *Bot) difficulty(p *i18n.Printer, kind, word string) string {
	if id := kind + ".choice.difficulty." + word; b.cfg.Catalog.Has(p.Lang(), id) {
		return p.T(id)
	}
	return word
}

// leaderboard answers /tablebot leaderboard: the best of this server at a
// game, of all time or of this month, in the channel.
func (b *Bot) leaderboard(ctx context.Context, req Request) (Reply, error) {
	p := b.printer(req.User.Locale)
	game, err := b.statsGame(req, true)
	if err != nil {
		return Reply{}, err
	}
	period, periodName := stats.AllTime, p.T("bot.leaderboard.all")
	switch req.Option(optPeriod) {
	case "", PeriodAll:
	case PeriodMonth:
		period, periodName = stats.Month(b.now()), p.T("bot.leaderboard.month")
	default:
		return Reply{}, fail(Invalid, "bot.leaderboard.bad-period", "period", clipContent(req.Option(optPeriod)))
	}
	all, err := b.cfg.Store.Tallies(ctx, statsScope(req), period)
	if err != nil {
		return Reply{}, err
	}
	rows := leaderRows(game.Kind(), all)
	title := game.Title(p)
	if len(rows) == 0 {
		return Reply{Private: true, Message: Message{Content: p.T("bot.leaderboard.none", "game", title, "period", periodName)}}, nil
	}
	lines := []string{p.T("bot.leaderboard.title", "game", title, "period", periodName)}
	for i, r := range rows[:min(len(rows), leaderboardSize)] {
		lines = append(lines, leaderLine(p, game.Kind(), i, r))
	}
	lines = append(lines, serverLine(p, game.Kind(), all[stats.Totals]))
	how := "bot.leaderboard.by-wins"
	if _, rated := rows[0].t.Ratings[game.Kind()]; rated {
		how = "bot.leaderboard.by-rating"
	}
	lines = append(lines, "-# "+p.T(how))
	return Reply{Message: Message{Content: clipContent(strings.Join(lines, "\n"))}}, nil
}

// serverLine is what the server's totals say below a leaderboard: its
// games, and for a cooperative game the record of the server's team.
func serverLine(p *i18n.Printer, kind string, totals *stats.Tally) string {
	if totals == nil {
		return ""
	}
	rec := totals.ByGame[kind]
	if tm := totals.Teams[kind]; tm != nil {
		return p.T("bot.leaderboard.server-team", "won", rec.Won, "played", rec.Played, "height", tm.BestHeight, "streak", tm.Streak, "best", tm.BestStreak)
	}
	return p.N("bot.leaderboard.server", rec.Played)
}

// leaderRow is one subject on a leaderboard.
type leaderRow struct {
	subject string
	t       *stats.Tally
}

// leaderRows are the players who played kind, best first: by rating for
// a rated game, else by games won, best height, then fewer games played.
func leaderRows(kind string, all map[string]*stats.Tally) []leaderRow {
	var rows []leaderRow
	for s, t := range all {
		if s != stats.Totals && t.ByGame[kind].Played > 0 {
			rows = append(rows, leaderRow{s, t})
		}
	}
	height := func(t *stats.Tally) int {
		if tm := t.Teams[kind]; tm != nil {
			return tm.BestHeight
		}
		return 0
	}
	slices.SortFunc(rows, func(a, b leaderRow) int {
		ra, rb := a.t.Rating(kind).Ordinal(), b.t.Rating(kind).Ordinal()
		ga, gb := a.t.ByGame[kind], b.t.ByGame[kind]
		return cmp.Or(cmp.Compare(rb, ra), cmp.Compare(gb.Won, ga.Won), cmp.Compare(height(b.t), height(a.t)),
			cmp.Compare(ga.Played, gb.Played), cmp.Compare(a.subject, b.subject))
	})
	return rows
}

// medals mark the first three of a leaderboard.
var medals = []string{"🥇", "🥈", "🥉"}

// leaderLine is line i of a leaderboard: short, for a phone.
func leaderLine(p *i18n.Printer, kind string, i int, r leaderRow) string {
	mark := fmt.Sprintf("%d.", i+1)
	if i < len(medals) {
		mark = medals[i]
	}
	rec := r.t.ByGame[kind]
	name := subjectName(p, r.subject, r.t)
	if rt, ok := r.t.Ratings[kind]; ok {
		return p.T("bot.leaderboard.rated", "mark", mark, "name", name, "rating", rating1(rt.Ordinal()), "won", rec.Won, "played", rec.Played)
	}
	height := 0
	if tm := r.t.Teams[kind]; tm != nil {
		height = tm.BestHeight
	}
	return p.T("bot.leaderboard.team", "mark", mark, "name", name, "won", rec.Won, "played", rec.Played, "height", height)
}

// subjectName is how a tally's subject is shown: a computer's level, a
// person's latest name (markdown kept literal), else a mention (which
// pings nobody: messages ping only their Mentions).
func subjectName(p *i18n.Printer, subject string, t *stats.Tally) string {
	if level, ok := stats.IsComputer(subject); ok {
		return computerName(p, level)
	}
	if t != nil && t.Name != "" {
		return escapeMarkdown(t.Name)
	}
	return "<@" + subject + ">"
}

// escapeMarkdown keeps a name's markdown characters literal.
func escapeMarkdown(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\*_~`|>#-[]()", r) {
			b.WriteRune('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// pace writes a time to move: in minutes and seconds under ten minutes,
// else as waited.
func pace(p *i18n.Printer, d time.Duration) string {
	m, s := int(d/time.Minute), int(d%time.Minute/time.Second)
	switch {
	case d >= 10*time.Minute:
		return waited(p, d)
	case m == 0:
		return p.N("bot.n.seconds", s)
	case s == 0:
		return p.N("bot.n.minutes", m)
	}
	return p.N("bot.n.minutes", m) + " " + p.N("bot.n.seconds", s)
}

// percent writes a share as a whole percentage.
func percent(f float64) string { return fmt.Sprintf("%.0f%%", 100*f) }

// rating1 writes a rating with one decimal.
func rating1(f float64) string { return fmt.Sprintf("%.1f", f) }

// signed1 writes a change of rating with its sign and one decimal.
func signed1(f float64) string { return fmt.Sprintf("%+.1f", f) }

func compareLevels(a, b stats.Level) int {
	return cmp.Or(cmp.Compare(a.Difficulty, b.Difficulty), cmp.Compare(a.Players, b.Players))
}
