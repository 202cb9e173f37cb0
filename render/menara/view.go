package menara

import (
	"slices"

	"github.com/tablebot/tablebot/rules/menara"
)

// View is what the image shows of a game of Menara, as plain data: the
// temple, the panel's facts and what the last step did (or what a
// proposed step would do). It is built from an engine position (ViewOf,
// PreviewOf) or read from the JSON state (ViewFromJSON), so that the
// drawing has one input whichever way the state came.
//
// Invariants, kept by the constructors: Hand has one entry per player;
// Turn is -1 exactly when Over; every floor of Floors is placed, in
// placing order, with its cells and bases in world coordinates; a base's
// Carries is a floor of Floors or NoFloor.
type View struct {
	// Players are the players' names in seat order, as the record writes
	// them (the caller may give display names in Options).
	Players    []string
	Difficulty menara.Difficulty
	Hands      menara.Hands

	// Over is set once the game has ended, and Outcome says how.
	Over    bool
	Outcome menara.Outcome

	// Height is the temple's highest level of a standing floor; Required
	// the cards in the level row; LevelCards how many of those were level
	// cards from the start (the rest are plan cards added to the row).
	Height, Required, LevelCards int

	// Piles counts the plan cards left in each pile; Quarry the floors
	// left; NextFloor is the top of the quarry (NoFloor when empty).
	Piles     [menara.NumPiles]int
	Quarry    int
	NextFloor menara.FloorID

	// Camp and Hand (by seat) are the columns off the temple.
	Camp menara.Columns
	Hand []menara.Columns

	// The turn: the seat to act (-1 when over), its stage, the card in
	// play (HasCard), how many columns it has placed or moved (Progress),
	// the floor a one-floor or fill card builds on (Chosen), and whether
	// the card goes to the level row at the end of the turn.
	Turn       int
	Stage      menara.Stage
	HasCard    bool
	Card       menara.Card
	Progress   int
	Chosen     menara.FloorID
	ToLevelRow bool

	// Floors are the floors in the temple, fallen ones included, in the
	// order they were placed.
	Floors []Floor

	// Model holds the thresholds of the stability badges.
	Model Model

	// Change is what the last step did, or what a proposed step would do
	// (Change.Proposed); nil for none. Step, when not nil, is the last
	// step's own change when Change gathers several steps (SinceOf): the
	// header's words say Step, the highlights show Change.
	Change *Change
	Step   *Change

	// Falls explains what fell (a collapse), or what would fall (a
	// proposal that collapses), or the floor of a lift that was not made
	// because it would have fallen (Change.LiftFell): each floor that did
	// not hold by itself, its supports, its load centre and the miss. Nil
	// when nothing fell; the JSON state does not carry it.
	Falls []menara.Fall
}

// Model holds the statics' thresholds the badges are coloured by, in µm: a
// floor of level L holds while its margin is at least Delta0 + Delta1·L,
// and is safe (green) from Safe up.
type Model struct {
	Delta0, Delta1, Safe int
}

// Delta returns δ(L), the least margin a floor of level L needs, in µm.
func (m Model) Delta(level int) int { return m.Delta0 + m.Delta1*level }

// engineModel returns the engine's thresholds for a game with hands h.
func engineModel(h menara.Hands) Model {
	return Model{Delta0: menara.Delta(0), Delta1: menara.Delta(1) - menara.Delta(0), Safe: h.Safe()}
}

// Floor is one floor in the temple.
type Floor struct {
	ID    menara.FloorID
	Side  menara.Side
	Level int
	// Cells are the floor's world cells, in the reading order of its side.
	Cells []menara.Hex
	// Bases are the floor's bases; base n is Bases[n-1].
	Bases []Base
	// Supports are the columns it rests on (level 1 and up).
	Supports []menara.Base
	// Margin is its margin in µm, when HasMargin (design §3).
	Margin    int
	HasMargin bool
	// Holds and Fallen are the statics' verdict and whether it fell in a
	// collapse.
	Holds, Fallen bool
}

// Base is one base of a floor and the column on it, if any.
type Base struct {
	Name   menara.Base
	Cell   menara.Hex
	Colour menara.Colour
	// Column says a column stands on it (or lay on it before it fell:
	// Fallen).
	Column, Fallen bool
	// Carries is the floor resting on the column, NoFloor for a free
	// column (or no column).
	Carries menara.FloorID
	// Moved is set for a column moved this turn (it may not move again).
	Moved bool
}

// Change is what a step did to the temple (or would do, when Proposed),
// for the highlights: its kind and player, the columns it placed, the
// column it moved (From, To), the floor it placed or lifted (with where a
// lifted floor was), whether the temple collapsed, and the floors whose
// margins it changed.
type Change struct {
	Step     menara.Step
	Proposed bool
	// Columns are the bases where columns were placed or moved to.
	Columns []menara.Base
	// From is where a moved column came from (Step.Kind MoveColumn).
	From menara.Base
	// Floor is the floor placed, extended or lifted; NoFloor for none.
	// Built are the other floors placed, extended or lifted when the
	// change gathers several steps (a turn, or the turns since a player
	// last played: SinceOf), outlined as Floor is.
	// A lifted floor came from level FromLevel, where it left the columns
	// Freed; FromCells are the cells it covered there, when known (a
	// preview), else nil.
	Floor     menara.FloorID
	Built     []menara.FloorID
	FromLevel int
	Freed     []menara.Base
	FromCells []menara.Hex
	// Supports are the columns a placed or lifted floor rests on.
	Supports []menara.Base
	// Collapse is set when the temple fell (or would fall).
	Collapse bool
	// Margins are the floors whose margins changed, before and after.
	Margins []menara.MarginChange
	// Card is the card a reveal turned up; NewFloor the floor that must
	// now be placed (NoFloor for none).
	Card     menara.Card
	NewFloor menara.FloorID
	// Risk is the chance of failing with shaky hands (a proposal); Failed
	// is set when a shaky step failed.
	Risk   menara.Risk
	Failed bool
	// LiftFell is set when a move-a-floor step was not made because its
	// floor would have fallen (menara.Effects.LiftFell): the card goes to
	// the level row, and View.Falls says why.
	LiftFell bool
}

// built reports whether change c (not a proposal) placed, extended or
// lifted floor f.
func (c *Change) built(f menara.FloorID) bool {
	return c != nil && !c.Proposed && f.Valid() && (c.Floor == f || slices.Contains(c.Built, f))
}

// ViewOf returns the view of position p; last, when not nil, is the
// effects of the step that led to p, which the image highlights.
func ViewOf(p *menara.Position, last *menara.Effects) View {
	v := panelOf(p)
	v.Floors = floorsOf(p)
	v.Height = p.Height()
	v.Falls = p.Falls()
	if last != nil {
		c := changeOf(p, last, nil)
		v.Change = &c
		if last.LiftFell {
			v.Falls = last.Falls
		}
	}
	return v
}

// PreviewOf returns the view of position p with step s proposed: the
// temple as it would stand after s (the proposed floor or column marked
// as such, the margins it would give), the panel as it stands now. s is
// any building step; it fails as Check does for an illegal step.
func PreviewOf(p *menara.Position, s menara.Step) (View, error) {
	next, e, err := p.Preview(s)
	if err != nil {
		return View{}, err
	}
	v := panelOf(p)
	v.Height = p.Height()
	v.Floors = floorsOf(&next)
	c := changeOf(&next, &e, p)
	c.Proposed = true
	v.Change = &c
	v.Falls = e.Falls
	return v, nil
}

// panelOf fills the view's facts other than the temple.
func panelOf(p *menara.Position) View {
	v := View{
		Players:    p.Players(),
		Difficulty: p.Difficulty(),
		Hands:      p.Hands(),
		Over:       p.Phase() == menara.Over,
		Outcome:    p.Outcome(),
		Required:   p.Required(),
		LevelCards: menara.LevelCards(p.Difficulty()),
		Quarry:     p.Quarry(),
		NextFloor:  p.NextFloor(),
		Camp:       p.Camp(),
		Turn:       p.Turn(),
		Stage:      p.Stage(),
		Progress:   p.Progress(),
		Chosen:     p.Chosen(),
		ToLevelRow: p.ToLevelRow(),
		Model:      engineModel(p.Hands()),
	}
	for pl := menara.Pile(0); pl < menara.NumPiles; pl++ {
		v.Piles[pl] = p.PileLeft(pl)
	}
	for i := range v.Players {
		v.Hand = append(v.Hand, p.Hand(i))
	}
	if !v.Over {
		// Once the game is over the turn is gone, card and all (as the
		// JSON state has it).
		v.Card, v.HasCard = p.Card()
	} else {
		v.Stage, v.Progress, v.Chosen, v.ToLevelRow = menara.Exchanging, 0, menara.NoFloor, false
	}
	return v
}

// floorsOf returns the temple's floors.
func floorsOf(p *menara.Position) []Floor {
	var out []Floor
	for _, f := range p.PlacedFloors() {
		w, _ := p.Where(f)
		fl := Floor{ID: f, Side: w.Side, Level: w.Level, Cells: p.FloorCells(f), Holds: p.Holds(f), Fallen: p.Fallen(f)}
		if s := p.Supports(f); !s.Empty() {
			fl.Supports = s.Bases()
		}
		fl.Margin, fl.HasMargin = p.Margin(f)
		for i, s := range p.FloorBases(f) {
			b := menara.Base{Floor: f, N: uint8(i + 1)}
			fl.Bases = append(fl.Bases, Base{Name: b, Cell: s.Cell, Colour: s.Colour, Column: p.Column(b),
				Fallen: p.ColumnFallen(b), Carries: p.Carrier(b), Moved: p.Moved(b)})
		}
		out = append(out, fl)
	}
	return out
}

// changeOf returns what effects e did, p being the position after the
// step; before, when not nil, is the position before it (for a preview).
func changeOf(p *menara.Position, e *menara.Effects, before *menara.Position) Change {
	c := Change{Step: e.Step, Floor: menara.NoFloor, NewFloor: e.NewFloor, Collapse: e.Collapse,
		Margins: append([]menara.MarginChange(nil), e.Margins()...), Card: e.Card, Risk: e.Risk, Failed: e.Failed,
		LiftFell: e.LiftFell}
	switch e.Step.Kind {
	case menara.PlaceColumn:
		if !e.Failed {
			c.Columns = []menara.Base{e.To}
		}
	case menara.MoveColumn:
		if !e.Failed {
			c.Columns, c.From = []menara.Base{e.To}, e.From
		}
	case menara.PlaceFloor, menara.Extend, menara.Lift:
		if e.Failed || e.LiftFell {
			break
		}
		c.Floor = e.Floor
		c.Supports = p.Supports(e.Floor).Bases()
		if e.Step.Kind == menara.Lift {
			// Effects do not say where a lifted floor was; a preview knows.
			c.FromLevel, c.Freed = e.FromLevel, e.Freed.Bases()
			if before != nil {
				c.FromCells = before.FloorCells(e.Floor)
			}
		}
	}
	return c
}
