package timelapse

import (
	"image"
	"iter"

	"github.com/tablebot/tablebot/render"
)

// Film is a game's timelapse as the game supplies it.
type Film struct {
	// Quantizer is the palette of the boards, and maps the shrunk pixels
	// and the letters of the captions to it.
	Quantizer *render.Quantizer
	// Frames yields the frames in order. A frame, its board included, need
	// only stay valid until the yield returns: the game may draw the next
	// board into the same buffer. An error stops the film.
	Frames iter.Seq2[Frame, error]
	// Band, Ink and Dim are the caption band's colours: its background,
	// the caption's letters and the step's.
	Band, Ink, Dim render.Hex
}

// Frame is one picture of the film.
type Frame struct {
	// Board is the game's image in the film's palette, at full size;
	// every frame of a film has the same bounds.
	Board *image.Paletted
	// Step says where in the game the frame is, at the left of the band:
	// "87/140".
	Step string
	// Caption is the move that led to the board, in the players'
	// language, on up to two lines.
	Caption string
	// Delay is how long the frame shows, in hundredths of a second; 0
	// takes Options.Delay.
	Delay int
}
