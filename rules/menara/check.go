package menara

import "github.com/tablebot/tablebot/rules"

// Check returns nil when step s is legal in the position, and otherwise a
// *rules.Error whose message tells the player why not ("Base K2 is black,
// not red", "Floor M would rest on only 2 free columns: it needs at least
// 3").
func (p *Position) Check(s Step) error {
	_, err := p.resolve(s)
	return err
}

// resolved is a legal step with what it needs to be played: for a floor
// step, where the floor goes, on which level and on which columns.
type resolved struct {
	step    Step
	pl      placement
	level   int
	support BaseSet
}

func illegal(key string, args []any, format string, a ...any) error {
	return rules.Errorf(rules.Illegal, key, args, format, a...)
}

func invalidf(key string, args []any, format string, a ...any) error {
	return rules.Errorf(rules.Invalid, key, args, format, a...)
}

// resolve checks s and completes it: a floor step's side and, when it
// names none, its position.
func (p *Position) resolve(s Step) (resolved, error) {
	s = s.Canonical()
	r := resolved{step: s}
	if p.phase == Over {
		return r, rules.Errorf(rules.GameOver, "menara.over", nil, "The game is over")
	}
	if int(s.Seat) >= int(p.nplayers) {
		return r, invalidf("menara.seat", []any{"seat", int(s.Seat)}, "There is no player in seat %d", int(s.Seat)+1)
	}
	if s.Seat != p.turn {
		return r, rules.Errorf(rules.NotYourTurn, "menara.turn", []any{"player", p.Player(int(p.turn)), "other", p.Player(int(s.Seat))},
			"It is %s's turn, not %s's", p.Player(int(p.turn)), p.Player(int(s.Seat)))
	}
	var err error
	switch s.Kind {
	case Exchange:
		err = p.checkExchange(s)
	case Reveal:
		err = p.checkReveal(s)
	case PlaceColumn:
		err = p.checkColumn(s)
	case MoveColumn:
		err = p.checkMove(s)
	case PlaceFloor:
		err = p.checkNewFloor(&r)
	case Extend:
		err = p.checkExtend(&r)
	case Lift:
		err = p.checkLift(&r)
	case GiveUp:
		err = p.checkGiveUp(s)
	case Done:
		err = p.checkDone(s)
	default:
		err = invalidf("menara.step.unknown", nil, "That is not a step of Menara")
	}
	return r, err
}

// CanExchange returns nil when the player to move may still exchange
// with the camp this turn (before revealing their card, once, and with
// columns both in hand and in the camp), else why not.
func (p *Position) CanExchange() error {
	if p.stage != Exchanging {
		return illegal("menara.exchange.late", nil, "You can exchange with the camp only before revealing your card")
	}
	if p.exchanged {
		return illegal("menara.exchange.again", nil,
			"You have exchanged this turn already: one exchange may swap any number of columns")
	}
	if p.Hand(p.Turn()).Total() == 0 || p.Camp().Total() == 0 {
		return illegal("menara.exchange.none", nil, "There is nothing to exchange: your hand or the camp is empty")
	}
	return nil
}

func (p *Position) checkExchange(s Step) error {
	if err := p.CanExchange(); err != nil {
		return err
	}
	g, t := s.Give.Total(), s.Take.Total()
	if g == 0 || g != t {
		return illegal("menara.exchange.count", []any{"give", g, "take", t},
			"An exchange gives as many columns to the camp as it takes from it, at least one: not %d for %d", g, t)
	}
	for c := range NumColours {
		if s.Give[c] > 0 && s.Take[c] > 0 {
			return illegal("menara.exchange.same", []any{"colour", Colour(c)},
				"Giving and taking %s changes nothing: leave it out", Colour(c))
		}
	}
	if h := p.hand[p.turn]; !h.Covers(s.Give) {
		return illegal("menara.exchange.hand", []any{"give", s.Give, "hand", h},
			"You hold %s, so you cannot give %s", h, s.Give)
	}
	if !p.camp.Covers(s.Take) {
		return illegal("menara.exchange.camp", []any{"take", s.Take, "camp", p.camp},
			"The camp holds %s, so you cannot take %s", p.camp, s.Take)
	}
	return nil
}

func (p *Position) checkReveal(s Step) error {
	if p.stage != Exchanging {
		return illegal("menara.reveal.again", nil, "You have revealed your card for this turn already")
	}
	if !s.Pile.Valid() {
		return invalidf("menara.pile", nil, "The piles are blue, yellow and red")
	}
	if p.PileLeft(s.Pile) == 0 {
		return illegal("menara.pile.empty", []any{"pile", s.Pile}, "The %s pile is empty", s.Pile)
	}
	return nil
}

// checkBuilding rejects a building step outside the building stage.
func (p *Position) checkBuilding() error {
	switch p.stage {
	case Exchanging:
		return illegal("menara.build.reveal", nil, "Reveal a card first: it says what to build")
	case NewFloor:
		return illegal("menara.build.floor", []any{"floor", p.NextFloor()},
			"Place the new floor %s first (on columns or beside the base), or give up the card", p.NextFloor())
	case Closing:
		return illegal("menara.build.closing", nil, "Your card is done and goes to the level row: end your turn with done")
	}
	return nil
}

// checkBase rejects a base that is not on a standing floor of the temple.
func (p *Position) checkBase(b Base) error {
	if !b.Floor.Valid() {
		return invalidf("menara.base.name", nil, "Bases are named by a floor letter A to R and a number, such as K3")
	}
	if !p.Placed(b.Floor) {
		return illegal("menara.floor.absent", []any{"floor", b.Floor}, "Floor %s is not in the temple", b.Floor)
	}
	if p.Fallen(b.Floor) {
		return illegal("menara.floor.fallen", []any{"floor", b.Floor}, "Floor %s has fallen", b.Floor)
	}
	if !p.isBase(b) {
		n := NumBases(b.Floor, p.floors[b.Floor].side)
		return illegal("menara.base.absent", []any{"base", b, "floor", b.Floor, "count", n},
			"Floor %s has no base %s: its bases are %s1 to %s%d", b.Floor, b, b.Floor, b.Floor, n)
	}
	return nil
}

// emptyBases lists the empty bases of colour c on floor f, for messages.
func (p *Position) emptyBases(f FloorID, c Colour) BaseSet {
	var s BaseSet
	n := NumBases(f, p.floors[f].side)
	for i := 1; i <= n; i++ {
		b := Base{f, uint8(i)}
		if p.baseSpot(b).Colour == c && !p.columns.Has(b) {
			s.add(b.slot())
		}
	}
	return s
}

// checkTarget rejects a base a column of colour c cannot go to.
func (p *Position) checkTarget(b Base, c Colour) error {
	if err := p.checkBase(b); err != nil {
		return err
	}
	if bc := p.baseSpot(b).Colour; bc != c {
		return illegal("menara.base.colour", []any{"base", b, "colour", bc, "column", c},
			"Base %s is %s, not %s: a column stands on a base of its colour", b, bc, c)
	}
	if p.columns.Has(b) {
		if e := p.emptyBases(b.Floor, c); !e.Empty() {
			return illegal("menara.base.taken.other", []any{"base", b, "floor", b.Floor, "colour", c, "free", e},
				"Base %s already holds a column: the empty %s bases on floor %s are %s", b, c, b.Floor, e)
		}
		return illegal("menara.base.taken", []any{"base", b, "floor", b.Floor, "colour", c},
			"Base %s already holds a column: there is no empty %s base on floor %s", b, c, b.Floor)
	}
	return nil
}

func (p *Position) checkColumn(s Step) error {
	if err := p.checkBuilding(); err != nil {
		return err
	}
	card := deck[p.card]
	switch card.Type {
	case MoveCard:
		return illegal("menara.column.move", nil, "Your card moves columns of the temple: move one instead of placing one from your hand")
	case LiftCard:
		return illegal("menara.column.lift", nil, "Your card moves a floor with its columns: lift a floor instead")
	}
	if !s.Colour.Valid() {
		return invalidf("menara.colour", nil, "Columns are yellow, red, black, white or blue (Y R K W B)")
	}
	if err := p.checkTarget(s.To, s.Colour); err != nil {
		return err
	}
	if p.hand[p.turn][s.Colour] == 0 {
		return illegal("menara.column.hand", []any{"colour", s.Colour, "hand", p.hand[p.turn]},
			"You have no %s column (you hold %s)", s.Colour, p.hand[p.turn])
	}
	if card.Type != PlaceCard && p.chosen != NoFloor && s.To.Floor != p.chosen {
		return illegal("menara.column.chosen", []any{"floor", p.chosen},
			"Your card builds on one floor, and your first column chose floor %s", p.chosen)
	}
	return nil
}

func (p *Position) checkMove(s Step) error {
	if err := p.checkBuilding(); err != nil {
		return err
	}
	if t := deck[p.card].Type; t != MoveCard {
		if t == LiftCard {
			return illegal("menara.move.lift", nil, "Your card moves a floor with its columns, not single columns")
		}
		return illegal("menara.move.card", nil, "Your card places columns from your hand; it moves none of the temple")
	}
	if err := p.checkBase(s.From); err != nil {
		return err
	}
	if !p.columns.Has(s.From) {
		return illegal("menara.move.none", []any{"base", s.From}, "There is no column on %s", s.From)
	}
	if p.moved.Has(s.From) {
		return illegal("menara.move.again", []any{"base", s.From},
			"The column on %s has moved this turn already: a column moves once a turn", s.From)
	}
	c := p.baseSpot(s.From).Colour
	if err := p.checkTarget(s.To, c); err != nil {
		return err
	}
	if from, to := p.floors[s.From.Floor].level, p.floors[s.To.Floor].level; to <= from {
		return illegal("menara.move.level", []any{"from", s.From, "to", s.To, "level", int(from), "target", int(to)},
			"%s is on level %d, not higher than %s on level %d: a column moves up", s.To, to, s.From, from)
	}
	return nil
}

// checkNewFloorStage rejects a new floor outside the new-floor stage or of
// the wrong floor, and resolves its side.
func (p *Position) checkNewFloorStage(r *resolved) error {
	s := &r.step
	if p.stage != NewFloor {
		return illegal("menara.floor.none", nil,
			"There is no new floor to place: one comes when a column fills the last empty base of a floor")
	}
	if next := p.NextFloor(); s.Floor != next {
		return illegal("menara.floor.next", []any{"floor", next, "other", s.Floor}, "The new floor is %s, not %s", next, s.Floor)
	}
	if s.Turn > 5 {
		return invalidf("menara.turn.range", nil, "A floor's turn is 0 to 5, in steps of 60°")
	}
	rim := deck[p.card].Rim
	switch {
	case s.Side == NoSide && rim == DarkRim:
		s.Side = Dark
	case s.Side == NoSide:
		s.Side = Light
	case s.Side > Dark:
		return invalidf("menara.side.name", nil, "A floor is placed light or dark side up")
	case !rim.Allows(s.Side):
		want := Light
		if rim == DarkRim {
			want = Dark
		}
		return illegal("menara.floor.rim", []any{"rim", rim, "side", want},
			"Your card's rim is %s: the new floor goes %s side up", rim, want)
	}
	return nil
}

// checkSupports checks the columns a floor is to rest on and returns
// their level: at least three, standing, free, none on floor except, all
// on floors of one level.
func (p *Position) checkSupports(f FloorID, on BaseSet, except FloorID) (int, error) {
	if n := on.Len(); n < MinSupports {
		return 0, illegal("menara.floor.few", []any{"floor", f, "count", n},
			"Floor %s would rest on only %d free %s: it needs at least %d", f, n, columnWord(n), MinSupports)
	}
	level := -1
	var first Base
	carrying := p.carrying()
	for i := on.next(0); i >= 0; i = on.next(i + 1) {
		b := baseOfSlot(i)
		if b.Floor == except {
			return 0, illegal("menara.lift.own", []any{"base", b, "floor", except},
				"The column on %s stands on floor %s itself and moves with it", b, except)
		}
		if err := p.checkBase(b); err != nil {
			return 0, err
		}
		if !p.columns.has(i) {
			return 0, illegal("menara.floor.nocolumn", []any{"base", b}, "There is no column on %s", b)
		}
		if carrying.has(i) {
			g := p.carrier(i)
			return 0, illegal("menara.floor.carries", []any{"base", b, "floor", g},
				"The column on %s already carries floor %s", b, g)
		}
		l := int(p.floors[b.Floor].level)
		if level >= 0 && l != level {
			return 0, illegal("menara.floor.levels", []any{"base", first, "level", level, "other", b, "otherLevel", l},
				"%s stands on level %d and %s on level %d: a floor rests on columns of one level", first, level, b, l)
		}
		level, first = l, b
	}
	return level, nil
}

func columnWord(n int) string {
	if n == 1 {
		return "column"
	}
	return "columns"
}

func (p *Position) checkNewFloor(r *resolved) error {
	if err := p.checkNewFloorStage(r); err != nil {
		return err
	}
	level, err := p.checkSupports(r.step.Floor, r.step.On, NoFloor)
	if err != nil {
		return err
	}
	return p.placeOver(r, level, NoFloor)
}

// placeOver finds or checks the position of a floor resting on exactly the
// columns r.step.On, which stand on level level; except is a lifted floor,
// out of the temple while it moves.
func (p *Position) placeOver(r *resolved, level int, except FloorID) error {
	s := &r.step
	free := p.freeColumns(level, except)
	r.level, r.support = level+1, s.On
	if !s.HasAt {
		best, ok := p.mostStableOver(s.Floor, s.Side, int(s.Turn), level, s.On, except)
		if !ok {
			return illegal("menara.floor.nofit", []any{"floor", s.Floor, "turn", int(s.Turn), "on", s.On},
				"Floor %s turned %d cannot rest on exactly %s: each way it covers them, it overlaps a floor, leaves the table or covers another free column",
				s.Floor, s.Turn, s.On)
		}
		s.At, s.HasAt = best.at, true
	}
	r.pl = placement{s.Floor, s.Side, s.Turn, s.At}
	if !r.pl.onTable() {
		return illegal("menara.floor.table", []any{"floor", s.Floor, "at", s.At},
			"Floor %s at %s would reach past the edge of the table (%d cells from the centre)", s.Floor, s.At, TableRadius)
	}
	if g := p.overlap(&r.pl, level+1, except); g != NoFloor {
		return illegal("menara.floor.overlap", []any{"floor", s.Floor, "other", g, "level", level + 1},
			"Floor %s would overlap floor %s on level %d", s.Floor, g, level+1)
	}
	under := p.columnsUnder(&r.pl, free)
	if missing := s.On.andNot(under); !missing.Empty() {
		return illegal("menara.floor.misses", []any{"floor", s.Floor, "at", s.At, "turn", int(s.Turn), "columns", missing},
			"Floor %s at %s turned %d would not lie over %s", s.Floor, s.At, s.Turn, missing)
	}
	if extra := under.andNot(s.On); !extra.Empty() {
		return illegal("menara.floor.extra", []any{"floor", s.Floor, "at", s.At, "turn", int(s.Turn), "columns", extra},
			"Floor %s at %s turned %d would also rest on %s: name every free column under it", s.Floor, s.At, s.Turn, extra)
	}
	if except != NoFloor {
		c := candidate{pl: r.pl, level: level + 1}
		if !p.liftClear(&c) {
			return illegal("menara.lift.under", []any{"floor", except},
				"A column of floor %s would end up under a floor of the level above: there is no room for it", except)
		}
	}
	return nil
}

func (p *Position) checkExtend(r *resolved) error {
	if err := p.checkNewFloorStage(r); err != nil {
		return err
	}
	s := &r.step
	if !s.HasAt {
		return invalidf("menara.extend.at", []any{"floor", s.Floor},
			"Say where floor %s goes beside the base: extend %s at q,r turn t", s.Floor, s.Floor)
	}
	r.pl = placement{s.Floor, s.Side, s.Turn, s.At}
	r.level = 0
	if !r.pl.onTable() {
		return illegal("menara.floor.table", []any{"floor", s.Floor, "at", s.At},
			"Floor %s at %s would reach past the edge of the table (%d cells from the centre)", s.Floor, s.At, TableRadius)
	}
	if g := p.overlap(&r.pl, 0, NoFloor); g != NoFloor {
		return illegal("menara.extend.overlap", []any{"floor", s.Floor, "other", g},
			"Floor %s would overlap floor %s of the base", s.Floor, g)
	}
	if n := p.contact(&r.pl); n < MinContact {
		return illegal("menara.extend.contact", []any{"floor", s.Floor, "count", n},
			"Floor %s would touch the base along %d %s: a base extension shares at least %d", s.Floor, n, edgeWord(n), MinContact)
	}
	return nil
}

func edgeWord(n int) string {
	if n == 1 {
		return "edge"
	}
	return "edges"
}

// liftable returns nil when floor f may be lifted: a standing floor on
// columns with nothing resting on its columns.
func (p *Position) liftable(f FloorID) error {
	if !f.Valid() {
		return invalidf("menara.floor.name", nil, "Floors are lettered A to R")
	}
	if !p.Placed(f) {
		return illegal("menara.floor.absent", []any{"floor", f}, "Floor %s is not in the temple", f)
	}
	if p.Fallen(f) {
		return illegal("menara.floor.fallen", []any{"floor", f}, "Floor %s has fallen", f)
	}
	if p.floors[f].level == 0 {
		return illegal("menara.lift.base", []any{"floor", f},
			"Floor %s is part of the base on the table: only a floor on columns can be moved", f)
	}
	on := p.columns.and(floorSlots(f, MaxBases)).and(p.carrying())
	if i := on.next(0); i >= 0 {
		return illegal("menara.lift.loaded", []any{"floor", f, "base", baseOfSlot(i), "other", p.carrier(i)},
			"Floor %s carries floor %s on its column %s: only a floor with nothing on it can be moved", f, p.carrier(i), baseOfSlot(i))
	}
	return nil
}

func (p *Position) checkLift(r *resolved) error {
	if err := p.checkBuilding(); err != nil {
		return err
	}
	s := &r.step
	if deck[p.card].Type != LiftCard {
		return illegal("menara.lift.card", nil, "Only the move-a-floor card moves a floor")
	}
	if err := p.liftable(s.Floor); err != nil {
		return err
	}
	if s.Turn > 5 {
		return invalidf("menara.turn.range", nil, "A floor's turn is 0 to 5, in steps of 60°")
	}
	side := p.floors[s.Floor].side
	if s.Side != NoSide && s.Side != side {
		return illegal("menara.lift.side", []any{"floor", s.Floor, "side", side},
			"A moved floor keeps its side: floor %s stays %s side up", s.Floor, side)
	}
	s.Side = side
	// Lifted, the floor leaves its supports free and is out of the temple
	// until it lands.
	q := p.without(s.Floor)
	level, err := q.checkSupports(s.Floor, s.On, s.Floor)
	if err != nil {
		return err
	}
	if now := int(p.floors[s.Floor].level); level+1 == now {
		return illegal("menara.lift.same", []any{"floor", s.Floor, "level", now},
			"Floor %s is on level %d already: move it to another level", s.Floor, now)
	}
	err = q.placeOver(r, level, s.Floor)
	s.Side = NoSide // records keep a lift's side implicit
	return err
}

func (p *Position) checkGiveUp(s Step) error {
	switch p.stage {
	case Exchanging:
		return illegal("menara.giveup.reveal", nil, "Reveal a card before giving it up")
	case Closing:
		return illegal("menara.giveup.closing", nil, "Your card already goes to the level row: end your turn with done")
	}
	return p.checkRenew(s.Renew)
}

func (p *Position) checkDone(s Step) error {
	if p.stage != Closing {
		return illegal("menara.done.early", nil,
			"done ends a turn whose card goes to the level row: build as your card says, or give it up")
	}
	return p.checkRenew(s.Renew)
}

func (p *Position) checkRenew(renew bool) error {
	if renew && p.bag.Total() < CampSize {
		n := p.bag.Total()
		return illegal("menara.renew.bag", []any{"count", n},
			"The bag holds only %d %s: the camp cannot be renewed", n, columnWord(n))
	}
	return nil
}

// without returns a copy of the position with floor f lifted out of the
// temple: its supports free, itself on no level (its columns stay on it).
func (p *Position) without(f FloorID) Position {
	q := *p
	var dirty uint32
	q.freeSupports(f, &dirty)
	q.floors[f].level = -1
	return q
}
