// Package stats computes players' and teams' statistics from finished
// games: games played and won, win rates per game and per number of
// players, the time players take to move, and for cooperative games
// (Menara) the team's results by difficulty, its best height and its
// streaks.
//
// Tallies (tally.go) are the same statistics kept game by game, so that
// showing them reads no game: AddGame adds a finished game to the tallies
// Keys names (its players' and the totals, of its server and everywhere,
// all time and its month), with the ratings of a rated game (package
// rating); the store calls it in the transaction that ends a game. The
// times to move of a tally are of its subject's last RecentMoves moves.
//
// It is pure: the caller reads the games from wherever they are kept,
// puts them in this package's plain types, and chooses which games to
// count (a server's, a player's, a period's). A cancelled game counts for
// nobody; a resigned player has lost; a seat a computer took over is
// counted, and its computer's moves are not the player's.
package stats
