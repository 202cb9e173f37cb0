// Package takeaway is a game written for the host's tests and as the
// example of docs/adding-a-game.md: a pile of stones, and players who take
// 1 to 3 of them in turn. In a race whoever takes the last stone wins; in
// a team game (cooperative) any player may take at any time and the team
// wins when the pile is empty within its number of moves.
//
// It is a whole game as the host sees one (bot.Game): a record of header
// lines and moves, its rules as a bot.Engine (the host's bot.Replay is its
// state), its one move as a bot.Form (the host derives the slash command,
// autocomplete, the Take button's menu, the terminal's "take N" and the
// list of moves from it), computer players, hints and a resign move, a
// small board image (Draw), and its words in English and Italian.
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
