package timelapse

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"slices"

	"github.com/tablebot/tablebot/render"
)

// Options says how to encode a film; the zero value takes the defaults.
type Options struct {
	// Scale divides the boards' sides: 1 keeps them as drawn, 2 halves
	// them (the default, for 0), which quarters the pixels to compress
	// and the file, while the captions stay large.
	Scale int
	// Delay is how long a frame shows when it does not say, in
	// hundredths of a second (DefaultDelay for 0).
	Delay int
	// CaptionSize is the pixel height of the caption's letters in the
	// film (DefaultCaptionSize for 0); the band above the board is three
	// times as high, for two lines.
	CaptionSize int
	// Fonts draws the captions; nil loads the embedded fonts.
	Fonts *render.Fonts
	// Pace, when set, is called before each frame is drawn (by the
	// film's Frames) and encoded: a program that makes the film beside
	// more urgent work waits in it until the film may go on, so that the
	// film takes only what that work leaves. Its error stops the film.
	Pace func(context.Context) error
}

// The defaults of Options. A 600-pixel-wide film shows some 400 pixels
// wide on a phone: letters 26 pixels high there are 17, the size of
// Discord's own text.
const (
	DefaultScale       = 2
	DefaultDelay       = 60
	DefaultCaptionSize = 26
)

// Stats says what Encode wrote.
type Stats struct {
	// Frames is the number of frames, Size the film's size in pixels and
	// Bytes the length of the file.
	Frames int
	Size   image.Point
	Bytes  int64
}

// ErrNoFrames is returned for a film without a frame.
var ErrNoFrames = errors.New("timelapse: the film has no frames")

// Encode writes the film to w as an animated GIF that loops for ever. It
// fails, having written part of the file, when ctx is done, when a frame
// fails, when the boards change size, or when w does; a film without
// frames writes nothing.
func Encode(ctx context.Context, w io.Writer, film Film, o Options) (Stats, error) {
	o = o.withDefaults()
	if o.Fonts == nil {
		fonts, err := render.NewFonts()
		if err != nil {
			return Stats{}, err
		}
		o.Fonts = fonts
	}
	cw := &countingWriter{w: w}
	if err := o.pace(ctx); err != nil {
		return Stats{}, err
	}
	var e *encoder
	for f, err := range film.Frames {
		if err == nil {
			err = ctx.Err()
		}
		if err != nil {
			return Stats{}, err
		}
		if f.Board == nil {
			return Stats{}, errors.New("timelapse: a frame without a board")
		}
		if e == nil {
			if e, err = newEncoder(cw, film, o, f.Board.Rect); err != nil {
				return Stats{}, err
			}
		}
		if err := e.add(f); err != nil {
			return Stats{}, err
		}
		if err := o.pace(ctx); err != nil {
			return Stats{}, err
		}
	}
	if e == nil {
		return Stats{}, ErrNoFrames
	}
	if err := e.gif.close(); err != nil {
		return Stats{}, err
	}
	return Stats{Frames: e.frames, Size: e.canvas.Rect.Size(), Bytes: cw.n}, nil
}

// pace waits until the next frame may be drawn (Options.Pace).
func (o Options) pace(ctx context.Context) error {
	if o.Pace == nil {
		return ctx.Err()
	}
	return o.Pace(ctx)
}

func (o Options) withDefaults() Options {
	if o.Scale <= 0 {
		o.Scale = DefaultScale
	}
	if o.Delay <= 0 {
		o.Delay = DefaultDelay
	}
	if o.CaptionSize <= 0 {
		o.CaptionSize = DefaultCaptionSize
	}
	return o
}

// changeRows is the height, in the film's rows, of the bands in which a
// board's changes are looked for (see boardChanges).
const changeRows = 16

// encoder turns frames into GIF frames.
type encoder struct {
	gif  *gifWriter
	film Film
	o    Options
	// bounds are the boards' bounds; prev holds the last board's pixels
	// (Stride bounds.Dx()), prevOK once there is one.
	bounds image.Rectangle
	prev   []byte
	prevOK bool
	// canvas is the film's picture now: the band above, the shrunk board
	// below, from row band; shown is what the viewer sees, the frames so
	// far one over the other.
	canvas *image.Paletted
	shown  []byte
	band   int
	shrink shrinker
	// caption is where the band is drawn in full colour.
	caption *image.RGBA
	// clear is the palette index given up for transparency, and its
	// pixels are drawn as near, the nearest other colour.
	clear, near uint8
	pix         []byte // the frame being written
	frames      int
}

// newEncoder starts the film of boards of the given bounds: shrunk by
// o.Scale (a last row or column short of it left out), under the band.
func newEncoder(w io.Writer, film Film, o Options, bounds image.Rectangle) (*encoder, error) {
	pal := film.Quantizer.Palette()
	band := 3 * o.CaptionSize
	size := image.Pt(bounds.Dx()/o.Scale, band+bounds.Dy()/o.Scale)
	if size.X < 1 || size.Y <= band || size.X > maxSide || size.Y > maxSide {
		return nil, fmt.Errorf("timelapse: boards of %v make a film of %v, outside what a GIF holds", bounds.Size(), size)
	}
	e := &encoder{
		gif:     newGIFWriter(w),
		film:    film,
		o:       o,
		bounds:  bounds,
		prev:    make([]byte, bounds.Dx()*bounds.Dy()),
		canvas:  image.NewPaletted(image.Rectangle{Max: size}, pal),
		shown:   make([]byte, size.X*size.Y),
		band:    band,
		shrink:  newShrinker(pal, o.Scale, image.Rect(0, band, size.X, size.Y)),
		caption: image.NewRGBA(image.Rect(0, 0, size.X, band)),
	}
	e.clear, e.near = closestPair(pal)
	e.gif.header(size, pal)
	return e, nil
}

// maxSide is the longest side of a GIF, in pixels.
const maxSide = 1<<16 - 1

// add draws frame f onto the canvas and writes what changed.
func (e *encoder) add(f Frame) error {
	if !f.Board.Rect.Eq(e.bounds) {
		return fmt.Errorf("timelapse: frame %d is not a board of %v", e.frames+1, e.bounds)
	}
	changed := []image.Rectangle{e.bounds}
	if e.prevOK {
		changed = boardChanges(f.Board, e.prev, changeRows*e.o.Scale)
	}
	for _, r := range changed {
		out := e.shrink.draw(e.canvas, f.Board, r, e.film.Quantizer)
		e.spare(out)
		keep(e.prev, f.Board, r)
	}
	e.prevOK = true
	e.drawBand(f)
	delay := f.Delay
	if delay <= 0 {
		delay = e.o.Delay
	}
	e.writeFrame(delay)
	e.frames++
	return e.gif.err
}

// spare redraws the pixels of r in the colour given up for transparency
// in its nearest other colour.
func (e *encoder) spare(r image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := e.canvas.Pix[e.canvas.PixOffset(r.Min.X, y):e.canvas.PixOffset(r.Max.X, y)]
		for i, c := range row {
			if c == e.clear {
				row[i] = e.near
			}
		}
	}
}

// drawBand paints the band: the step at the left, the caption beside it.
func (e *encoder) drawBand(f Frame) {
	c := e.caption
	size := e.o.CaptionSize
	render.FillRect(c, c.Rect, e.film.Band)
	margin := size / 2
	x := margin
	if f.Step != "" {
		w := e.o.Fonts.Width(f.Step, true, size)
		e.o.Fonts.Draw(c, render.Text{S: f.Step, Rect: image.Rect(x, 0, x+w, c.Rect.Dy()), Size: size, Bold: true, Colour: e.film.Dim.Colour()})
		x += w + margin
	}
	e.o.Fonts.Draw(c, render.Text{S: f.Caption, Rect: image.Rect(x, margin/2, c.Rect.Dx()-margin, c.Rect.Dy()-margin/2),
		Size: size, MinSize: size * 2 / 3, Colour: e.film.Ink.Colour(), Lines: 2})
	e.film.Quantizer.Convert(e.canvas, c, c.Rect)
	e.spare(c.Rect)
}

// writeFrame writes the part of the canvas that differs from what is
// shown, its unchanged pixels transparent, and shows it.
func (e *encoder) writeFrame(delay int) {
	stride := e.canvas.Stride
	r := e.canvas.Rect
	transparent := -1
	if e.frames > 0 {
		r = canvasChange(e.canvas.Pix, e.shown, stride, r)
		transparent = int(e.clear)
		if r.Empty() {
			r = image.Rect(0, 0, 1, 1)
		}
	}
	n := r.Dx()
	e.pix = slices.Grow(e.pix[:0], n*r.Dy())[:n*r.Dy()]
	for y := r.Min.Y; y < r.Max.Y; y++ {
		cur := e.canvas.Pix[y*stride+r.Min.X : y*stride+r.Max.X]
		old := e.shown[y*stride+r.Min.X : y*stride+r.Max.X]
		out := e.pix[(y-r.Min.Y)*n:][:n]
		switch {
		case transparent < 0:
			copy(out, cur)
		case bytes.Equal(cur, old):
			for i := range out {
				out[i] = e.clear
			}
		default:
			for i, c := range cur {
				if c == old[i] {
					c = e.clear
				}
				out[i] = c
			}
		}
		copy(old, cur)
	}
	e.gif.frame(r, e.pix, delay, transparent)
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
