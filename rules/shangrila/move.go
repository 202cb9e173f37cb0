package shangrila

import (
	"fmt"
	"strings"
)

// Kind is what a move does.
type Kind uint8

// The kinds of move.
const (
	// Setup places a starting master during the setup phase.
	Setup Kind = iota
	// Place puts a master from the supply on an empty space of its
	// discipline in a village where the player already has a master.
	Place
	// Recruit puts one or two students from the supply on the player's
	// masters that have none.
	Recruit
	// Journey sends every student of a village, of every player, across an
	// unbroken bridge; the bridge breaks.
	Journey
	// Pass is the only move of a player with no legal action.
	Pass
	// Resign takes a player out of the game: their tiles stay, their turns
	// are skipped. A player may resign at any time, on turn or not.
	Resign
)

var kindKeys = [...]string{"setup", "place", "recruit", "journey", "pass", "resign"}

// String returns the kind's keyword as written in records ("recruit").
func (k Kind) String() string {
	if int(k) < len(kindKeys) {
		return kindKeys[k]
	}
	return "kind?"
}

// ParseKind reads a move keyword in any case.
func ParseKind(s string) (Kind, bool) {
	for i, k := range kindKeys {
		if strings.EqualFold(s, k) {
			return Kind(i), true
		}
	}
	return 0, false
}

// Site is one discipline space of one village.
type Site struct {
	Village    Village
	Discipline Discipline
}

// String returns the site as "A rainmaker".
func (s Site) String() string { return s.Village.String() + " " + s.Discipline.String() }

func (s Site) less(t Site) bool {
	return s.Village < t.Village || s.Village == t.Village && s.Discipline < t.Discipline
}

// Move is one player's move. Moves are comparable values: two moves are the
// same move exactly when they are ==, because the constructors keep them in
// one canonical form (unused fields zero, a recruit's sites in order).
type Move struct {
	Kind   Kind
	Player Colour
	// Sites holds where a Setup or Place puts its master (Sites[0]) and
	// where a Recruit puts its students (the first Students entries).
	Sites    [2]Site
	Students uint8
	// From and To are a Journey's villages.
	From, To Village
}

// SetupMove returns c's setup placement of a master of discipline d in v.
func SetupMove(c Colour, v Village, d Discipline) Move {
	return Move{Kind: Setup, Player: c, Sites: [2]Site{{v, d}}}
}

// PlaceMove returns c's placement of a master of discipline d in v.
func PlaceMove(c Colour, v Village, d Discipline) Move {
	return Move{Kind: Place, Player: c, Sites: [2]Site{{v, d}}}
}

// RecruitMove returns c's recruitment of students on the given sites (one
// or two; a third and further sites are ignored by design of the rule and
// rejected by the notation). The sites are kept in village, then
// discipline, order.
func RecruitMove(c Colour, sites ...Site) Move {
	m := Move{Kind: Recruit, Player: c}
	n := copy(m.Sites[:], sites)
	m.Students = uint8(n)
	if n == 2 && m.Sites[1].less(m.Sites[0]) {
		m.Sites[0], m.Sites[1] = m.Sites[1], m.Sites[0]
	}
	return m
}

// JourneyMove returns c's journey of the students of from to to.
func JourneyMove(c Colour, from, to Village) Move {
	return Move{Kind: Journey, Player: c, From: from, To: to}
}

// PassMove returns c's pass.
func PassMove(c Colour) Move { return Move{Kind: Pass, Player: c} }

// ResignMove returns c's resignation.
func ResignMove(c Colour) Move { return Move{Kind: Resign, Player: c} }

// Recruited returns the sites of a Recruit move's students.
func (m Move) Recruited() []Site {
	if m.Kind != Recruit || m.Students > 2 {
		return nil
	}
	return m.Sites[:m.Students]
}

// String returns the move as a line of a game record, without the player:
// "place D healer", "recruit A rainmaker B yeti-whisperer", "journey A B".
func (m Move) String() string {
	switch m.Kind {
	case Setup, Place:
		return m.Kind.String() + " " + m.Sites[0].String()
	case Recruit:
		var b strings.Builder
		b.WriteString("recruit")
		for _, s := range m.Recruited() {
			b.WriteString(" ")
			b.WriteString(s.String())
		}
		return b.String()
	case Journey:
		return fmt.Sprintf("journey %s %s", m.From, m.To)
	}
	return m.Kind.String()
}
