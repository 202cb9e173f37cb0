// Package ai holds computer teammates for Menara at four levels: random (a
// yardstick), easy, medium and hard, and the hints the bot gives players.
// It uses only the rules engine's exported API and does no I/O.
//
//	p := ai.New(ai.Hard, seed, ai.Options{})
//	step := p.Step(ctx, &pos)            // the computer's next step
//	step, why := ai.Hint(ctx, &pos, seed) // a suggestion, with a Reason
//
// # Levels
//
// Easy, medium and hard plan with the same machinery and differ in how
// widely they look (see params in player.go):
//
//   - Before the reveal a level weighs every pile, after no exchange and
//     after each exchange worth weighing (hard 6, medium 2, easy none):
//     a pile is worth the average, over the kinds of card it may still hold
//     (each as likely as its cards in it), of the best turn with that card.
//     For each kind the level deals itself a world in which such a card is
//     on top (see Looking ahead below) and plans the whole turn there with
//     a narrow search (hard: two steps at each point, medium and easy one).
//   - After the reveal it plans the rest of the turn: a search over the
//     column (or move) steps, the best few by evaluation at each point
//     (hard 5, medium 3, easy 1), the most stable positions of a new or
//     lifted floor on each level (hard 2, medium and easy 1) and the base
//     extension that shares most edges, and giving up (with or without
//     renewing the camp) at every point. With shaky hands a step's value
//     counts its risk of failing (then the card goes to the level row).
//   - Random plays a uniformly random legal step.
//
// The evaluation (eval.go) judges a position by the team's chance of
// winning, σ(z / (scale + spread·√turns)), where z is the expected final
// margin: the height less the level row, plus the levels the columns still
// to come should add (the next one sooner when the next floor already fits
// on the top level), less the cards expected to go to the level row in the
// turns left (until the first of the bag, the quarry and the plan cards
// runs out; the easiest cards first, at fail rates measured in the hard
// level's games), less the danger of shaky floors, of a next floor that
// fits nowhere (the next floor filled will extend the base), and of a
// player to act who can put no column on any empty base. Where a floor fits
// is answered from the open state (fit.go) and remembered.
//
// # Looking ahead without peeking
//
// A computer never reads the hidden order of the piles, of the quarry
// under its top, or of the bag's future draws. It draws a sample of them
// from its seed and what is open (menara.Position.Unseen), deals them into
// a copy of the position (menara.Position.Redeal) and looks ahead in that
// world. The sample depends on the open state of the turn only, so every
// step of one turn looks at the same world, and a step never depends on the
// real hidden order (TestNoPeeking deals a position differently and checks
// the step is the same).
//
// # Determinism, time and memory
//
// A step is a function of the level, the seed, the options and what is
// open in the position. Within a turn a player remembers the values it has
// computed (keyed by the position of its redealt world), so the later steps
// of a turn cost little, usually a few milliseconds; a remembered value
// counts its own nodes again, so that the node cap cuts a search at the same
// place whether or not it was remembered, and a fresh player gives the same
// step as one that has played the turn so far (TestDeterministic).
//
// A hard step looks at no more than Options.Nodes positions (default
// DefaultNodes, 200,000; a typical step looks at a few thousand) and stops
// at Options.Think of wall-clock time (default DefaultThink, 2 s), which is
// a safety net: only when the clock cuts a search short does a step depend
// on the machine. A player remembers at most a few tens of thousands of
// values (about 1.4 kB each), and forgets them when the next turn starts.
//
// # Hints
//
// Hint suggests the hard level's step to the player to act (HintWith
// with a host's own caps on its thinking), with a Reason:
// a message key and arguments of the engine's types, for translation, plus
// an English String. Explain gives the reason for any step. The keys, their
// arguments and their English wording (arguments in braces; a "renew"
// argument that is true adds ", and renew the camp"):
//
//	hint.exchange          give, take (menara.Columns), pile (menara.Pile)
//	                       Exchange {give} for {take}: with them the {pile} pile's cards can be built
//	hint.reveal.safe       pile
//	                       Reveal {pile}: whatever card it shows, you can build it now
//	hint.reveal.colour     pile, other (menara.Pile), colour (menara.Colour)
//	                       Reveal {pile}: neither your hand nor the camp has {colour} for the {other} pile's cards
//	hint.reveal.risk       pile, other, percent (int)
//	                       Reveal {pile}: {percent}% of the {other} pile's cards could not be built now
//	hint.reveal.finish     pile
//	                       Reveal {pile}: the temple is high enough, and its cards bring the end nearer
//	hint.reveal            pile, percent
//	                       Reveal {pile}: {percent}% of its cards can be built now, the best chance
//	hint.column.fill       colour, base (menara.Base), floor, next (menara.FloorID)
//	                       Put a {colour} column on {base}: it fills floor {floor}, and the new floor {next} can go up
//	hint.column.push       colour, base, floor
//	                       Put a {colour} column on {base}: pushed in under floor {floor}, it carries it too
//	hint.column.support    colour, base, level (int: the column's level)
//	                       Put a {colour} column on {base}: a support for the next floor, on level {level}
//	hint.column.steady     colour, base
//	                       Put a {colour} column on {base}: there it leaves every floor steadiest
//	hint.column            colour, base
//	                       Put a {colour} column on {base}
//	hint.move.support      from, to (menara.Base), level
//	                       Move {from} to {to}: a support for the next floor, on level {level}
//	hint.move.fill         from, to, floor, next
//	                       Move {from} to {to}: it fills floor {floor}, and the new floor {next} can go up
//	hint.move              from, to
//	                       Move {from} to {to}
//	hint.floor.up          floor, level
//	                       Put floor {floor} on level {level}: the temple rises to level {level}
//	hint.floor.steady      floor, level
//	                       Put floor {floor} on level {level}: there it stands steadiest and leaves room to build
//	hint.extend.nowhere    floor
//	                       Put floor {floor} beside the base: no three free columns can carry it (the level row grows by one)
//	hint.extend            floor
//	                       Put floor {floor} beside the base: on columns it would leave the temple too shaky (the level row grows by one)
//	hint.lift.up           floor, level
//	                       Move floor {floor} up to level {level}: the temple rises to level {level}
//	hint.lift              floor, level
//	                       Move floor {floor} to level {level}: there it stands steadier
//	hint.giveup.cannot     renew (bool)
//	                       Give up this card: your columns cannot build it
//	hint.giveup.collapse   renew
//	                       Give up this card: every way to build it brings the temple down
//	hint.giveup.stuck      floor (the next floor), renew
//	                       Give up this card: building it fills a floor, and the next floor {floor} fits nowhere, so the base would grow anyway
//	hint.giveup.better     renew
//	                       Give up this card: building it would leave the temple worse off than one more level to build
//	hint.done              renew
//	                       End your turn: your card goes to the level row
//	                       (renew: End your turn and renew the camp: your card goes to the level row)
//	hint.none              (none)
//	                       The game is over
//
// Plain is a quick hint without looking ahead or a seed (a host that
// offers no computers gives it): its reasons' keys are the Tip constants,
// worded by the host alone. Placements, Liftable and PileLeft list what a
// player chooses among: a floor's places told apart, the floors the
// move-a-floor card may move, the cards left in a pile.
//
// Colours are written by their names ("red"), piles by theirs ("yellow"),
// bases as in records ("K3"), floors by their letters, columns as letters
// ("YYR").
package ai
