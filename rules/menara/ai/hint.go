package ai

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/tablebot/tablebot/rules/menara"
)

// Reason says why a step is worth taking, as data for translation: Key
// names the message and Args fills it with the engine's types. The keys
// and their arguments are listed with their English wording in the
// package documentation (see Reason.String for the wording itself).
type Reason struct {
	Key  string
	Args map[string]any
}

// The reason keys.
const (
	ReasonExchange       = "hint.exchange"        // give, take (menara.Columns), pile
	ReasonRevealSafe     = "hint.reveal.safe"     // pile
	ReasonRevealColour   = "hint.reveal.colour"   // pile, other (menara.Pile), colour
	ReasonRevealRisk     = "hint.reveal.risk"     // pile, other, percent (int)
	ReasonRevealFinish   = "hint.reveal.finish"   // pile
	ReasonReveal         = "hint.reveal"          // pile, percent
	ReasonColumnFill     = "hint.column.fill"     // colour, base, floor, next (the new floor)
	ReasonColumnPush     = "hint.column.push"     // colour, base, floor (it now carries)
	ReasonColumnSupport  = "hint.column.support"  // colour, base, level (the column's)
	ReasonColumnSteady   = "hint.column.steady"   // colour, base
	ReasonColumn         = "hint.column"          // colour, base
	ReasonMoveSupport    = "hint.move.support"    // from, to, level
	ReasonMoveFill       = "hint.move.fill"       // from, to, floor, next
	ReasonMove           = "hint.move"            // from, to
	ReasonFloorUp        = "hint.floor.up"        // floor, level
	ReasonFloorSteady    = "hint.floor.steady"    // floor, level
	ReasonExtendNowhere  = "hint.extend.nowhere"  // floor
	ReasonExtend         = "hint.extend"          // floor
	ReasonLiftUp         = "hint.lift.up"         // floor, level
	ReasonLift           = "hint.lift"            // floor, level
	ReasonGiveUpCannot   = "hint.giveup.cannot"   // renew (bool)
	ReasonGiveUpCollapse = "hint.giveup.collapse" // renew
	ReasonGiveUpStuck    = "hint.giveup.stuck"    // floor (the next floor), renew
	ReasonGiveUpBetter   = "hint.giveup.better"   // renew
	ReasonDone           = "hint.done"            // renew
	ReasonNone           = "hint.none"            // (the game is over)
)

// String returns the reason as one line of English, addressed to the
// player ("Reveal blue: neither your hand nor the camp has red for the
// yellow pile's cards").
func (r Reason) String() string {
	a := reasonWords(r.Args)
	// Each kind of step has its own wording; a key none knows is its own.
	for _, say := range [...]func(reasonWords, string) (string, bool){
		reasonWords.choice, reasonWords.column, reasonWords.floor, reasonWords.end,
	} {
		if text, ok := say(a, r.Key); ok {
			return text
		}
	}
	return r.Key
}

// reasonWords are a reason's arguments as its wording reads them: one
// missing, or of another type than the package documentation gives,
// prints as fmt prints it, or as zero (a number, a colour) or false (renew).
type reasonWords map[string]any

// v returns argument k as fmt prints it.
func (a reasonWords) v(k string) string { return fmt.Sprint(a[k]) }

// n returns argument k as a number.
func (a reasonWords) n(k string) int { x, _ := a[k].(int); return x }

// renewing reports whether the camp is to be renewed too.
func (a reasonWords) renewing() bool { b, _ := a["renew"].(bool); return b }

// renew returns the wording's tail when the camp is to be renewed too.
func (a reasonWords) renew() string {
	if a.renewing() {
		return ", and renew the camp"
	}
	return ""
}

// putColumn returns the start of a column placement's wording.
func (a reasonWords) putColumn() string {
	c, _ := a["colour"].(menara.Colour)
	return fmt.Sprintf("Put a %s column on %s", c, a.v("base"))
}

// choice words the reasons for an exchange or a reveal.
func (a reasonWords) choice(key string) (string, bool) {
	switch key {
	case ReasonExchange:
		return fmt.Sprintf("Exchange %s for %s: with them the %s pile's cards can be built", a.v("give"), a.v("take"), a.v("pile")), true
	case ReasonRevealSafe:
		return fmt.Sprintf("Reveal %s: whatever card it shows, you can build it now", a.v("pile")), true
	case ReasonRevealColour:
		return fmt.Sprintf("Reveal %s: neither your hand nor the camp has %s for the %s pile's cards", a.v("pile"), a.v("colour"), a.v("other")), true
	case ReasonRevealRisk:
		return fmt.Sprintf("Reveal %s: %d%% of the %s pile's cards could not be built now", a.v("pile"), a.n("percent"), a.v("other")), true
	case ReasonRevealFinish:
		return fmt.Sprintf("Reveal %s: the temple is high enough, and its cards bring the end nearer", a.v("pile")), true
	case ReasonReveal:
		return fmt.Sprintf("Reveal %s: %d%% of its cards can be built now, the best chance", a.v("pile"), a.n("percent")), true
	}
	return "", false
}

// column words the reasons for a column placed or moved.
func (a reasonWords) column(key string) (string, bool) {
	switch key {
	case ReasonColumnFill:
		return a.putColumn() + fmt.Sprintf(": it fills floor %s, and the new floor %s can go up", a.v("floor"), a.v("next")), true
	case ReasonColumnPush:
		return a.putColumn() + fmt.Sprintf(": pushed in under floor %s, it carries it too", a.v("floor")), true
	case ReasonColumnSupport:
		return a.putColumn() + fmt.Sprintf(": a support for the next floor, on level %d", a.n("level")), true
	case ReasonColumnSteady:
		return a.putColumn() + ": there it leaves every floor steadiest", true
	case ReasonColumn:
		return a.putColumn(), true
	case ReasonMoveSupport:
		return fmt.Sprintf("Move %s to %s: a support for the next floor, on level %d", a.v("from"), a.v("to"), a.n("level")), true
	case ReasonMoveFill:
		return fmt.Sprintf("Move %s to %s: it fills floor %s, and the new floor %s can go up", a.v("from"), a.v("to"), a.v("floor"), a.v("next")), true
	case ReasonMove:
		return fmt.Sprintf("Move %s to %s", a.v("from"), a.v("to")), true
	}
	return "", false
}

// floor words the reasons for a floor placed, put beside the base or
// lifted.
func (a reasonWords) floor(key string) (string, bool) {
	switch key {
	case ReasonFloorUp:
		return fmt.Sprintf("Put floor %s on level %d: the temple rises to level %d", a.v("floor"), a.n("level"), a.n("level")), true
	case ReasonFloorSteady:
		return fmt.Sprintf("Put floor %s on level %d: there it stands steadiest and leaves room to build", a.v("floor"), a.n("level")), true
	case ReasonExtendNowhere:
		return fmt.Sprintf("Put floor %s beside the base: no three free columns can carry it (the level row grows by one)", a.v("floor")), true
	case ReasonExtend:
		return fmt.Sprintf("Put floor %s beside the base: on columns it would leave the temple too shaky (the level row grows by one)", a.v("floor")), true
	case ReasonLiftUp:
		return fmt.Sprintf("Move floor %s up to level %d: the temple rises to level %d", a.v("floor"), a.n("level"), a.n("level")), true
	case ReasonLift:
		return fmt.Sprintf("Move floor %s to level %d: there it stands steadier", a.v("floor"), a.n("level")), true
	}
	return "", false
}

// end words the reasons for ending a turn, giving up its card or not, and
// the reason when the game is over.
func (a reasonWords) end(key string) (string, bool) {
	switch key {
	case ReasonGiveUpCannot:
		return "Give up this card: your columns cannot build it" + a.renew(), true
	case ReasonGiveUpCollapse:
		return "Give up this card: every way to build it brings the temple down" + a.renew(), true
	case ReasonGiveUpStuck:
		return fmt.Sprintf("Give up this card: building it fills a floor, and the next floor %s fits nowhere, so the base would grow anyway", a.v("floor")) + a.renew(), true
	case ReasonGiveUpBetter:
		return "Give up this card: building it would leave the temple worse off than one more level to build" + a.renew(), true
	case ReasonDone:
		if a.renewing() {
			return "End your turn and renew the camp: your card goes to the level row", true
		}
		return "End your turn: your card goes to the level row", true
	case ReasonNone:
		return "The game is over", true
	}
	return "", false
}

// Hint returns the step the hard level would take in p for the player to
// act, with a reason. It is deterministic for a seed and takes at most
// DefaultThink.
func Hint(ctx context.Context, p *menara.Position, seed uint64) (menara.Step, Reason) {
	return HintWith(ctx, p, seed, Options{})
}

// HintWith is Hint with the thinking capped by opts instead of the
// defaults: a host's own time cap, or a small node cap with a long time
// cap for a hint that is quick and depends on the position alone.
func HintWith(ctx context.Context, p *menara.Position, seed uint64, opts Options) (menara.Step, Reason) {
	pl := newPlanner(Hard, seed, opts, &hardParams)
	s := pl.Step(ctx, p)
	return s, pl.explain(ctx, p, s)
}

// Explain returns why step s is worth taking in p, from the point of view
// of the player to act, as the hard level of seed sees it. The bot may use
// it for any step, a computer's or a player's. For an illegal step it
// returns the plain reason of its kind.
func Explain(ctx context.Context, p *menara.Position, s menara.Step, seed uint64) Reason {
	return newPlanner(Hard, seed, Options{}, &hardParams).explain(ctx, p, s)
}

func (pl *planner) explain(ctx context.Context, p *menara.Position, s menara.Step) Reason {
	if p.Phase() == menara.Over {
		return Reason{Key: ReasonNone}
	}
	after, e, err := p.Preview(s)
	if err != nil {
		return plainReason(p, s)
	}
	pl.mu.Lock()
	defer pl.mu.Unlock()
	if k := mix(pl.seed, turnKey(p)); pl.memo == nil || pl.turn != k {
		pl.memo, pl.turn = map[memoKey]memoEntry{}, k
		pl.eval = evaluator{w: &pl.prm.w}
	}
	sr := search{ctx: ctx, deadline: time.Now().Add(pl.opts.think()), prm: pl.prm, memo: pl.memo, eval: &pl.eval, cap: pl.opts.nodes()}
	switch s.Kind {
	case menara.Exchange, menara.Reveal:
		return sr.explainChoice(p, &after, s, pl.seed)
	case menara.PlaceColumn, menara.MoveColumn:
		return sr.explainColumn(p, &after, &e)
	case menara.PlaceFloor:
		args := map[string]any{"floor": s.Floor, "level": e.Level}
		if e.Level > p.Height() {
			return Reason{ReasonFloorUp, args}
		}
		return Reason{ReasonFloorSteady, args}
	case menara.Extend:
		for _, place := range p.Placements(nil) {
			if !place.Extension && !place.Collapse {
				return Reason{ReasonExtend, map[string]any{"floor": s.Floor}}
			}
		}
		return Reason{ReasonExtendNowhere, map[string]any{"floor": s.Floor}}
	case menara.Lift:
		args := map[string]any{"floor": s.Floor, "level": e.Level}
		if e.Level > p.Height() {
			return Reason{ReasonLiftUp, args}
		}
		return Reason{ReasonLift, args}
	case menara.GiveUp:
		return sr.explainGiveUp(p, s, pl.seed)
	}
	return Reason{ReasonDone, map[string]any{"renew": s.Renew}}
}

// plainReason returns the reason of s's kind that needs no analysis.
func plainReason(p *menara.Position, s menara.Step) Reason {
	switch s.Kind {
	case menara.Exchange:
		return Reason{ReasonExchange, map[string]any{"give": s.Give, "take": s.Take, "pile": menara.BluePile}}
	case menara.Reveal:
		return Reason{ReasonReveal, map[string]any{"pile": s.Pile, "percent": 0}}
	case menara.PlaceColumn:
		return Reason{ReasonColumn, map[string]any{"colour": s.Colour, "base": s.To}}
	case menara.MoveColumn:
		return Reason{ReasonMove, map[string]any{"from": s.From, "to": s.To}}
	case menara.PlaceFloor:
		return Reason{ReasonFloorSteady, map[string]any{"floor": s.Floor, "level": 0}}
	case menara.Extend:
		return Reason{ReasonExtend, map[string]any{"floor": s.Floor}}
	case menara.Lift:
		return Reason{ReasonLift, map[string]any{"floor": s.Floor, "level": 0}}
	case menara.GiveUp:
		return Reason{ReasonGiveUpBetter, map[string]any{"renew": s.Renew}}
	}
	return Reason{ReasonDone, map[string]any{"renew": s.Renew}}
}

// pileReport is how a pile looks before the reveal: its value, and the
// share of its cards (weighted by count) whose best plan builds them.
type pileReport struct {
	has       bool
	value     float64
	buildable float64
}

// piles weighs every pile in p (after the exchange, if any) as choose does.
func (s *search) piles(p *menara.Position, smp *sample) [menara.NumPiles]pileReport {
	var out [menara.NumPiles]pileReport
	seat := p.Turn()
	for pl := menara.Pile(0); pl < menara.NumPiles; pl++ {
		if p.PileLeft(pl) == 0 {
			continue
		}
		ks, ns := smp.kinds(pl)
		total := 0
		for _, n := range ns {
			total += n
		}
		r := &out[pl]
		r.has = true
		for i, k := range ks {
			w := smp.withTop(p, pl, k)
			rv, _, err := w.Preview(menara.RevealStep(seat, pl))
			if err != nil {
				continue
			}
			v, st := s.value(&rv, fastMode)
			share := float64(ns[i]) / float64(total)
			r.value += share * v
			if st.Kind != menara.GiveUp && st.Kind != menara.Done {
				r.buildable += share
			}
		}
	}
	return out
}

// explainChoice explains an exchange or a reveal.
func (s *search) explainChoice(p, after *menara.Position, st menara.Step, seed uint64) Reason {
	smp := newSample(seed, p)
	if st.Kind == menara.Exchange {
		rep := s.piles(after, &smp)
		best := bestPile(rep)
		return Reason{ReasonExchange, map[string]any{"give": st.Give, "take": st.Take, "pile": best}}
	}
	rep := s.piles(p, &smp)
	pile := st.Pile
	args := map[string]any{"pile": pile}
	if h, r := p.Height(), p.Required(); h >= r && p.Bag().Total() <= 3*menara.HandSize(p.Difficulty(), p.NumPlayers()) {
		return Reason{ReasonRevealFinish, args}
	}
	// The pile passed over that is worst off, if it is worse off.
	other, worst := menara.Pile(0), math.Inf(1)
	for pl := menara.Pile(0); pl < menara.NumPiles; pl++ {
		if pl != pile && rep[pl].has && rep[pl].buildable < worst {
			other, worst = pl, rep[pl].buildable
		}
	}
	if !math.IsInf(worst, 1) && worst < rep[pile].buildable-1e-9 {
		if c, ok := lackingColour(p); ok {
			args["other"], args["colour"] = other, c
			return Reason{ReasonRevealColour, args}
		}
		args["other"], args["percent"] = other, int(math.Round(100*(1-worst)))
		return Reason{ReasonRevealRisk, args}
	}
	if rep[pile].buildable > 1-1e-9 {
		return Reason{ReasonRevealSafe, args}
	}
	args["percent"] = int(math.Round(100 * rep[pile].buildable))
	return Reason{ReasonReveal, args}
}

// bestPile returns the pile of the highest value.
func bestPile(rep [menara.NumPiles]pileReport) menara.Pile {
	best, bv := menara.BluePile, math.Inf(-1)
	for pl := menara.Pile(0); pl < menara.NumPiles; pl++ {
		if rep[pl].has && rep[pl].value > bv {
			best, bv = pl, rep[pl].value
		}
	}
	return best
}

// lackingColour returns the colour the team most wants now (for the empty
// bases of the top level and of floors nearly full) that neither the
// player's hand nor the camp holds.
func lackingColour(p *menara.Position) (menara.Colour, bool) {
	want := colourWants(p)
	hand, camp := p.Hand(p.Turn()), p.Camp()
	best, bw := menara.Colour(0), 0.0
	for c := range menara.NumColours {
		if hand[c] == 0 && camp[c] == 0 && want[c] > bw {
			best, bw = menara.Colour(c), want[c]
		}
	}
	return best, bw > 0
}

// explainColumn explains a column placed or moved.
func (s *search) explainColumn(p, after *menara.Position, e *menara.Effects) Reason {
	st := e.Step
	args := map[string]any{}
	fill, push, support, steady, plain := ReasonColumnFill, ReasonColumnPush, ReasonColumnSupport, ReasonColumnSteady, ReasonColumn
	if st.Kind == menara.MoveColumn {
		args["from"], args["to"] = st.From, st.To
		fill, push, support, steady, plain = ReasonMoveFill, ReasonMove, ReasonMoveSupport, ReasonMove, ReasonMove
	} else {
		args["colour"], args["base"] = st.Colour, st.To
	}
	if e.Filled.Valid() && e.NewFloor.Valid() {
		var v view
		v.read(after)
		if s.eval.fit.fits(after, &v, e.NewFloor, v.height) {
			args["floor"], args["next"] = e.Filled, e.NewFloor
			return Reason{fill, args}
		}
	}
	if e.PushedUnder.Valid() && st.Kind == menara.PlaceColumn {
		args["floor"] = e.PushedUnder
		return Reason{push, args}
	}
	if lvl := after.Level(st.To.Floor); lvl == after.Height() && after.Carrier(st.To) == menara.NoFloor {
		args["level"] = lvl
		return Reason{support, args}
	}
	// Steadiest: no other placement of this colour leaves a larger least
	// slack.
	if st.Kind == menara.PlaceColumn {
		mine := leastSlack(after)
		for _, o := range p.LegalSteps(nil) {
			if o.Kind != menara.PlaceColumn || o.Colour != st.Colour || o == st {
				continue
			}
			q, oe, err := p.Preview(o)
			if err != nil || oe.Collapse {
				continue
			}
			if leastSlack(&q) > mine {
				return Reason{plain, args}
			}
		}
		return Reason{steady, args}
	}
	return Reason{plain, args}
}

// leastSlack returns the least margin above δ over the floors on columns,
// in µm (a large number when there are none).
func leastSlack(p *menara.Position) int {
	least := math.MaxInt32
	for _, f := range p.PlacedFloors() {
		l := p.Level(f)
		if l <= 0 || p.Fallen(f) {
			continue
		}
		m, ok := p.Margin(f)
		if !ok {
			return math.MinInt32
		}
		least = min(least, m-menara.Delta(l))
	}
	return least
}

// explainGiveUp explains giving up: nothing can be built, everything
// collapses, everything fills a floor while the next fits nowhere, or
// building is worse.
func (s *search) explainGiveUp(p *menara.Position, st menara.Step, seed uint64) Reason {
	args := map[string]any{"renew": st.Renew}
	build, collapse, stuck := 0, 0, 0
	for _, o := range p.LegalSteps(nil) {
		switch o.Kind {
		case menara.GiveUp, menara.Done:
			continue
		}
		build++
		_, e, err := p.Preview(o)
		switch {
		case err != nil:
		case e.Collapse:
			collapse++
		case e.Step.Kind == menara.Extend || e.NewFloor.Valid() && !s.anywhere(p, e.NewFloor):
			stuck++
		}
	}
	switch {
	case build == 0:
		return Reason{ReasonGiveUpCannot, args}
	case collapse == build:
		return Reason{ReasonGiveUpCollapse, args}
	case collapse+stuck == build && p.NextFloor().Valid():
		args["floor"] = p.NextFloor()
		return Reason{ReasonGiveUpStuck, args}
	}
	return Reason{ReasonGiveUpBetter, args}
}

// anywhere reports whether floor f fits on some level of p.
func (s *search) anywhere(p *menara.Position, f menara.FloorID) bool {
	var v view
	v.read(p)
	for l := v.height; l >= 0; l-- {
		if s.eval.fit.fits(p, &v, f, l) {
			return true
		}
	}
	return false
}
