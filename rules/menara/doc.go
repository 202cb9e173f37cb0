// Package menara is the rules engine of Menara (Oliver Richtberg, Zoch
// 2018) for 1 to 4 players: a cooperative game of building a temple of
// floors on coloured columns, made exact for a chat as the design
// (menara-design.md) says: the temple on a hex lattice and statics in
// place of the players' hands.
//
// A game is its Options, a seed and its Steps. NewPosition sets it up and
// every later random draw (refills, a renewed camp, a shaky roll) comes
// from the same seeded stream, which the Position carries, at a fixed
// point of the game; Game and Replay replay a game exactly. Position is a
// flat value; Apply returns the next position with Effects, what the step
// did as data; Check explains in words meant for players why a step is
// illegal (a *rules.Error with a code, a message key and its arguments);
// LegalSteps lists every legal step, RandomStep picks one uniformly,
// Placements ranks a floor's positions by stability, and Preview shows what
// a step would do without committing it.
//
// The components are data of our own design, following the published
// counts: the 18 floors in floors.txt, the 35 plan cards in deck.go, the
// columns per player in table.go, the statics' constants in model.go.
//
// # The turn
//
// A turn is: at most one exchange with the camp (any number of columns, no
// colour both given and taken), the reveal of a card from a pile, then
// building as the card says, or giving it up. The turn ends by itself when
// the card is fulfilled: the hand is refilled for the columns placed from
// it and the next player acts. Whenever a column fills the last empty base
// of a floor, the top floor of the quarry must be placed first (on at
// least three free columns of one level, or beside the base as an
// extension, side up as the card's rim says), as often as it happens in a
// turn. A card whose turn put a floor beside the base goes to the level
// row; so does a card given up, a card whose step failed with shaky
// hands, and a move-a-floor card whose floor would fall. Only when the
// card goes to the level row although it was played out (an extension, or
// a failure) does the turn wait for a Done step,
// because the player may then renew the camp (done renew), as giving up
// may (give up renew).
//
// # Rulings
//
// Where the printed rules and the design are silent, the engine rules so:
//   - A card goes to the level row at most once: several extensions in one
//     turn, or an extension and giving up, add one level.
//   - Renewing the camp draws six new columns, then returns the old six to
//     the bag; it needs six in the bag; it comes before the refill.
//   - The end conditions are checked at the end of a turn in the design's
//     order (a player cannot refill to full, the last card used, the last
//     floor placed); a collapse ends the game at once and is always lost.
//   - A column moved by a move card goes to a base of a strictly higher
//     level than the one it left, and moves once a turn; it may carry a
//     floor when it leaves (the floor loses that support). Moved columns
//     are not refilled.
//   - A one-floor or fill card builds on the floor its first column
//     chooses; a fill card is done when that floor is full and the new
//     floor it brought is placed.
//   - The move-a-floor card moves a floor on columns (level ≥ 1, never a
//     floor of the base) on which nothing rests and none of whose columns
//     carries anything, to free columns of another level; it keeps its
//     side, its old supports become free, and none of its columns may end
//     under a floor of the level above it. A lift under which the moved
//     floor alone would fall (with its columns) is not made: as the printed
//     rule says, the card is not fulfilled; it goes to the level row and
//     the turn waits for Done (Effects.LiftFell). A lift that would bring
//     down another floor collapses the temple.
//   - A column placed on a base under a floor of the next level is pushed
//     in and carries that floor.
//   - The table is round: every cell lies within TableRadius of the centre.
//   - The base's three floors: the first turned at random, the second and
//     third at one of the positions sharing the most edges (at least 2)
//     with those already laid, drawn at random among them.
//   - With shaky hands, a step that lowers some floor's margin into the
//     amber band [δ(L), δ_safe) (or places a floor there) fails with
//     probability (δ_safe − m)/(δ_safe − δ(L)) for the floor deepest in it,
//     drawn from the stream at that moment. A failed step changes nothing
//     but sends the card to the level row.
//   - A floor or lift step without a position goes where the temple is most
//     stable among the positions over exactly the named columns (see
//     Placements).
//
// # Statics
//
// From the top level down, each floor on columns carries its own weight at
// the mean of its cell centres and, at each column standing on it, the
// column's weight and the load the column takes from the floor above. Its
// margin is the signed distance from the load's centre to the edge of the
// convex hull of its supports (none with fewer than three, or all in a
// line); it holds while the margin is at least δ(L) = δ₀ + δ₁·L. A floor
// that holds shares its load among its supports by the rigid-plate rule
// with lift-off (the most negative reaction lifts off first, the first in
// name order on a tie; two left: the lever rule clamped to their segment;
// supports in a line: the same rule along the line); a floor that does not
// hold passes nothing down and the temple collapses: it falls, with every
// column standing on it and everything resting on those, upward.
//
// Every verdict is exact: positions are cell centres on an integer
// lattice, masses whole milligrams, margins whole micrometres rounded
// down, computed with 128-bit integer arithmetic; reactions are rounded to
// whole milligrams that add up to the load (the spare milligrams to the
// largest remainders). The same temple gives the same verdict on every
// machine.
package menara
