// Package takeaway is a game written for the host's tests and as the
// example of docs/adding-a-game.md: a pile of stones, and players who take
// 1 to 3 of them in turn. In a race whoever takes the last stone wins; in
// a team game (cooperative) any player may take at any time and the team
// wins when the pile is empty within its number of moves.
//
// It is a whole game as the host sees one (bot.Game): a record of header
// lines and moves, a state replayed from it, moves by slash command and by
// menu, choices for autocomplete, computer players, hints and a resign
// move, and its words in its own catalogue (English only: the tests need
// no more).
//
// A record:
//
//	game takeaway
//	players p1 p2
//	stones 21
//	mode race
//	p1 take 3
//	p2 resign
package takeaway
