package menara

import (
	"fmt"
	"slices"

	"github.com/tablebot/tablebot/rules/menara"
)

// TurnWords is a whole turn in words already put in the image's language,
// for Labels.Turn: the caption of the turn's frame in a timelapse. Fields
// that do not apply are empty.
type TurnWords struct {
	// Player is the display name of the player whose turn it was.
	Player string
	// Give and Take are the turn's exchange with the camp, as colour
	// letters ("YY", "RB").
	Give, Take string
	// Pile and Card are the pile the card was revealed from and what the
	// card asks ("Place 2 columns"); empty when no card was revealed.
	Pile, Card string
	// Steps are the turn's building steps (columns placed or moved,
	// floors placed, extended or moved), in order: a step whose hand shook
	// says Failed, a floor that would have fallen LiftFell.
	Steps []StepWords
	// GaveUp says the card was given up; ToLevelRow that the card went to
	// the level row (given up, extended, failed or a lift that fell);
	// Renew that the camp was renewed; Collapse that the temple fell,
	// which lost the game.
	GaveUp, ToLevelRow, Renew, Collapse bool
}

// filmTurn is one turn of a timelapse: the view after it, what it did
// highlighted, and its words.
type filmTurn struct {
	view  View
	words TurnWords
}

// turnsOf replays steps from start and cuts them into turns: a turn ends
// with the step that ends it (a give up, a done, the step that fulfils
// the card) or ends the game; steps after the last turn that ended make
// a turn of their own. The first illegal step fails with its number.
func turnsOf(start *menara.Position, steps []menara.Step, lb *Labels, names []string) ([]filmTurn, error) {
	p := *start
	var out []filmTurn
	var t turnBuilder
	for i, s := range steps {
		next, e, err := p.Apply(s)
		if err != nil {
			return nil, fmt.Errorf("step %d (%s): %w", i+1, s, err)
		}
		p = next
		t.add(&p, &e, lb, names)
		if e.TurnOver || e.GameOver {
			out = append(out, t.turn(&p))
			t = turnBuilder{}
		}
	}
	if t.steps > 0 {
		out = append(out, t.turn(&p))
	}
	return out, nil
}

// turnBuilder gathers a turn's steps.
type turnBuilder struct {
	steps int
	words TurnWords
	// builds are the changes of the building steps, in order; margins the
	// floors whose margins changed, the first before and the last after.
	builds  []Change
	margins []menara.MarginChange
	falls   []menara.Fall
}

// add takes the step whose effects are e, p being the position after it.
func (t *turnBuilder) add(p *menara.Position, e *menara.Effects, lb *Labels, names []string) {
	t.steps++
	s := e.Step
	w := &t.words
	if int(s.Seat) < len(names) {
		w.Player = names[s.Seat]
	}
	switch s.Kind {
	case menara.Exchange:
		w.Give, w.Take = letters(s.Give, lb), letters(s.Take, lb)
	case menara.Reveal:
		if s.Pile.Valid() {
			w.Pile = lb.Piles[s.Pile]
		}
		w.Card = call1(lb.Card, e.Card)
	case menara.PlaceColumn, menara.MoveColumn, menara.PlaceFloor, menara.Extend, menara.Lift:
		w.Steps = append(w.Steps, buildWords(e, lb))
		t.builds = append(t.builds, changeOf(p, e, nil))
		if e.LiftFell {
			t.falls = e.Falls
		}
	case menara.GiveUp:
		w.GaveUp = true
	}
	w.ToLevelRow = w.ToLevelRow || e.ToLevelRow || e.Failed || e.LiftFell || s.Kind == menara.Extend
	w.Renew = w.Renew || e.Renewed
	w.Collapse = w.Collapse || e.Collapse
	t.mergeMargins(e.Margins())
}

// buildWords puts a building step in words from its effects (the step's
// own fields for what a failed step's effects leave out).
func buildWords(e *menara.Effects, lb *Labels) StepWords {
	s := e.Step
	w := StepWords{Kind: s.Kind, Failed: e.Failed, Collapse: e.Collapse, LiftFell: e.LiftFell}
	if e.NewFloor.Valid() {
		w.NewFloor = e.NewFloor.String()
	}
	switch s.Kind {
	case menara.PlaceColumn, menara.MoveColumn:
		c := e.Colour
		if s.Kind == menara.PlaceColumn {
			c = s.Colour
		}
		if c.Valid() && !(s.Kind == menara.MoveColumn && e.Failed) {
			w.Colour = lb.Colours[c]
		}
		w.To = s.To.String()
		if s.Kind == menara.MoveColumn {
			w.From = s.From.String()
		}
	default:
		w.Floor, w.Level, w.Supports = s.Floor.String(), e.Level, s.On.String()
	}
	return w
}

// mergeMargins adds a step's margin changes to the turn's: a floor keeps
// its margin before its first change and takes that after its last.
func (t *turnBuilder) mergeMargins(ms []menara.MarginChange) {
	for _, m := range ms {
		i := slices.IndexFunc(t.margins, func(o menara.MarginChange) bool { return o.Floor == m.Floor })
		if i < 0 {
			t.margins = append(t.margins, m)
			continue
		}
		o := &t.margins[i]
		o.After, o.HasAfter, o.Holds = m.After, m.HasAfter, m.Holds
	}
}

// turn returns the turn gathered, p being the position after it.
func (t *turnBuilder) turn(p *menara.Position) filmTurn {
	v := ViewOf(p, nil)
	if c := t.change(p); c != nil {
		v.Change = c
	}
	if len(v.Falls) == 0 {
		v.Falls = t.falls // a lift that would have fallen, and why
	}
	return filmTurn{view: v, words: t.words}
}

// change is what the turn did, for the highlights: the columns it placed
// or moved that still stand (the arrow of a move when it moved one column
// only), the floors it placed, extended or moved (the last one's supports
// and where it came from), the margins it changed, and whether the temple
// fell. Nil when it built nothing.
func (t *turnBuilder) change(p *menara.Position) *Change {
	if len(t.builds) == 0 {
		return nil
	}
	c := t.builds[len(t.builds)-1]
	c.Columns, c.From = nil, menara.Base{}
	moves := 0
	for _, b := range t.builds {
		if b.Step.Kind == menara.MoveColumn && b.From.Valid() && len(b.Columns) == 1 && p.Column(b.Columns[0]) {
			// The move's new base first: the arrow goes to Columns[0].
			moves++
			c.Step, c.From = b.Step, b.From
			c.Columns = append([]menara.Base{b.Columns[0]}, c.Columns...)
			continue
		}
		for _, col := range b.Columns {
			if p.Column(col) && !slices.Contains(c.Columns, col) {
				c.Columns = append(c.Columns, col)
			}
		}
		if b.Floor.Valid() {
			c.Floor, c.Supports, c.FromLevel, c.Freed = b.Floor, b.Supports, b.FromLevel, b.Freed
		}
		c.Collapse = c.Collapse || b.Collapse
		c.LiftFell = c.LiftFell || b.LiftFell
	}
	if moves != 1 {
		// One arrow only: with more moves, their new bases are ringed.
		c.From = menara.Base{}
	}
	for _, b := range t.builds {
		if b.Floor.Valid() && b.Floor != c.Floor && !slices.Contains(c.Built, b.Floor) {
			c.Built = append(c.Built, b.Floor)
		}
	}
	c.Margins = t.margins
	return &c
}
