// Package menara is Menara (Oliver Richtberg, Zoch 2018) as the host runs
// it: a cooperative game of 1 to 4 players who build a temple of floors
// on coloured columns together (bot.Game).
//
// A turn is several steps, each one move of the host and one line of the
// record ("ana column R on K2"): an exchange with the camp, the reveal of a
// plan card, then building as the card says, a new floor whenever a
// column fills the last empty base of a floor, or giving the card up.
// Each step gets its public post with the temple's image; whoever acts
// next is pinged.
//
// Players act through the buttons under each board, which open private
// chains of menus listing only legal choices, or through slash commands
// with autocomplete, or typed in a terminal: all derived by the host from
// the steps declared once as forms (forms.go; each step made in
// commands.go; the exchange's menus of several columns at once in
// exchange.go; the buttons by the stage of the turn in board.go). A new
// floor is previewed privately before it is placed, and a step that would
// bring the temple down asks once more (Confirm, menus.go). Floors are named in menus and
// custom ids by short placement codes (placement.go). Undo stops at
// what was seen (a card, the next floor of the quarry, columns drawn, a
// shaky roll): see UndoFrom.
//
// The words are in the catalogue under locales/<lang>/ (English, Spanish,
// Italian), Source; the image's words are Labels. Computer teammates and
// the hard level's hints come from rules/menara/ai, which the game imports
// as Shangri-La imports its own (Options.Computers caps their thinking);
// with Options.NoComputers, Hint suggests steps from the engine's statics
// (ai.Plain).
package menara
