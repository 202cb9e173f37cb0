package stats

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"time"
)

// Player is one player's statistics.
type Player struct {
	Player string
	// Record counts every game; ByGame per kind of game, and ByTable per
	// kind and number of players.
	Record
	ByGame  map[string]Record
	ByTable map[Table]Record
	// Resigned counts the games the player resigned, HandedOver those a
	// computer finished for them.
	Resigned, HandedOver int
	// Moves counts the player's own moves; MedianMove and SlowMove (the
	// 90th percentile) are the time they took, from the move before (or
	// the game's start) to theirs.
	Moves                int
	MedianMove, SlowMove time.Duration
}

// Players returns the statistics of everyone who played the games that
// were not cancelled, ordered by Player. A player who sat in several
// seats of one game has played it once, and won it if any of the seats
// won.
func Players(games []Game) []Player {
	byID := map[string]*Player{}
	waits := map[string][]time.Duration{}
	for i := range games {
		g := &games[i]
		if g.Cancelled {
			continue
		}
		for id, r := range seatResults(g) {
			p := byID[id]
			if p == nil {
				p = &Player{Player: id, ByGame: map[string]Record{}, ByTable: map[Table]Record{}}
				byID[id] = p
			}
			p.add(g, r)
		}
		for id, d := range moveTimes(g) {
			waits[id] = append(waits[id], d...)
		}
	}
	out := make([]Player, 0, len(byID))
	for id, p := range byID {
		w := waits[id]
		slices.Sort(w)
		p.Moves = len(w)
		p.MedianMove, p.SlowMove = Percentile(w, 0.5), Percentile(w, 0.9)
		out = append(out, *p)
	}
	slices.SortFunc(out, func(a, b Player) int { return strings.Compare(a.Player, b.Player) })
	return out
}

// seatResult is how a game went for one player, over their seats.
type seatResult struct {
	won, resigned, handedOver bool
	name                      string
}

func seatResults(g *Game) map[string]seatResult {
	rs := map[string]seatResult{}
	for i, s := range g.Seats {
		r := rs[s.Player]
		r.won = r.won || g.Won(i)
		r.resigned = r.resigned || s.Resigned
		r.handedOver = r.handedOver || s.HandedOver
		r.name = cmp.Or(r.name, s.Name)
		rs[s.Player] = r
	}
	return rs
}

func (p *Player) add(g *Game, r seatResult) {
	p.Record.add(r.won)
	rec := p.ByGame[g.Kind]
	rec.add(r.won)
	p.ByGame[g.Kind] = rec
	t := Table{Kind: g.Kind, Players: len(g.Seats)}
	rec = p.ByTable[t]
	rec.add(r.won)
	p.ByTable[t] = rec
	if r.resigned {
		p.Resigned++
	}
	if r.handedOver {
		p.HandedOver++
	}
}

// moveTimes returns, per player, the time each of their own moves took:
// from the move before, or the game's start, to it (never below zero).
func moveTimes(g *Game) map[string][]time.Duration {
	out := map[string][]time.Duration{}
	prev := g.Started
	for _, m := range g.Moves {
		d := max(m.At.Sub(prev), 0)
		prev = m.At
		if m.ByComputer || m.Seat < 0 || m.Seat >= len(g.Seats) {
			continue
		}
		id := g.Seats[m.Seat].Player
		out[id] = append(out[id], d)
	}
	return out
}

// Percentile returns the p-th quantile (0 ≤ p ≤ 1) of sorted durations,
// interpolating linearly between the two nearest (the usual definition:
// a spreadsheet's PERCENTILE.INC, numpy's default): the median of an even
// number is the mean of the middle two. It is 0 for no durations.
func Percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	h := p * float64(len(sorted)-1)
	lo := int(h)
	if lo >= len(sorted)-1 {
		return sorted[len(sorted)-1]
	}
	frac := h - float64(lo)
	return sorted[lo] + time.Duration(math.Round(frac*float64(sorted[lo+1]-sorted[lo])))
}
