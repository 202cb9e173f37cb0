// Package timelapse makes one animated GIF of a whole game, a frame per
// move, that Discord plays inline.
//
// It knows no game: a game supplies a Film, its boards one after the other
// in the palette its renderer already quantises to (render.Quantizer),
// each with the words of the move that led to it. The package shrinks the
// boards (Options.Scale), writes each frame's words in large letters in a
// band above the board, so that they read on a phone where Discord shows
// the image some 400 pixels wide, and encodes the result:
//
//   - in the boards' own palette, so that no colour is searched for but
//     those of the shrunk pixels and of the letters, through the
//     quantiser's lookup table;
//   - each frame as only the rectangle that changed since the frame
//     before, left in place for the next (GIF disposal "none"), the
//     pixels in it that did not change made transparent, which the LZW
//     coder turns into long runs of one code: a move changes a village or
//     two and the panel, and costs a few kilobytes;
//   - as a stream: a frame is compressed and written as soon as it is
//     drawn, so that memory holds two boards and one frame whatever the
//     length of the game;
//   - at the pace of its caller: Options.Pace, asked before each frame is
//     drawn, lets a program that makes the film beside more urgent work
//     hold it between two frames.
package timelapse
