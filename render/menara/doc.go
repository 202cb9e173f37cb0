// Package menara draws Menara's temple as PNG images for players who see
// the game only through the picture the bot posts, mostly on phones: the
// temple in 2.5D (floors as slabs by level, columns as cylinders between
// them, every empty base and every column a player can act on named, each
// floor's stability badge, what the last step did highlighted), small
// plans by level for what the 3D view hides, and a side panel with the
// level row, the piles, the quarry, the camp, the players' columns and the
// card in play. A preview draws a proposed step the same way, marked as
// proposed, with the margins it would give. It draws with the parts every
// game shares (package render: fonts, shapes, palette, encoding).
//
// The work is split in three. A View is what the image shows, as plain
// data, built from an engine position and the last step's effects
// (ViewOf), from a proposed step (PreviewOf) or from the JSON state
// (ViewFromJSON). NewLayout computes from a view what goes where, as plain
// data that tests check without looking at pixels. The Renderer turns a
// layout into pixels and encodes it.
//
// Timelapse films a whole game for render/timelapse, a frame per turn,
// each captioned with the turn (Labels.Turn) and what it did highlighted.
//
// A Renderer builds once what every image shares (fonts and a glyph cache,
// the palette) and is then safe for concurrent use: the bot renders for
// many channels at once.
//
// Every word on the image comes from the Labels the caller gives (the bot
// fills them from its catalogue, bot/menara.Labels); the package writes no
// word of any language itself. Floor letters and base names ("K3") are the
// game's notation.
package menara
