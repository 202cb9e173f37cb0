// Package notation reads and writes Menara as text: steps ("ana column R
// on K2"), whole game records, the state as JSON and a readable summary,
// and plays random games for selfplay. It stands beside the rules engine
// and uses only its exported API.
//
// # Game records
//
//	game menara
//	players ana bob            # seat order, one word each
//	difficulty medium          # easy, medium or hard
//	hands steady               # optional: steady (default) or shaky 1.5mm
//	                           # (shaky alone: the first, 5 mm band)
//	seed 42
//	side light                 # optional: the base's side, light (default) or dark
//	ana exchange YY for RB     # give YY to the camp, take RB
//	ana reveal yellow          # from the blue, yellow or red pile
//	ana column R on K2         # a column from the hand on base K2
//	ana move K2 to M3          # a column of the temple, up
//	ana floor M on K2 K4 L1 at 3,-1 turn 2 dark
//	ana extend N at 5,-3 turn 1
//	ana lift M to F1 G2 G4 at 0,2 turn 0
//	ana give up renew          # renew: draw a new camp
//	ana done                   # ends a turn whose card goes to the level row
//
// The game line, if present, comes first; the other header lines come in
// any order before the first step, each once; players, difficulty and seed
// are required. '#' starts a comment; blank lines are ignored; keywords,
// colours, piles, floors and bases are read in any case.
//
// Colours are written by one-letter codes: Y yellow, R red, K black,
// W white, B blue (K and B as on printers' plates, so that no two colours
// share a letter); a column step may also name the colour in full. Floors
// are letters A to R; a base (and the column on it) is its floor's letter
// and its number on the side that is up: K3.
//
// A floor or lift step names every free column the floor will rest on,
// its turn (0-5, steps of 60° from +x toward +y) and optionally "at q,r",
// the world cell of its reference cell. Without "at" the floor goes where
// the temple is most stable among the places over exactly those columns.
// A floor or extend step may end with the side, light or dark; without it
// the new floor takes the side the card's rim demands, light when the rim
// leaves the choice free. A lift keeps the floor's side. An extend step
// needs "at". Records written by this package always carry "at" and the
// side, so they replay the same whatever the model's constants.
//
// No step says "done" after a card is fulfilled: the turn then ends by
// itself and the hand is refilled. Only a turn whose card goes to the
// level row although it was played out (a base extension was made, or a
// step failed with shaky hands) waits for "done" or "done renew", because
// the player may then renew the camp.
package notation
