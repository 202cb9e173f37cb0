package ai

import (
	"math"
	"slices"

	"github.com/tablebot/tablebot/rules/menara"
)

// weights are the evaluation's constants, tuned by arena runs.
type weights struct {
	// perTurn is about how many columns a turn places from the hand (and
	// so takes from the bag).
	perTurn float64
	// perFloor is about how many columns the team places for each floor
	// the quarry gives (the game ends with its last floor).
	perFloor float64
	// rho discounts the next level for each column it still needs; rate
	// is the levels a turn adds after it, on average.
	rho, rate float64
	// readyMargin is how far, in mm, the centre of three free columns on
	// the top level must lie inside their triangle, beyond δ of the next
	// level, for the next floor to count as ready to go up.
	readyMargin float64
	// shaky weighs a floor whose slack (margin above δ) is below safeSlack
	// mm, in proportion to how far below, in levels.
	shaky, safeSlack float64
	// missing is the extra cost, in columns, of a base whose colour nobody
	// holds (hands and camp).
	missing float64
	// stuck is the cost, in levels, of a next floor that fits nowhere.
	stuck float64
	// dead is the cost, in levels, of a player to act who can put none of
	// their columns, nor any of the camp's, on an empty base: their card
	// is given up unless it moves columns. It counts in part when they can
	// put only one.
	dead float64
	// scale and spread turn the expected final gap into a chance of
	// winning: σ(gap / (scale + spread·√turns)).
	scale, spread float64
}

var defaultWeights = weights{
	perTurn:     2.2,
	perFloor:    3,
	rho:         0.8,
	rate:        0.18,
	readyMargin: 3,
	shaky:       0.3,
	safeSlack:   6,
	missing:     1.5,
	stuck:       0.4,
	dead:        0.8,
	scale:       0.4,
	spread:      0.15,
}

// failRate is about how often a card of each kind goes to the level row
// (given up, or its turn extended the base), measured in games of the hard
// level: blue cards seldom, red ones often.
func failRate(k cardKind) float64 {
	switch k.typ {
	case menara.PlaceCard:
		return [5]float64{0, 0.03, 0.09, 0.23, 0.4}[k.n]
	case menara.OneFloorCard:
		if k.n == 2 {
			return 0.22
		}
		return 0.4
	case menara.MoveCard:
		return [4]float64{0, 0.35, 0.4, 0.5}[k.n]
	case menara.FillCard:
		return 0.7
	}
	return 0.6 // move a floor
}

// evaluator judges positions for one search, remembering what it can.
type evaluator struct {
	w   *weights
	fit fitter
}

// value returns the team's chance of winning from position p as the
// evaluation sees it, plus a thousandth of the expected final gap so that
// even a hopeless position prefers the better of two steps. The expected
// final gap is the height less the level row now, plus the levels the
// columns still to come can build (the next one at the cost outlook says,
// each later one at perLevel columns, at most one a floor left), less the
// cards expected to go to the level row in the turns left (the easiest
// cards first), less the danger of shaky floors and of a next floor that
// fits nowhere (the next floor filled then extends the base). A finished
// game is worth 1 when won and 0 when lost (a collapse a little less).
func (e *evaluator) value(p *menara.Position) float64 {
	w := e.w
	gap := float64(p.Height() - p.Required())
	if p.Phase() == menara.Over {
		o := p.Outcome()
		switch {
		case o.Won:
			return 1 + 0.001*gap
		case o.Reason == menara.Collapse:
			return -0.01 + 0.001*gap
		}
		return 0.001 * gap
	}
	var v view
	v.read(p)
	turns := turnsLeft(p, w)
	o := e.outlook(p, &v)
	up := math.Pow(w.rho, o.cost) + w.rate*turns
	up = min(up, float64(upperFloors(p)))
	z := gap + up - expectedFails(p, turns) - v.danger(w)
	if !o.place {
		z -= w.stuck
	}
	z -= w.dead * v.deadHand(p)
	return 1/(1+math.Exp(-z/(w.scale+w.spread*math.Sqrt(turns)))) + 0.001*z
}

// outlook is what the next floor promises: whether it fits on the top
// level now (the next floor filled raises the temple), whether it fits
// anywhere (else the next floor filled extends the base), and about how
// many columns the team must place before a new floor goes up a level.
type outlook struct {
	up, place bool
	cost      float64
}

func (e *evaluator) outlook(p *menara.Position, v *view) outlook {
	next := p.NextFloor()
	if !next.Valid() {
		return outlook{cost: 20}
	}
	var o outlook
	o.up = e.fit.fits(p, v, next, v.height)
	o.place = o.up
	for l := v.height - 1; l >= 0 && !o.place; l-- {
		o.place = e.fit.fits(p, v, next, l)
	}
	o.cost = v.levelCost(o.up, e.w)
	return o
}

// upperFloors counts the floors left in the quarry that are not roofs: a
// roof (7 cells or fewer) seldom finds three free columns under it.
func upperFloors(p *menara.Position) int {
	n := 0
	if f := p.NextFloor(); f.Valid() && floorSides[f][0].ncells > roofCells {
		n++
	}
	for _, f := range p.Unseen().Quarry {
		if floorSides[f][0].ncells > roofCells {
			n++
		}
	}
	return n
}

// roofCells is the most cells a roof has.
const roofCells = 7

// turnsLeft estimates the turns before the game ends: the bag runs dry at
// about perTurn columns a turn, the quarry at about perFloor columns a
// floor, and every turn uses a card. The turn in play counts when its card
// has not been revealed. Counting the quarry matters most alone: a solo
// game usually ends with its last floor, and a horizon without it expects
// more cards to go to the level row than can.
func turnsLeft(p *menara.Position, w *weights) float64 {
	cards := float64(p.CardsLeft())
	bag := math.Floor(float64(p.Bag().Total())/w.perTurn) + 1
	quarry := float64(p.Quarry())*w.perFloor/w.perTurn + 1
	return min(cards, bag, quarry)
}

// expectedFails returns how many cards are expected to go to the level row
// in the turns left, if the team takes the easiest cards first.
func expectedFails(p *menara.Position, turns float64) float64 {
	var rates [menara.NumCards]float64
	n := 0
	u := p.Unseen()
	for pl := range u.Piles {
		for _, c := range u.Piles[pl] {
			rates[n] = failRate(kindOf(c))
			n++
		}
	}
	slices.Sort(rates[:n])
	sum := 0.0
	for i := 0; i < n && float64(i) < turns; i++ {
		sum += rates[i] * min(1, turns-float64(i))
	}
	return sum
}

// levelCost estimates how many columns the team must still place before
// a new floor can go up a level: when the next floor does not fit on the
// top level yet, a support or more there; then the columns that fill some
// floor and so bring it.
func (v *view) levelCost(up bool, w *weights) float64 {
	top := v.height
	nfree, topEmpty := 0, 0
	best := -1 // the top floor with the most room for supports
	for i := range v.nfloors {
		fv := &v.floors[i]
		if fv.level != top {
			continue
		}
		for _, b := range fv.bases[:fv.nbases] {
			if b.free {
				nfree++
			}
		}
		if best < 0 || fv.empty > v.floors[best].empty {
			best = i
		}
		topEmpty += fv.empty
	}
	need := 0.0
	if !up {
		need = float64(max(1, menara.MinSupports-nfree))
		if float64(topEmpty) < need {
			need += 3 // no room on the top level: wait for a floor or a lift
		}
	}
	// The trigger: fill the top floor past its supports, or any floor.
	trigger := math.Inf(1)
	if best >= 0 {
		trigger = max(0, v.fillCost(&v.floors[best], w)-need)
	}
	for i := range v.nfloors {
		if i != best {
			trigger = min(trigger, v.fillCost(&v.floors[i], w))
		}
	}
	return need + trigger
}

// fillCost returns the columns needed to fill floor fv, a base of a colour
// the team lacks counting extra.
func (v *view) fillCost(fv *floorView, w *weights) float64 {
	c := float64(fv.empty)
	for k, n := range fv.need {
		if n > v.supply[k] {
			c += w.missing * float64(n-v.supply[k])
		}
	}
	return c
}

// danger adds up how far the floors on columns are below a safe slack.
func (v *view) danger(w *weights) float64 {
	d := 0.0
	for i := range v.nfloors {
		fv := &v.floors[i]
		if fv.level > 0 && fv.slack < w.safeSlack {
			d += w.shaky * min(2, (w.safeSlack-fv.slack)/w.safeSlack)
		}
	}
	return d
}

// deadHand returns 1 when the player to act in p can put none of their
// columns nor the camp's on an empty base, 1/2 when just one, else 0.
func (v *view) deadHand(p *menara.Position) float64 {
	var empty menara.Columns
	for i := range v.nfloors {
		fv := &v.floors[i]
		for c, k := range fv.need {
			empty[c] += k
		}
	}
	hand, camp := p.Hand(p.Turn()), p.Camp()
	n := 0
	for c := range empty {
		n += int(min(empty[c], hand[c]+camp[c]))
	}
	switch n {
	case 0:
		return 1
	case 1:
		return 0.5
	}
	return 0
}
