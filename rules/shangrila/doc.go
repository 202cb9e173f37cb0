// Package shangrila is the rules engine of The Bridges of Shangri-La
// (Leo Colovini), for 3 and 4 players.
//
// A game is a Position reached from a starting position by a list of Moves.
// Position is a small plain value (copying it copies the whole game state);
// Apply returns the next position together with Effects, a description as
// data of what the move did. LegalMoves lists every legal move and Check
// explains, in words meant for players, why a move is illegal.
//
// The engine does no I/O. Game records and the JSON form of a position live
// in the notation package beside this one.
//
// Rulings where the printed rule texts disagree (see the board notes shipped
// with the rules) are followed exactly:
//   - the game ends at once when a journey leaves exactly one unbroken bridge;
//   - equal strength: more masters is stronger, then the destination is;
//   - a village gets a Stone of the Wise Men the moment its last bridge breaks,
//     and nothing more happens there;
//   - a player with no legal action passes; when no player has one, the game
//     ends and is scored;
//   - the ranking is by masters on the board, then by villages with a master
//     of the player, then the win is shared.
package shangrila
