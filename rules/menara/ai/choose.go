package ai

import (
	"cmp"
	"math"
	"slices"

	"github.com/tablebot/tablebot/rules/menara"
)

// choice is what a player decides before the reveal: an exchange (Kind
// Exchange) or none (Kind Reveal), then a pile; value is what it is worth
// on average over the cards the pile may show.
type choice struct {
	exchange menara.Step
	pile     menara.Pile
	value    float64
}

// choose weighs every pile after no exchange and after each exchange
// worth weighing, and returns the best choice. Each pile is worth the
// average, over the kinds of card it may show (each as likely as the cards
// of that kind it holds), of the best turn with that card: the whole turn
// is planned, with the search's fast width, in a world of the sample with
// such a card on top. Ties go to no exchange, then to the easier pile.
func (s *search) choose(p *menara.Position, smp *sample, exchanges int) choice {
	seat := p.Turn()
	options := []menara.Step{{Kind: menara.Reveal}}
	if !p.Exchanged() && exchanges > 0 {
		options = append(options, exchangeOptions(p, exchanges)...)
	}
	best := choice{value: math.Inf(-1)}
	for _, ex := range options {
		if s.stopped() && !math.IsInf(best.value, -1) {
			break
		}
		pos := *p
		if ex.Kind == menara.Exchange {
			next, _, err := p.Apply(ex)
			if err != nil {
				continue
			}
			pos = next
		}
		for pl := menara.Pile(0); pl < menara.NumPiles; pl++ {
			if pos.PileLeft(pl) == 0 {
				continue
			}
			if s.stopped() {
				// Out of nodes before any pile was weighed: the easiest
				// pile with cards.
				if math.IsInf(best.value, -1) {
					best = choice{ex, pl, math.Inf(-1) / 2}
				}
				break
			}
			v := s.pileValue(&pos, seat, pl, smp)
			if v > best.value+1e-9 {
				best = choice{ex, pl, v}
			}
		}
	}
	return best
}

// pileValue returns what revealing a card of pile pl is worth in p, on
// average over the kinds of card the pile may show. When the search is cut
// short, the kinds weighed so far stand for the pile (-Inf/2 when none
// was).
func (s *search) pileValue(p *menara.Position, seat int, pl menara.Pile, smp *sample) float64 {
	ks, ns := smp.kinds(pl)
	sum, weight := 0.0, 0
	for i, k := range ks {
		if s.stopped() {
			break
		}
		w := smp.withTop(p, pl, k)
		r, _, err := w.Preview(menara.RevealStep(seat, pl))
		if err != nil {
			panic("ai: a pile with cards cannot be revealed: " + err.Error())
		}
		v, _ := s.value(&r, fastMode)
		sum += float64(ns[i]) * v
		weight += ns[i]
	}
	if weight == 0 {
		return math.Inf(-1) / 2
	}
	return sum / float64(weight)
}

// colourWants returns how much the team wants a column of each colour
// now: every empty base counts, those on the top level and those of
// floors nearly full more.
func colourWants(p *menara.Position) [menara.NumColours]float64 {
	var v view
	v.read(p)
	var want [menara.NumColours]float64
	for i := range v.nfloors {
		fv := &v.floors[i]
		wt := 1.0
		if fv.level == v.height {
			wt += 2
		}
		if fv.empty <= 2 {
			wt++
		}
		for c, n := range fv.need {
			want[c] += wt * float64(n)
		}
	}
	return want
}

// exchangeOptions returns up to n exchanges worth weighing: those that
// swap the player's least wanted columns for the camp's most wanted, one,
// two or three at a time, best gain first. The worth of a column falls
// with how many of its colour the team already holds.
func exchangeOptions(p *menara.Position, n int) []menara.Step {
	seat := p.Turn()
	hand, camp := p.Hand(seat), p.Camp()
	want := colourWants(p)
	var held menara.Columns
	for i := range p.NumPlayers() {
		h := p.Hand(i)
		for c := range h {
			held[c] += h[c]
		}
	}
	// worth of the k-th column of colour c held by the team (k from 1).
	worth := func(c, k int) float64 { return want[c] / float64(k) }
	type swap struct {
		give, take  menara.Columns
		h, team, cm menara.Columns // hand, team's hands and camp after it
		gain        float64
	}
	// Grow swaps one column at a time, keeping the best few of each size.
	var swaps []swap
	layer := []swap{{h: hand, team: held, cm: camp}}
	for size := 1; size <= 3 && len(layer) > 0; size++ {
		var next []swap
		for _, sw := range layer {
			for a := range menara.NumColours {
				if sw.h[a] == 0 || sw.take[a] > 0 {
					continue
				}
				for b := range menara.NumColours {
					if b == a || sw.cm[b] == 0 || sw.give[b] > 0 {
						continue
					}
					g := worth(b, int(sw.team[b])+1) - worth(a, int(sw.team[a]))
					if g <= 0 {
						continue
					}
					nw := sw
					nw.give[a]++
					nw.take[b]++
					nw.h[a]--
					nw.team[a]--
					nw.team[b]++
					nw.cm[b]--
					nw.gain += g
					next = append(next, nw)
				}
			}
		}
		slices.SortStableFunc(next, func(x, y swap) int { return cmp.Compare(y.gain, x.gain) })
		next = slices.CompactFunc(next, func(x, y swap) bool { return x.give == y.give && x.take == y.take })
		if len(next) > 6 {
			next = next[:6]
		}
		swaps = append(swaps, next...)
		layer = next
	}
	// Best gain first; the same exchange found along two orders once.
	var out []menara.Step
	for len(out) < n && len(swaps) > 0 {
		bi := 0
		for i := range swaps {
			if swaps[i].gain > swaps[bi].gain+1e-12 {
				bi = i
			}
		}
		b := swaps[bi]
		st := menara.ExchangeStep(seat, b.give, b.take)
		dup := false
		for _, o := range out {
			dup = dup || o == st
		}
		if !dup {
			out = append(out, st)
		}
		swaps = append(swaps[:bi], swaps[bi+1:]...)
	}
	return out
}
