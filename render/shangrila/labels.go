package shangrila

import (
	"github.com/tablebot/tablebot/rules/shangrila"
)

// Labels holds every word drawn on the image, so that the caller can draw
// it in the players' language. Strings with numbers or names in them are
// functions, which leaves plural forms and word order to the language. The
// words come from the message catalogue (bot/shangrila.Labels fills every
// field in each language); a zero field draws nothing (a nil function
// counts as zero).
//
// The layout copes with long words: each text has a box and shrinks, then
// is cut short with "…", to fit it.
type Labels struct {
	// Colours names each colour, indexed by shangrila.Colour ("Red"). It is
	// the name of a player who has no name of their own in the options.
	Colours [shangrila.Violet + 1]string
	// Disciplines names each discipline, indexed by shangrila.Discipline
	// ("Yeti-Whisperer"), in the legend and in the last move's line.
	Disciplines [shangrila.NumDisciplines]string

	// Strength is a village's strength badge: its tiles of every player,
	// then its masters ("8/5").
	Strength func(tiles, masters int) string
	// OutOfPlay is written on village C, unused in a 3-player game.
	OutOfPlay string

	// ToMove is the panel's headline during play ("Anna to move").
	ToMove func(player string) string
	// SetupToMove is the headline during the setup phase, while players
	// place their seven starting masters ("Anna places a starting master").
	SetupToMove func(player string) string
	// Winners is the headline once the game is over: the winner, or the
	// players who share the win, in seat order.
	Winners func(players []string) string
	// Bridges counts the bridges still standing ("17 bridges").
	Bridges func(n int) string
	// ToGo says how close the end is: the game ends when one bridge is
	// left, and every journey breaks one, so n journeys are to go ("the
	// game ends when one bridge is left: 16 to go").
	ToGo func(n int) string
	// LastMove spells out the move that led to the position, when the
	// options give it ("Last move: Anna sent the students of E to A").
	LastMove func(m MoveWords) string

	// Masters, Villages and Supply head the panel's columns: masters on the
	// board, villages where the player has a master, and tiles of each
	// discipline not yet on the board.
	Masters, Villages, Supply string
	// Resigned is a resigned player's name in the table ("Anna
	// (resigned)").
	Resigned func(player string) string
	// Rank is a place in the final ranking ("1st").
	Rank func(rank int) string

	// The legend explains the strength badge ("tiles/masters"), a student
	// on its master ("master with student"), the stone ("Stone of the Wise
	// Men"), a broken bridge ("broken bridge"), the ring of the last move
	// ("last move") and a tile the last move sent back to its owner's
	// supply ("back to supply").
	LegendStrength, LegendStudent, LegendStone, LegendBroken, LegendLast, LegendHome string
}

// MoveWords is the last move in words already put in the image's language,
// for Labels.LastMove. Fields that do not apply to the move's kind are
// empty.
type MoveWords struct {
	Kind shangrila.Kind
	// Player is the mover's display name.
	Player string
	// Village and Discipline say where a Setup or Place put its master.
	Village, Discipline string
	// Sites says where a Recruit put its students.
	Sites []SiteWords
	// From and To are a Journey's villages; the counts say what became of
	// its students (promoted to master, joined a master of their colour,
	// sent home) and how many masters they drove out.
	From, To                              string
	Promoted, Joined, SentHome, DrivenOut int
	// Stones lists the villages that received a Stone of the Wise Men.
	Stones []string
}

// SiteWords is one space of one village, in words.
type SiteWords struct {
	Village, Discipline string
}
