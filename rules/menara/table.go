package menara

// The game's fixed counts and the tunable setup tables (issue 18 tunes the
// columns per player). Each lives here and nowhere else.

// ColumnPool is the 76 columns in the bag at the start: 30 yellow, 20 red,
// 12 black, 8 white, 6 blue.
var ColumnPool = Columns{30, 20, 12, 8, 6}

const (
	// CampSize is the number of columns in the camp.
	CampSize = 6
	// BaseFloors is the number of floors that form the temple's base.
	BaseFloors = 3
	// MinPlayers and MaxPlayers bound the number of players.
	MinPlayers = 1
	MaxPlayers = 4
	// MinSupports is the fewest free columns a floor may be placed on.
	MinSupports = 3
	// MinContact is the fewest cell edges a base extension shares with the
	// base.
	MinContact = 2
	// TableRadius bounds the table: every cell of every floor lies within
	// this many steps of the centre cell (0,0), a round table of about
	// 2.4 m at a pitch of 30 mm.
	TableRadius = 40
)

// columnsPerPlayer is how many columns each player holds, by difficulty
// (easy, medium, hard) and number of players (1 to 4), within 4 to 8 and 4
// for a 4-player medium game. Tuned (issue 18) from the design's starting
// point (easy 8/7/6/5, medium 7/6/5/4, hard 6/5/4/4) so that the strongest
// computer team wins easy games at least 7 times in 10 at every player
// count: more columns in the hands leave fewer in the bag, so the game is
// shorter and fewer cards go to the level row before it ends.
var columnsPerPlayer = [numDifficulties][MaxPlayers]uint8{
	{8, 8, 8, 7}, // easy
	{7, 7, 6, 4}, // medium
	{6, 5, 4, 4}, // hard
}

// levelCards is how many level cards start the level row, by difficulty.
var levelCards = [numDifficulties]uint8{3, 4, 5}

// HandSize returns how many columns each player holds in a game of the
// given difficulty and number of players, or 0 when either is out of range.
func HandSize(d Difficulty, players int) int {
	if !d.Valid() || players < MinPlayers || players > MaxPlayers {
		return 0
	}
	return int(columnsPerPlayer[d][players-1])
}

// LevelCards returns how many level cards a game of difficulty d starts
// with: the levels the temple needs before any card is added.
func LevelCards(d Difficulty) int {
	if !d.Valid() {
		return 0
	}
	return int(levelCards[d])
}
