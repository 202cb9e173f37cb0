package shangrila

import "github.com/tablebot/tablebot/rules"

// Start says how a game begins.
type Start uint8

const (
	// StartSetup begins with the setup phase: seven placements a player.
	StartSetup Start = iota
	// StartSuggested begins in play from the suggested starting position.
	StartSuggested
)

// String returns "setup" or "suggested".
func (s Start) String() string {
	if s == StartSuggested {
		return "suggested"
	}
	return "setup"
}

// SetupMasters is how many masters each player places in the setup phase,
// one of each discipline.
const SetupMasters = NumDisciplines

// setupLimits returns the most tiles of one colour and the most tiles in
// all that a village may hold during the setup phase.
func setupLimits(players int) (perColour, perVillage int) {
	if players == 3 {
		return 1, 2
	}
	return 2, 3
}

// SetupLimits returns, for a game of n players, the most tiles of one colour
// and the most tiles in all that one village may hold during setup.
func SetupLimits(n int) (perColour, perVillage int) { return setupLimits(n) }

// NewPosition returns the starting position for the given players in seat
// order (3 or 4 different colours): the setup phase with empty villages, or
// the suggested starting position in play. With 3 players village C has a
// stone and its three bridges are not on the board.
func NewPosition(players []Colour, start Start) (Position, error) {
	var p Position
	if len(players) != 3 && len(players) != 4 {
		return p, rules.Errorf(rules.Invalid, "shangrila.players.count", []any{"count", len(players)},
			"The Bridges of Shangri-La needs 3 or 4 players, not %d", len(players))
	}
	for i, c := range players {
		if !c.Valid() {
			return p, rules.Errorf(rules.Invalid, "shangrila.players.colour", nil,
				"players must be red, blue, yellow or violet")
		}
		for _, o := range players[:i] {
			if o == c {
				return p, rules.Errorf(rules.Invalid, "shangrila.players.twice", []any{"player", c},
					"%s cannot play twice", c.Name())
			}
		}
		p.seats[i] = c
	}
	p.nseats = uint8(len(players))
	p.bridges = allBridges
	if len(players) == 3 {
		p.bridges &^= villageBridges[OutOfPlayWithThree]
		p.stones = 1 << OutOfPlayWithThree
	}
	for _, c := range players {
		p.supply[c] = rowLow * TilesPerDiscipline &^ (0xff << 56)
	}
	p.phase = SetupPhase
	if start == StartSuggested {
		for _, t := range suggested(len(players)) {
			c := players[t.seat]
			p.villages[t.village].set(t.discipline, uint8(MasterSpace(c, false)))
			p.supply[c].add(t.discipline, -1)
		}
		p.phase = PlayPhase
	}
	return p, nil
}

// startTile is one master of a suggested starting position, by seat.
type startTile struct {
	village    Village
	seat       uint8
	discipline Discipline
}

// suggested returns the suggested starting position for n players. The
// positions are a community transcription of the start cards (seats 0..3
// are red, blue, yellow, violet on the cards); the 4-player card lacks
// violet's astrologer, placed here alone in village D.
func suggested(n int) []startTile {
	const red, blue, yellow, violet = 0, 1, 2, 3
	if n == 3 {
		return []startTile{
			{VillageA, blue, Rainmaker}, {VillageA, red, YetiWhisperer},
			{VillageD, blue, Astrologer}, {VillageD, red, Firekeeper},
			{VillageE, blue, YetiWhisperer}, {VillageE, red, Priest},
			{VillageF, yellow, Firekeeper}, {VillageF, blue, Healer},
			{VillageG, blue, Priest}, {VillageG, yellow, YetiWhisperer},
			{VillageH, yellow, Rainmaker}, {VillageH, red, Astrologer},
			{VillageI, yellow, Healer}, {VillageI, blue, Dragonbreeder},
			{VillageJ, red, Dragonbreeder}, {VillageJ, yellow, Priest},
			{VillageK, yellow, Dragonbreeder}, {VillageK, red, Rainmaker},
			{VillageL, red, Healer}, {VillageL, blue, Firekeeper},
			{VillageM, yellow, Astrologer},
		}
	}
	return []startTile{
		{VillageA, violet, YetiWhisperer}, {VillageA, violet, Firekeeper}, {VillageA, red, Healer},
		{VillageB, red, Astrologer}, {VillageB, yellow, Dragonbreeder},
		{VillageD, violet, Astrologer},
		{VillageE, red, Priest}, {VillageE, blue, YetiWhisperer},
		{VillageF, blue, Firekeeper}, {VillageF, blue, Healer},
		{VillageG, blue, Astrologer}, {VillageG, yellow, Priest}, {VillageG, red, Firekeeper},
		{VillageH, red, Rainmaker}, {VillageH, yellow, Astrologer}, {VillageH, violet, Priest},
		{VillageI, yellow, Rainmaker}, {VillageI, yellow, Healer}, {VillageI, blue, Dragonbreeder},
		{VillageJ, violet, Rainmaker}, {VillageJ, red, Dragonbreeder}, {VillageJ, red, YetiWhisperer},
		{VillageL, violet, Dragonbreeder}, {VillageL, violet, Healer}, {VillageL, yellow, Firekeeper},
		{VillageM, blue, Rainmaker}, {VillageM, blue, Priest}, {VillageM, yellow, YetiWhisperer},
	}
}
