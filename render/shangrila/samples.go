package shangrila

import (
	"fmt"
	"image"
	"math/rand/v2"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// The images are 8-bit paletted PNGs (see render.Quantizer). The palette is
// built once, in New, from sample images drawn by the renderer itself, so
// that it holds the theme's flat colours exactly and the blends of the
// edges closely.

// buildQuantizer draws the sample positions in full colour and builds the
// palette from them.
func (r *Renderer) buildQuantizer() (*render.Quantizer, error) {
	samples, err := samplePositions()
	if err != nil {
		return nil, err
	}
	imgs := make([]*image.RGBA, len(samples))
	for i, s := range samples {
		imgs[i] = r.Draw(NewLayout(&s.pos, s.opts))
	}
	return render.NewQuantizer(imgs...)
}

// sample is a position drawn to learn the palette.
type sample struct {
	pos  shangrila.Position
	opts Options
}

// samplePositions returns positions that between them show every kind of
// thing the renderer draws: a 4-player game in full swing with a journey
// just made, and a finished 3-player game.
func samplePositions() ([]sample, error) {
	names := map[shangrila.Colour]string{shangrila.Red: "Ana María", shangrila.Blue: "Niccolò", shangrila.Yellow: "Zoë", shangrila.Violet: "Björn"}
	var out []sample
	for _, spec := range []struct {
		players int
		seed    uint64
		stop    func(int, *shangrila.Effects) bool
	}{{4, 7, journeyAfter(60)}, {3, 3, after(1000)}} {
		pos, last, err := randomGame(spec.players, shangrila.StartSetup, spec.seed, spec.stop)
		if err != nil {
			return nil, fmt.Errorf("render: sample game: %w", err)
		}
		lb := sampleLabels()
		out = append(out, sample{pos: pos, opts: Options{Last: last, Names: names, Labels: &lb}})
	}
	return out, nil
}

// randomGame plays random moves from a fixed seed until stop, given the
// number of moves made and the last one's effects, says so or the game
// ends. It returns the position and the last move's effects (nil when no
// move was made).
func randomGame(players int, start shangrila.Start, seed uint64, stop func(n int, last *shangrila.Effects) bool) (shangrila.Position, *shangrila.Effects, error) {
	pos, err := shangrila.NewPosition(shangrila.Colours[:players], start)
	if err != nil {
		return pos, nil, err
	}
	rng := rand.New(rand.NewPCG(seed, seed))
	var last *shangrila.Effects
	for n := 0; !stop(n, last) && pos.Phase() != shangrila.Over; n++ {
		next, e, err := pos.Apply(pos.RandomMove(rng))
		if err != nil {
			return pos, nil, err
		}
		pos, last = next, &e
	}
	return pos, last, nil
}

// after returns a stop condition for randomGame: after n moves.
func after(n int) func(int, *shangrila.Effects) bool {
	return func(m int, _ *shangrila.Effects) bool { return m >= n }
}

// journeyAfter returns a stop condition for randomGame: the first journey
// after n moves.
func journeyAfter(n int) func(int, *shangrila.Effects) bool {
	return func(m int, e *shangrila.Effects) bool {
		return m >= n && e != nil && e.Move.Kind == shangrila.Journey
	}
}

// sampleLabels are words for the sample images: any letters and digits,
// so that the palette learns the edges of text on the panel's and the
// badges' colours. The words drawn on real images come from the caller.
func sampleLabels() Labels {
	const words = "Abc defg hij klmn opq rstu vwxyz 0123456789"
	text := func(string) string { return words }
	number := func(n int) string { return fmt.Sprint(n) + " " + words }
	lb := Labels{
		Strength:    func(t, m int) string { return fmt.Sprintf("%d/%d", t, m) },
		OutOfPlay:   words,
		ToMove:      text,
		SetupToMove: text,
		Winners:     func([]string) string { return words },
		Bridges:     number,
		ToGo:        number,
		LastMove:    func(MoveWords) string { return words + " " + words + " " + words },
		Masters:     words, Villages: words, Supply: words,
		Resigned:       text,
		Rank:           number,
		LegendStrength: words, LegendStudent: words, LegendStone: words, LegendBroken: words, LegendLast: words, LegendHome: words,
	}
	for _, c := range shangrila.Colours {
		lb.Colours[c] = words
	}
	for _, d := range shangrila.Disciplines {
		lb.Disciplines[d] = words
	}
	return lb
}
