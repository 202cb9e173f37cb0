package menara

import (
	"math"
	"strings"

	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
)

// builtinHint suggests a step from what the engine says of the temple,
// without looking ahead: the pile whose cards left the player can most
// often build now; the place of a new floor or a moved floor where the
// temple stands steadiest; the column or move that leaves the temple
// steadiest, building as high as that allows; giving the card up when
// every way on brings the temple down; ending a turn whose card goes to
// the level row. It is what /menara hint says in a game hosted with
// Options.NoComputers; otherwise the hard teammate's suggestion is given.
func builtinHint(s *State) (mr.Step, ai.Reason) {
	pos := positionOf(s)
	seat := pos.Turn()
	switch pos.Stage() {
	case mr.Exchanging:
		return revealHint(s, seat)
	case mr.Closing:
		return mr.DoneStep(seat, false), ai.Reason{Key: "menara.tip.done"}
	case mr.NewFloor:
		return placeHint(pos, seat, choicePlacements(pos, placeNew, mr.NoFloor))
	}
	card, _ := pos.Card()
	if card.Type == mr.LiftCard {
		var pls []mr.Placement
		for _, f := range liftableFloors(pos) {
			pls = append(pls, choicePlacements(pos, placeLift, f)...)
		}
		return placeHint(pos, seat, pls)
	}
	var best mr.Step
	bestScore, found, any := math.MinInt, false, false
	for _, step := range pos.LegalSteps(nil) {
		if step.Kind != mr.PlaceColumn && step.Kind != mr.MoveColumn {
			continue
		}
		any = true
		next, e, err := pos.Preview(step)
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
		return best, ai.Reason{Key: "menara.tip.steadiest"}
	case any:
		return mr.GiveUpStep(seat, false), ai.Reason{Key: "menara.tip.give-up-collapse"}
	}
	return mr.GiveUpStep(seat, false), ai.Reason{Key: "menara.tip.give-up-cannot"}
}

// slack returns the least margin over δ(L) of the floors on columns, in
// µm; a large number for a temple without any.
func slack(pos *mr.Position) int {
	least := 1 << 30
	for _, f := range pos.PlacedFloors() {
		if m, ok := pos.Margin(f); ok && !pos.Fallen(f) {
			least = min(least, m-mr.Delta(pos.Level(f)))
		}
	}
	return least
}

// placeHint suggests the first of ranked placements that keeps the
// temple standing, or giving the card up.
func placeHint(pos *mr.Position, seat int, pls []mr.Placement) (mr.Step, ai.Reason) {
	for _, pl := range pls {
		if pl.Collapse {
			continue
		}
		step := pl.Step
		step.Seat = uint8(seat)
		if step.Kind == mr.Extend {
			return step, ai.Reason{Key: "menara.tip.extend", Args: map[string]any{"floor": step.Floor}}
		}
		return step, ai.Reason{Key: "menara.tip.floor", Args: map[string]any{"floor": step.Floor, "level": pl.Level}}
	}
	return mr.GiveUpStep(seat, false), ai.Reason{Key: "menara.tip.give-up-collapse"}
}

// revealHint suggests the pile whose cards left the player could build
// most often with the columns in hand now (the easier pile on a tie).
func revealHint(s *State, seat int) (mr.Step, ai.Reason) {
	pos := positionOf(s)
	best, bestN, bestOf := mr.Pile(0), -1, 0
	for pl := mr.Pile(0); pl < mr.NumPiles; pl++ {
		left := pileLeft(s, pl)
		if pos.PileLeft(pl) == 0 || len(left) == 0 {
			continue
		}
		n := 0
		for _, card := range left {
			if buildable(pos, seat, card) {
				n++
			}
		}
		// Compare n/len(left) exactly.
		if bestN < 0 || n*bestOf > bestN*len(left) {
			best, bestN, bestOf = pl, n, len(left)
		}
	}
	if bestN < 0 {
		return mr.Step{}, ai.Reason{Key: tipNone}
	}
	return mr.RevealStep(seat, best), ai.Reason{Key: "menara.tip.reveal", Args: map[string]any{"pile": best, "count": bestN, "cards": bestOf}}
}

// buildable reports whether card looks buildable with seat's columns in
// pos: enough empty bases of the colours in hand (on one floor for a
// one-floor card; a floor the hand can fill for a fill card), enough
// columns with a higher base to move to, a floor on columns with nothing
// on it to move. It looks at colours and counts only, not at the statics.
func buildable(pos *mr.Position, seat int, card mr.Card) bool {
	hand := pos.Hand(seat)
	var total mr.Columns
	perFloor := map[mr.FloorID]mr.Columns{}
	for _, f := range pos.PlacedFloors() {
		if pos.Fallen(f) {
			continue
		}
		for i, spot := range pos.FloorBases(f) {
			if !pos.Column(mr.Base{Floor: f, N: uint8(i + 1)}) {
				total[spot.Colour]++
				e := perFloor[f]
				e[spot.Colour]++
				perFloor[f] = e
			}
		}
	}
	usable := func(empty mr.Columns) int {
		n := 0
		for _, c := range mr.Colours {
			n += int(min(empty[c], hand[c]))
		}
		return n
	}
	switch card.Type {
	case mr.PlaceCard:
		return usable(total) >= int(card.N)
	case mr.OneFloorCard:
		for _, empty := range perFloor {
			if usable(empty) >= int(card.N) {
				return true
			}
		}
	case mr.FillCard:
		for _, empty := range perFloor {
			if empty.Total() > 0 && hand.Covers(empty) {
				return true
			}
		}
	case mr.MoveCard:
		movable := 0
		for _, f := range pos.PlacedFloors() {
			for i, spot := range pos.FloorBases(f) {
				b := mr.Base{Floor: f, N: uint8(i + 1)}
				if pos.Column(b) && !pos.ColumnFallen(b) && higherBase(pos, perFloor, pos.Level(f), spot.Colour) {
					movable++
				}
			}
		}
		return movable >= int(card.N)
	case mr.LiftCard:
		for _, f := range pos.PlacedFloors() {
			if pos.Level(f) > 0 && !pos.Fallen(f) && !carriesAny(pos, f) {
				return true
			}
		}
	}
	return false
}

// higherBase reports whether an empty base of colour c lies above level.
func higherBase(pos *mr.Position, perFloor map[mr.FloorID]mr.Columns, level int, c mr.Colour) bool {
	for f, empty := range perFloor {
		if pos.Level(f) > level && empty[c] > 0 {
			return true
		}
	}
	return false
}

// carriesAny reports whether a column on floor f carries a floor.
func carriesAny(pos *mr.Position, f mr.FloorID) bool {
	for i := range pos.FloorBases(f) {
		if pos.Carrier(mr.Base{Floor: f, N: uint8(i + 1)}) != mr.NoFloor {
			return true
		}
	}
	return false
}

// Message ids of the hints.
const (
	tipNone = "menara.tip.none"
	// reasonPrefix starts the keys of the teammates' reasons
	// ("hint.reveal.safe"), whose messages are under Kind + "." + key;
	// renewSuffix names the message of a reason whose "renew" is true.
	reasonPrefix = "hint."
	renewSuffix  = ".renew"
	reasonLine   = "menara.hint.line"
)

// hintText says a suggested step and why, in the printer's language.
func hintText(p *i18n.Printer, pos *mr.Position, step mr.Step, why ai.Reason) string {
	if pos.Phase() == mr.Over || why.Key == tipNone {
		return p.T(tipNone)
	}
	if strings.HasPrefix(why.Key, reasonPrefix) {
		return reasonText(p, pos, step, why)
	}
	args := make([]any, 0, 2*len(why.Args)+2)
	for k, v := range why.Args {
		args = append(args, k, v)
		if pl, ok := v.(mr.Pile); ok && k == "pile" {
			args = append(args, "pileName", pileWord(p, pl))
		}
	}
	reason := ""
	if why.Key != "" {
		if reason = p.T(why.Key, args...); reason == why.Key {
			reason = ""
		}
	}
	what := stepSaid(p, pos, step)
	if reason == "" {
		return what
	}
	return p.T("menara.tip.line", "step", what, "reason", reason)
}

// reasonText says a computer teammate's advice (see Game.Hint): the
// reason's sentence, which names the step in words, and the step as a
// record writes it, which the terminal and the slash commands take as it
// stands. A reason whose "renew" is true reads as its ".renew" message. A
// key the catalogue lacks says the step alone.
func reasonText(p *i18n.Printer, pos *mr.Position, step mr.Step, why ai.Reason) string {
	key := Kind + "." + why.Key
	if renew, _ := why.Args["renew"].(bool); renew {
		key += renewSuffix
	}
	args := make([]any, 0, 2*len(why.Args))
	for k, v := range why.Args {
		args = append(args, k, reasonWord(p, v))
	}
	reason := p.T(key, args...)
	if reason == key {
		return stepSaid(p, pos, step)
	}
	return p.T(reasonLine, "reason", reason, "line", step.String())
}

// reasonWord writes a reason's argument in the printer's language: a pile
// as said of the pile ("el mazo amarillo"), a colour as said of a column
// ("una columna roja"), bases, floors and columns as records write them.
func reasonWord(p *i18n.Printer, v any) any {
	switch v := v.(type) {
	case mr.Pile:
		return pileWord(p, v)
	case mr.Colour:
		return ColourName(p, v)
	case mr.Base:
		return v.String()
	case mr.FloorID:
		return v.String()
	case mr.Columns:
		return v.String()
	}
	return v
}

// stepSaid says a step as advice: "put a red column on K2", "reveal a
// yellow card", "give the card up".
func stepSaid(p *i18n.Printer, pos *mr.Position, s mr.Step) string {
	switch s.Kind {
	case mr.Exchange:
		return p.T("menara.tip.step.exchange", "give", s.Give.String(), "take", s.Take.String())
	case mr.Reveal:
		return p.T("menara.tip.step.reveal", "pile", s.Pile)
	case mr.PlaceColumn, mr.MoveColumn, mr.PlaceFloor, mr.Extend, mr.Lift:
		return p.T("menara.tip.step.build", "step", stepWords(p, pos, s), "line", s.String())
	case mr.GiveUp:
		return p.T("menara.tip.step.give-up")
	case mr.Done:
		return p.T("menara.tip.step.done")
	}
	return s.String()
}
