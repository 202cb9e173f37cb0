package menara

import "github.com/tablebot/tablebot/rules/menara"

// Labels holds every word drawn on the image, so that the caller draws it
// in the players' language (bot/menara fills it from the message
// catalogue); this package writes no word of its own. Texts with numbers
// or names in them are functions, which leaves plural forms, word order
// and the decimal separator to the language. A zero field draws nothing (a
// nil function counts as zero).
//
// Floor letters and base names ("K3") are the game's notation, the same in
// every language, and are not labels.
type Labels struct {
	// Colours names each column colour ("yellow"), indexed by
	// menara.Colour; ColourLetters is the mark printed on every column and
	// base of the colour, so that colours are told apart without seeing
	// them ("Y"). The letters of a language must differ.
	Colours       [menara.NumColours]string
	ColourLetters [menara.NumColours]string
	// Piles names each pile of plan cards ("blue"), indexed by menara.Pile.
	Piles [menara.NumPiles]string

	// ToPlay is the headline while the game goes on ("Ana to play").
	ToPlay func(player string) string
	// Won and Lost are the headline once the game is over: the temple's
	// height against the levels required, and for a loss why the game
	// ended.
	Won  func(height, required int) string
	Lost func(reason menara.EndReason, height, required int) string

	// Height is the temple's height against the levels required ("Height
	// 2 of 5"); LevelRow heads the row of level cards.
	Height   func(height, required int) string
	LevelRow string
	// PlanCards heads the three piles (each shows its cards left).
	PlanCards string
	// Quarry heads the quarry and FloorsLeft counts its floors; NextFloor
	// names the floor on top ("next: K"); Light and Dark name the sides a
	// floor may be placed with.
	Quarry      string
	FloorsLeft  func(n int) string
	NextFloor   func(floor string) string
	Light, Dark string
	// Camp heads the camp; Hands heads the players' columns.
	Camp, Hands string

	// InPlay heads the card in play; NoCard stands for it before a card is
	// revealed. Card says what a card asks ("Place 2 columns on one
	// floor"), Rim which sides its new floors may show ("light side up"),
	// Progress what is done and left of it ("1 placed, 1 to go"),
	// OnFloor the floor a one-floor or fill card builds on ("on floor
	// K"), PlaceFloor that a floor must be placed now ("Place floor M
	// now"), and ToLevelRow that the card goes to the level row.
	InPlay     string
	NoCard     string
	Card       func(c menara.Card) string
	Rim        func(r menara.Rim) string
	Progress   func(c menara.Card, done int) string
	OnFloor    func(floor string) string
	PlaceFloor func(floor string) string
	ToLevelRow string

	// Level captions the plan of a level ("Level 2"); Base captions the
	// plan of level 0 ("Base").
	Level func(level int) string
	Base  string
	// Margin writes a floor's margin for its badge, given in µm ("9.4
	// mm"); Falls stands for the margin of a floor that cannot hold.
	Margin func(um int) string
	Falls  string

	// LastStep spells out the step that led to the position ("Last step:
	// Ana placed a red column on K3").
	LastStep func(w StepWords) string
	// Turn spells out a whole turn for its frame of a timelapse ("Ana ·
	// Place 2 columns: red on K2, yellow on K3"); the frames show no
	// LastStep.
	Turn func(w TurnWords) string
	// Preview spells out a proposed step ("Preview: floor M on K2 K4
	// L1"), Collapse says the temple would fall, and Risk gives the chance
	// that it fails with shaky hands, in percent.
	Preview  func(w StepWords) string
	Collapse string
	Risk     func(percent int) string

	// The legend: badges green (safe), amber (holds, but shaky hands may
	// fail there) and red (falls); a free column (nothing rests on it, a
	// floor may); what the last step did; a proposed floor.
	LegendSafe, LegendShaky, LegendFalls, LegendFree, LegendLast, LegendProposed string
	// LegendEmpty and LegendColumn explain the plans' bases: an empty base
	// (a hollow ring of its colour) and a base with a column on it (a
	// filled disc). Both unset: the legend leaves them out.
	LegendEmpty, LegendColumn string

	// Fell explains a floor that fell (a collapse, or a lift whose floor
	// would fall), for the header: "Floor P fell: its load centre was
	// 1.2 mm outside its columns P1 P2 P3"; in a preview, what would
	// happen ("Floor P would fall: …"), and for a lift that was not made,
	// what would have happened.
	Fell func(w FallWords) string
}

// FallWords is a fall (menara.Fall) in words for Labels.Fell: the floor's
// letter, its supports' names ("P1 P2 P3"), and the lengths already
// written by Labels.Margin. Outside says whether the load centre lay
// outside the supports (Distance is then how far outside, else how far
// inside); Need is δ(L); Few is set when fewer than 3 columns, or columns
// in one line, carried it (Distance and Need are then empty). Proposed
// and Lift set the mood: a preview's floor would fall, a lift's floor
// (the lift not made) would have fallen, else the floor fell.
type FallWords struct {
	Floor, Supports  string
	Outside, Few     bool
	Distance, Need   string
	Proposed         bool // a preview: what the step would do (Change.Proposed)
	Lift             bool // a lift that was not made (menara.Effects.LiftFell)
	Columns, Minimum int  // how many columns carried it, and how many it needs
}

// StepWords is a step in words already put in the image's language, for
// Labels.LastStep and Labels.Preview. Fields that do not apply to the
// step's kind are empty.
type StepWords struct {
	Kind menara.Kind
	// Player is the display name of the player who made the step.
	Player string
	// Exchange: the columns given to the camp and taken from it, as colour
	// letters ("YY", "RB").
	Give, Take string
	// Reveal: the pile's name and what the card asks.
	Pile, Card string
	// PlaceColumn and MoveColumn: the colour's name, the base it went to
	// and the base it came from ("K3").
	Colour, To, From string
	// PlaceFloor, Extend and Lift: the floor, the level it went to, and
	// the columns it rests on ("K2 K4 L1").
	Floor    string
	Level    int
	Supports string
	// GiveUp and Done: whether the camp was renewed.
	Renew bool
	// Consequences: a shaky step failed, the temple collapsed, a floor
	// must now be placed (NewFloor, its letter).
	Failed, Collapse bool
	NewFloor         string
	// LiftFell: a move-a-floor step whose floor would have fallen; it was
	// not made and the card goes to the level row (Floor names the floor).
	LiftFell bool
}

// call1, call2 and call3 call a label function when it is set, and give
// "" otherwise: a zero label draws nothing.
func call1[A any](f func(A) string, a A) string {
	if f == nil {
		return ""
	}
	return f(a)
}

func call2[A, B any](f func(A, B) string, a A, b B) string {
	if f == nil {
		return ""
	}
	return f(a, b)
}

func call3[A, B, C any](f func(A, B, C) string, a A, b B, c C) string {
	if f == nil {
		return ""
	}
	return f(a, b, c)
}
