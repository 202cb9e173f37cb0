package menara

import (
	"math"
	"slices"
	"sort"
)

// Outlook is what a step would do to the temple's stability, for a list
// of choices (the bot's moves and menus): whether it ends the game, its
// margin and its risk. It is read from Preview, so it is exact.
type Outlook struct {
	Step Step
	// Collapse: the step would bring the temple down, and the game would
	// be lost. LiftFalls: a lift whose floor alone would fall; it would
	// not be made and the card would go to the level row (Effects.LiftFell).
	Collapse, LiftFalls bool
	// Floor is the floor, among those whose margin the step changes (or
	// that it places), left with the least slack over δ(L); NoFloor when
	// the step touches no floor on columns. Margin is its margin in µm
	// (when HasMargin), Slack its margin − δ(L) (negative: it falls).
	Floor     FloorID
	Margin    int
	HasMargin bool
	Slack     int
	// Worst is the least slack over every floor on columns after the step
	// (math.MaxInt32 when there is none).
	Worst int
	// Risk is the chance the step fails with shaky hands (0 with steady).
	Risk Risk
	// Falls explains a collapse or a falling lift.
	Falls []Fall
}

// Falling reports whether the step would make a floor fall: a collapse,
// or a lift that falls.
func (o *Outlook) Falling() bool { return o.Collapse || o.LiftFalls }

// Outlook previews step s and says what it would do to the temple's
// stability. An illegal step returns the error of Check.
func (p *Position) Outlook(s Step) (Outlook, error) {
	next, e, err := p.Preview(s)
	if err != nil {
		return Outlook{}, err
	}
	o := Outlook{Step: e.Step, Collapse: e.Collapse, LiftFalls: e.LiftFell, Risk: e.Risk, Falls: e.Falls,
		Floor: NoFloor, Slack: math.MaxInt32}
	st := next.stability(NoFloor)
	o.Worst = st.Worst
	for _, m := range e.Margins() {
		level := next.Level(m.Floor)
		if level < 1 {
			continue
		}
		slack := math.MinInt32
		if m.HasAfter {
			slack = m.After - Delta(level)
		}
		if o.Floor == NoFloor || slack < o.Slack {
			o.Floor, o.Margin, o.HasMargin, o.Slack = m.Floor, m.After, m.HasAfter, slack
		}
	}
	for _, f := range e.Falls {
		// A lift that falls changes nothing: its fall is what it risks.
		if o.LiftFalls && f.Floor == e.Step.Floor {
			o.Floor, o.Margin, o.HasMargin, o.Slack = f.Floor, f.Margin, f.HasMargin, -f.Miss()
			if !f.HasMargin {
				o.Slack = math.MinInt32
			}
		}
	}
	return o, nil
}

// Outlooks returns the outlook of every step of steps, sorted steadiest
// first (see SortSteadiest). Illegal steps are left out.
func (p *Position) Outlooks(steps []Step) []Outlook {
	out := make([]Outlook, 0, len(steps))
	for _, s := range steps {
		if o, err := p.Outlook(s); err == nil {
			out = append(out, o)
		}
	}
	SortSteadiest(out)
	return out
}

// Steadiest returns steps sorted for a player to choose from, as
// SortSteadiest sorts their outlooks, then grouped: the steps that make
// nothing fall, those that cost a level (a base extension, giving the
// card up), the lifts whose floor would fall, the collapses. Each step is
// returned as given (not as the engine completes it), so that its record
// line does not change; an illegal step is left out. It sorts what a
// player is shown only: Placements keeps its order, which the computers
// and the hint read.
func (p *Position) Steadiest(steps []Step) []Step {
	os := make([]Outlook, 0, len(steps))
	for _, s := range steps {
		if o, err := p.Outlook(s); err == nil {
			o.Step = s
			os = append(os, o)
		}
	}
	SortSteadiest(os)
	slices.SortStableFunc(os, func(a, b Outlook) int { return choiceGroup(&a) - choiceGroup(&b) })
	out := make([]Step, len(os))
	for i := range os {
		out[i] = os[i].Step
	}
	return out
}

// SteadiestOf returns the legal steps of kind as Steadiest sorts them:
// a list a player chooses from (the columns to place, the columns that
// may move).
func (p *Position) SteadiestOf(kind Kind) []Step {
	var of []Step
	for _, s := range p.LegalSteps(nil) {
		if s.Kind == kind {
			of = append(of, s)
		}
	}
	return p.Steadiest(of)
}

// SteadiestPlacements returns placements pls sorted as Steadiest sorts
// their steps, for a player to choose from: on columns steadiest first,
// then the places beside the base, the lifts whose floor would fall, last
// the places that collapse the temple.
func (p *Position) SteadiestPlacements(pls []Placement) []Placement {
	byStep := make(map[Step]Placement, len(pls))
	steps := make([]Step, 0, len(pls))
	for _, pl := range pls {
		byStep[pl.Step] = pl
		steps = append(steps, pl.Step)
	}
	out := make([]Placement, 0, len(pls))
	for _, s := range p.Steadiest(steps) {
		out = append(out, byStep[s])
	}
	return out
}

// choiceGroup is the group of a step in a list of choices: the steps that
// make nothing fall, those that cost a level (a base extension, giving the
// card up), the lifts whose floor would fall, the collapses.
func choiceGroup(o *Outlook) int {
	switch {
	case o.LiftFalls:
		return 2
	case o.Collapse:
		return 3
	case o.Step.Kind == Extend || o.Step.Kind == GiveUp:
		return 1
	}
	return 0
}

// SortSteadiest sorts outlooks for a player to choose from: the steps
// that make nothing fall first, those with less risk (shaky hands) first,
// then the larger least slack left over the temple, then the larger slack
// of the floor the step changes; then the lifts that would fall (not made,
// the card to the level row); last the steps that collapse the temple.
// Ties keep the given order.
func SortSteadiest(o []Outlook) {
	group := func(x *Outlook) int {
		switch {
		case x.Collapse:
			return 2
		case x.LiftFalls:
			return 1
		}
		return 0
	}
	sort.SliceStable(o, func(i, j int) bool {
		a, b := &o[i], &o[j]
		if ga, gb := group(a), group(b); ga != gb {
			return ga < gb
		}
		if c := compareRisk(a.Risk, b.Risk); c != 0 {
			return c < 0
		}
		if a.Worst != b.Worst {
			return a.Worst > b.Worst
		}
		return a.Slack > b.Slack
	})
}

// compareRisk returns -1, 0 or +1 as risk a is less than, equal to or
// greater than b.
func compareRisk(a, b Risk) int {
	switch {
	case a.greater(b):
		return 1
	case b.greater(a):
		return -1
	}
	return 0
}
