package stats

import (
	"strings"
	"time"
)

// Game is a finished game as the statistics see it.
type Game struct {
	// ID names the game (the store's id), Guild the server it was played
	// in ("" for none).
	ID, Guild string
	// Kind is the game's name, as the store and the commands name it:
	// "shangrila", "menara".
	Kind string
	// Started is when the game began: the first move's time counts from
	// it. Ended is when it ended, which orders games for streaks.
	Started, Ended time.Time
	// Cancelled is a game that ended without a result: it counts for
	// nobody.
	Cancelled bool
	// Seats are who played, in seat order.
	Seats []Seat
	// Moves are the moves in the order they were made.
	Moves []Move
	// Team is a cooperative game's result, nil for a game each plays for
	// themselves (whose seats have ranks).
	Team *TeamResult
	// Rated is a game each plays for themselves whose ranks rate its
	// players (AddGame).
	Rated bool
}

// Seat is one seat of a game and how it ended.
type Seat struct {
	// Player is who sat: a user's identifier, or a computer's (the
	// caller's choice, which should name its level: "computer:hard").
	Player string
	// Name is the player's name as the game showed it, for lists of
	// players ("" when not known).
	Name string
	// Rank is the seat's place at the end, 1 the best; seats that tie
	// share a rank, so several may have won. Cooperative games leave it 0.
	Rank int
	// Resigned is a seat whose player resigned: it has lost, whatever its
	// rank.
	Resigned bool
	// HandedOver is a seat a computer played from some move on (the
	// player left with then:computer): the game is still the player's.
	HandedOver bool
}

// Move is one move: whose seat made it and when.
type Move struct {
	// Seat indexes Game.Seats.
	Seat int
	At   time.Time
	// ByComputer is a move a computer made for a seat handed over: it is
	// not the player's, and its time is not counted.
	ByComputer bool
}

// TeamResult is how a cooperative game ended for the whole team.
type TeamResult struct {
	// Difficulty is the game's level, in the game's own words.
	Difficulty string
	Won        bool
	// Height is how high the team built (Menara: floors of the temple).
	Height int
}

// Won reports whether seat i won: the team's result in a cooperative
// game, else first place without resigning.
func (g *Game) Won(i int) bool {
	if g.Team != nil {
		return g.Team.Won
	}
	s := g.Seats[i]
	return s.Rank == 1 && !s.Resigned
}

// computerPrefix starts the Player of a computer's seat.
const computerPrefix = "computer:"

// Computer is the Player of a seat a computer of level played: one
// pseudo-player per level, rated like anybody.
func Computer(level string) string { return computerPrefix + level }

// IsComputer reports whether player is a computer's, and its level.
func IsComputer(player string) (level string, ok bool) {
	return strings.CutPrefix(player, computerPrefix)
}
