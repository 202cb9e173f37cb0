// Package render holds what every game's board image is made with; each
// game draws its own image in a package of its own beside this one
// (render/shangrila, say), which uses these parts:
//
//   - Fonts: the embedded Go fonts, a glyph cache, and text drawn and
//     measured in a box (Text), shrunk and then cut short with "…" to fit.
//     CleanName makes any player's name drawable: the letters the fonts
//     lack are left out.
//   - Vector shapes (Pt, Poly, Shape and their constructors) filled with
//     anti-aliasing by a Filler, alpha masks built from them like a
//     stencil (MaskOp), icons drawn in the unit square and scaled, and
//     Sprites: pictures prepared once and composited quickly.
//   - Quantizer: an 8-bit palette built from sample images the game draws
//     (its most frequent colours exactly, the rest by median cut) and a
//     lookup table that converts RGBA pixels to it.
//   - Encoder: paletted PNG at BestSpeed with pooled encoder buffers.
//
// The package knows no game: it imports nothing under rules/ (a test
// checks this), so that a game is a package of its own and not a fork.
// Everything here is safe for concurrent use once built, except a Filler,
// which each drawing goroutine has for itself.
package render
