package shangrila

import (
	"fmt"
	"image"

	"github.com/tablebot/tablebot/render/timelapse"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// How long a timelapse shows its frames, in hundredths of a second: the
// setup's placements go by quickly, a move stays long enough to read its
// caption, and the final board stays a while before the film loops.
const (
	SetupDelay = 25
	MoveDelay  = 60
	FinalDelay = 400
)

// Timelapse returns the film of a game (see render/timelapse): the board
// at start, captioned with its headline, then the board after each of
// the moves, the move highlighted and spelt out as the panel's last move
// is, in opts' labels and names (opts.Last is not looked at). The frames
// are drawn as the film is encoded, into the renderer's buffers; the
// legend, the same in every frame, is left out. The moves must be legal
// from start: the first that is not stops the film with its error.
func (r *Renderer) Timelapse(start *shangrila.Position, moves []shangrila.Move, opts Options) timelapse.Film {
	return timelapse.Film{
		Quantizer: r.quant,
		Band:      colPanel,
		Ink:       colText,
		Dim:       colAccent,
		Frames: func(yield func(timelapse.Frame, error) bool) {
			p := *start
			opts.Last = nil
			for i := 0; i <= len(moves); i++ {
				delay := MoveDelay
				if i > 0 {
					m := moves[i-1]
					next, eff, err := p.Apply(m)
					if err != nil {
						yield(timelapse.Frame{}, fmt.Errorf("move %d: %w", i, err))
						return
					}
					p, opts.Last = next, &eff
					if m.Kind == shangrila.Setup {
						delay = SetupDelay
					}
				}
				if i == len(moves) {
					delay = FinalDelay
				}
				if !r.yieldFrame(yield, &p, opts, fmt.Sprintf("%d/%d", i, len(moves)), delay) {
					return
				}
			}
		},
	}
}

// yieldFrame draws position p and gives it to yield, with its caption:
// the last move's words, or the headline when there is no last move.
func (r *Renderer) yieldFrame(yield func(timelapse.Frame, error) bool, p *shangrila.Position, opts Options, step string, delay int) bool {
	l := NewLayout(p, opts)
	caption := l.Panel.LastMove.S
	if opts.Last == nil {
		caption = l.Panel.Status.S
	}
	w := r.paint(&l)
	defer r.putWork(w)
	board := w.out.SubImage(filmRect(&l)).(*image.Paletted)
	return yield(timelapse.Frame{Board: board, Step: step, Caption: caption, Delay: delay}, nil)
}

// filmRect is the part of the image a timelapse shows: all of it above
// the legend.
func filmRect(l *Layout) image.Rectangle {
	bottom := l.Size.Y
	for _, it := range l.Panel.Legend {
		for _, r := range []image.Rectangle{it.Icon, it.Text.Rect} {
			if !r.Empty() {
				bottom = min(bottom, r.Min.Y-legendGap)
			}
		}
	}
	return image.Rect(0, 0, l.Size.X, bottom)
}

// legendGap is how far above the legend a timelapse's board ends.
const legendGap = 8
