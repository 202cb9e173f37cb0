package ai

import (
	"math"

	"github.com/tablebot/tablebot/rules/menara"
)

// The keys of Plain's reasons, beside Reason's others: each names a
// message of the host's, with the arguments given.
const (
	TipNone           = "tip.none"             // (no step: the game is over, or no pile left)
	TipDone           = "tip.done"             //
	TipSteadiest      = "tip.steadiest"        //
	TipGiveUpCollapse = "tip.give-up-collapse" //
	TipGiveUpCannot   = "tip.give-up-cannot"   //
	TipExtend         = "tip.extend"           // floor
	TipFloor          = "tip.floor"            // floor, level
	TipReveal         = "tip.reveal"           // pile, count (cards buildable), cards (left)
)

// Plain suggests a step from what the engine says of the temple, without
// looking ahead: the pile whose cards left the player can most often
// build now; the place of a new floor or a moved floor where the temple
// stands steadiest; the column or move that leaves the temple steadiest,
// building as high as that allows; giving the card up when every way on
// brings the temple down; ending a turn whose card goes to the level row.
// It is quick and needs no seed: a host's hint when it offers no
// computers.
func Plain(p *menara.Position) (menara.Step, Reason) {
	seat := p.Turn()
	switch p.Stage() {
	case menara.Exchanging:
		return revealHint(p, seat)
	case menara.Closing:
		return menara.DoneStep(seat, false), Reason{Key: TipDone}
	case menara.NewFloor:
		return placeHint(seat, Placements(p.Placements(nil), PlaceNew, menara.NoFloor))
	}
	if card, _ := p.Card(); card.Type == menara.LiftCard {
		return placeHint(seat, Lifts(p.Placements(nil), menara.NoFloor))
	}
	return columnHint(p, seat)
}

// columnHint suggests the column placed or moved that leaves the temple
// steadiest, then highest; giving the card up when there is none.
func columnHint(p *menara.Position, seat int) (menara.Step, Reason) {
	var best menara.Step
	bestScore, found, any := math.MinInt, false, false
	for _, step := range p.LegalSteps(nil) {
		if step.Kind != menara.PlaceColumn && step.Kind != menara.MoveColumn {
			continue
		}
		any = true
		next, e, err := p.Preview(step)
		if err != nil || e.Collapse {
			continue
		}
		// Steady first (the least slack over the temple, in whole mm so
		// that the level decides between nearly equal ones), then high.
		score := slack(&next)/1000*100 + next.Level(step.To.Floor)
		if !found || score > bestScore {
			best, bestScore, found = step, score, true
		}
	}
	switch {
	case found:
		return best, Reason{Key: TipSteadiest}
	case any:
		return menara.GiveUpStep(seat, false), Reason{Key: TipGiveUpCollapse}
	}
	return menara.GiveUpStep(seat, false), Reason{Key: TipGiveUpCannot}
}

// slack returns the least margin over δ(L) of the floors on columns, in
// µm; a large number for a temple without any.
func slack(p *menara.Position) int {
	least := 1 << 30
	for _, f := range p.PlacedFloors() {
		if m, ok := p.Margin(f); ok && !p.Fallen(f) {
			least = min(least, m-menara.Delta(p.Level(f)))
		}
	}
	return least
}

// placeHint suggests the first of ranked placements that keeps the
// temple standing, or giving the card up.
func placeHint(seat int, pls []menara.Placement) (menara.Step, Reason) {
	for _, pl := range pls {
		if pl.Collapse {
			continue
		}
		step := pl.Step
		step.Seat = uint8(seat)
		if step.Kind == menara.Extend {
			return step, Reason{Key: TipExtend, Args: map[string]any{"floor": step.Floor}}
		}
		return step, Reason{Key: TipFloor, Args: map[string]any{"floor": step.Floor, "level": pl.Level}}
	}
	return menara.GiveUpStep(seat, false), Reason{Key: TipGiveUpCollapse}
}

// revealHint suggests the pile whose cards left the player could build
// most often with the columns in hand now (the easier pile on a tie).
func revealHint(p *menara.Position, seat int) (menara.Step, Reason) {
	best, bestN, bestOf := menara.Pile(0), -1, 0
	for pl := menara.Pile(0); pl < menara.NumPiles; pl++ {
		left := PileLeft(p, pl)
		if p.PileLeft(pl) == 0 || len(left) == 0 {
			continue
		}
		n := 0
		for _, card := range left {
			if buildable(p, seat, card) {
				n++
			}
		}
		// Compare n/len(left) exactly.
		if bestN < 0 || n*bestOf > bestN*len(left) {
			best, bestN, bestOf = pl, n, len(left)
		}
	}
	if bestN < 0 {
		return menara.Step{}, Reason{Key: TipNone}
	}
	return menara.RevealStep(seat, best), Reason{Key: TipReveal, Args: map[string]any{"pile": best, "count": bestN, "cards": bestOf}}
}
