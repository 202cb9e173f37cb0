package stats

import (
	"cmp"
	"slices"
	"time"

	"github.com/tablebot/tablebot/rating"
)

// A Tally is what is kept of one subject's games in one scope and
// period, added to game by game as games end (AddGame), so that showing
// statistics never reads the games again. Tallies are keyed by Key; a
// game adds to the tallies Keys names: those of each of its players and
// the totals, everywhere and in its server, of all time and of its month.

// Periods of tallies: of all time, or of a calendar month (UTC) named as
// "2006-01".
const (
	AllTime     = "all"
	monthLayout = "2006-01"
)

// Month is the period of the month (UTC) of t.
func Month(t time.Time) string { return t.UTC().Format(monthLayout) }

// Everywhere is the Scope of tallies over every server.
const Everywhere = ""

// Totals is the Subject of a scope's totals: every game counted once.
const Totals = ""

// RecentMoves is how many of a subject's own latest move times a tally
// keeps (the times to move are of those): a bound, whatever the number of
// games.
const RecentMoves = 200

// Key names a tally: a Scope (Everywhere, or a server), a Period (AllTime
// or a Month) and a Subject (a player, or Totals).
type Key struct {
	Scope, Period, Subject string
}

// Tally is one subject's games in one scope and period.
type Tally struct {
	// Name is the player's name in their latest game ("" for Totals, or
	// when not known).
	Name string `json:",omitempty"`
	// Record counts every game; ByGame per kind, ByTable per kind and
	// number of players. For Totals, Won counts cooperative games won.
	Record
	ByGame  map[string]Record `json:",omitempty"`
	ByTable map[Table]Record  `json:",omitempty"`
	// Resigned counts the games the player resigned, HandedOver those a
	// computer finished for them.
	Resigned, HandedOver int `json:",omitempty"`
	// Moves counts the subject's own moves; Recent are the times the last
	// RecentMoves of them took, oldest first.
	Moves  int             `json:",omitempty"`
	Recent []time.Duration `json:",omitempty"`
	// Teams are the results of the cooperative games, per kind.
	Teams map[string]*Team `json:",omitempty"`
	// Ratings are the player's ratings per kind of rated game, and
	// LastRated the latest game that changed each.
	Ratings   map[string]rating.Rating `json:",omitempty"`
	LastRated map[string]Rated         `json:",omitempty"`
}

// Rated is what one game did to a rating.
type Rated struct {
	Game          string
	Before, After rating.Rating
}

// Delta is the change of the rating shown (Ordinal).
func (r Rated) Delta() float64 { return r.After.Ordinal() - r.Before.Ordinal() }

// MedianMove and SlowMove (the 90th percentile) are the times the
// subject's recent moves took.
func (t *Tally) MedianMove() time.Duration { return Percentile(t.sortedRecent(), 0.5) }

// SlowMove is the 90th percentile of the times the recent moves took.
func (t *Tally) SlowMove() time.Duration { return Percentile(t.sortedRecent(), 0.9) }

func (t *Tally) sortedRecent() []time.Duration {
	s := slices.Clone(t.Recent)
	slices.Sort(s)
	return s
}

// Rating returns the player's rating at kind, a newcomer's when none.
func (t *Tally) Rating(kind string) rating.Rating {
	if r, ok := t.Ratings[kind]; ok {
		return r
	}
	return rating.Default().New()
}

// Keys returns the tallies game g adds to: its players' and the totals,
// everywhere and in its server (when it has one), of all time and of the
// month it ended. A cancelled game adds to none.
func Keys(g *Game) []Key {
	if g.Cancelled {
		return nil
	}
	scopes := []string{Everywhere}
	if g.Guild != "" {
		scopes = append(scopes, g.Guild)
	}
	subjects := []string{Totals}
	for _, s := range g.Seats {
		if !slices.Contains(subjects, s.Player) {
			subjects = append(subjects, s.Player)
		}
	}
	var out []Key
	for _, sc := range scopes {
		for _, p := range []string{AllTime, Month(g.Ended)} {
			for _, sub := range subjects {
				out = append(out, Key{sc, p, sub})
			}
		}
	}
	return out
}

// AddGame adds game g to the tallies Keys(g) names, which tallies must
// hold (a zero Tally for one not kept yet), and returns the rating
// changes of its players in the all-time tally of its scope (its server's,
// else everywhere), in seat order; nil for a game not rated. Games must be
// added in the order they ended: streaks and ratings depend on it.
func AddGame(tallies map[Key]*Tally, g *Game) []Rated {
	if g.Cancelled {
		return nil
	}
	scope := Everywhere
	if g.Guild != "" {
		scope = g.Guild
	}
	var shown []Rated
	results := seatResults(g)
	times := moveTimes(g)
	for _, k := range Keys(g) {
		if k.Subject != Totals {
			continue
		}
		tallies[k].addTotals(g, times)
		players := map[string]*Tally{}
		for id, r := range results {
			pk := Key{k.Scope, k.Period, id}
			tallies[pk].addPlayer(g, r, times[id])
			players[id] = tallies[pk]
		}
		ch := rate(players, g)
		if k.Scope == scope && k.Period == AllTime {
			shown = ch
		}
	}
	return shown
}

func (t *Tally) addRecord(kind string, players int, won bool) {
	t.Record.add(won)
	if t.ByGame == nil {
		t.ByGame, t.ByTable = map[string]Record{}, map[Table]Record{}
	}
	r := t.ByGame[kind]
	r.add(won)
	t.ByGame[kind] = r
	tb := Table{Kind: kind, Players: players}
	r = t.ByTable[tb]
	r.add(won)
	t.ByTable[tb] = r
}

func (t *Tally) addMoves(d []time.Duration) {
	t.Moves += len(d)
	t.Recent = append(t.Recent, d...)
	if n := len(t.Recent) - RecentMoves; n > 0 {
		t.Recent = slices.Delete(t.Recent, 0, n)
	}
}

func (t *Tally) addTeam(g *Game) {
	if g.Team == nil {
		return
	}
	if t.Teams == nil {
		t.Teams = map[string]*Team{}
	}
	tm := t.Teams[g.Kind]
	if tm == nil {
		tm = &Team{}
		t.Teams[g.Kind] = tm
	}
	tm.Add(len(g.Seats), *g.Team)
}

// addTotals counts g once in a scope's totals, with every player's moves.
func (t *Tally) addTotals(g *Game, times map[string][]time.Duration) {
	t.addRecord(g.Kind, len(g.Seats), g.Team != nil && g.Team.Won)
	var all []time.Duration
	prev := g.Started
	for _, m := range g.Moves {
		d := max(m.At.Sub(prev), 0)
		prev = m.At
		if !m.ByComputer && m.Seat >= 0 && m.Seat < len(g.Seats) {
			all = append(all, d)
		}
	}
	t.addMoves(all)
	t.addTeam(g)
}

// addPlayer counts g for one of its players.
func (t *Tally) addPlayer(g *Game, r seatResult, times []time.Duration) {
	t.addRecord(g.Kind, len(g.Seats), r.won)
	t.Name = cmp.Or(r.name, t.Name)
	if r.resigned {
		t.Resigned++
	}
	if r.handedOver {
		t.HandedOver++
	}
	t.addMoves(times)
	t.addTeam(g)
}
