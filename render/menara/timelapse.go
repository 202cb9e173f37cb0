package menara

import (
	"fmt"

	"github.com/tablebot/tablebot/render/timelapse"
	"github.com/tablebot/tablebot/rules/menara"
)

// How long a timelapse shows its frames, in hundredths of a second: the
// start long enough to see the empty base, a turn long enough to read its
// caption, and the final temple a while before the film loops.
const (
	StartDelay = 150
	TurnDelay  = 250
	FinalDelay = 500
)

// Timelapse returns the film of a game (see render/timelapse): the
// temple at start, captioned with its headline, then the temple after
// each turn, a frame a turn: what the turn did highlighted (the columns
// it placed or moved, the floors it placed or moved, the margins it
// changed) and spelt out in the caption by opts.Labels.Turn, in opts'
// labels and names; the header's last step is left out (the caption says
// the whole turn). A turn ends with the step that ends it (a give up, a
// done, the step that fulfils the card) or ends the game; steps after
// the last turn that ended (a game not over) make a frame of their own.
// The film has one frame more than the turns (Turns).
//
// Every frame has the height of the tallest temple of the game, the rest
// left blank. The steps are replayed and every frame laid out once
// before the first is drawn; the frames are drawn as the film is
// encoded, into the renderer's buffers. The steps must be legal from
// start: the first that is not stops the film with its error before any
// frame.
func (r *Renderer) Timelapse(start *menara.Position, steps []menara.Step, opts Options) timelapse.Film {
	lb := Labels{}
	if opts.Labels != nil {
		lb = *opts.Labels
	}
	lb.LastStep = nil
	opts.Labels = &lb
	return timelapse.Film{
		Quantizer: r.quant,
		Band:      colHeader,
		Ink:       colHeaderText,
		Dim:       colAccent,
		Frames: func(yield func(timelapse.Frame, error) bool) {
			names := displayNames(&View{Players: start.Players()}, opts.Names)
			turns, err := turnsOf(start, steps, &lb, names)
			if err != nil {
				yield(timelapse.Frame{}, err)
				return
			}
			first := filmTurn{view: ViewOf(start, nil)}
			turns = append([]filmTurn{first}, turns...)
			height := 0
			for i := range turns {
				l := NewLayout(&turns[i].view, opts)
				height = max(height, l.Size.Y)
			}
			for i := range turns {
				if !r.yieldTurn(yield, &turns[i], opts, i, len(turns)-1, height) {
					return
				}
			}
		},
	}
}

// Turns returns how many turns the steps from start make, as Timelapse
// cuts them: its film has a frame more. The first illegal step fails.
func Turns(start *menara.Position, steps []menara.Step) (int, error) {
	turns, err := turnsOf(start, steps, &Labels{}, nil)
	return len(turns), err
}

// yieldTurn draws turn i of n (0 the start) at the film's height and
// gives it to yield.
func (r *Renderer) yieldTurn(yield func(timelapse.Frame, error) bool, t *filmTurn, opts Options, i, n, height int) bool {
	l := NewLayout(&t.view, opts)
	caption, delay := call1(opts.Labels.Turn, t.words), TurnDelay
	if i == 0 {
		caption, delay = l.Header.Status.S, StartDelay
	}
	if i == n {
		delay = FinalDelay
	}
	l.Size.Y = height
	board, w := r.image(&l)
	defer r.putWork(w)
	return yield(timelapse.Frame{Board: board, Step: fmt.Sprintf("%d/%d", i, n), Caption: caption, Delay: delay}, nil)
}
