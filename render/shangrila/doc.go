// Package shangrila draws positions of The Bridges of Shangri-La as PNG
// images for players who see the game only through the picture the bot
// posts, mostly on phones. It draws with the parts every game shares
// (package render: fonts, shapes, palette, encoding).
//
// The work is split in two. NewLayout computes, from a position and the
// options, what goes where as plain data: village plates, tiles with their
// colour and discipline, bridges standing or broken, stones, strength
// badges, the highlights of the last move and the rows of the player
// panel. The Renderer turns a Layout into pixels and encodes it. Tests
// check the layout as data and the pixels against golden images.
//
// A Renderer builds once what every image shares (fonts and a glyph cache,
// the landscape with its rivers and paths, bridge sprites, icon masks, the
// palette) and is then safe for concurrent use: the bot renders for many
// channels at once.
//
// Every word on the image comes from a Labels value supplied by the caller,
// so that the image can be drawn in any language: the message catalogue is
// the one source of the words (bot/shangrila.Labels fills them), here and
// in tablebot render.
package shangrila
