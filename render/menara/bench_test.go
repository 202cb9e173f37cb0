package menara_test

import (
	"bytes"
	"testing"

	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/rules/menara"
)

// benchGame is the benchmark's temple: a 2-player game played by the
// greedy team until a column has just been placed on a temple at least 3
// levels high with at least 10 floors.
func benchGame(tb testing.TB) game {
	tb.Helper()
	return build(tb, opts(2, menara.Easy), 5, 50, midGame(3, 10))
}

// BenchmarkRenderMenara is the cost of one image as the bot makes it:
// view, layout, drawing, palette conversion and PNG encoding.
func BenchmarkRenderMenara(b *testing.B) {
	r := renderer(b)
	g := benchGame(b)
	o := options(b)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := r.WritePosition(&buf, &g.pos, g.last, o); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
	v := rmenara.ViewOf(&g.pos, g.last)
	l := rmenara.NewLayout(&v, o)
	b.ReportMetric(float64(l.Size.X), "width")
	b.ReportMetric(float64(l.Size.Y), "height")
	b.ReportMetric(float64(len(v.Floors)), "floors")
}

// BenchmarkNew is the cost of building a Renderer, paid once at start-up.
func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		if _, err := rmenara.New(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderSteps is the cost of the boards of games as the bot makes
// them, one after each step (three greedy 2-player games, the boards after
// their steps 20 to 59, each game's in turn): a board shares most of its
// rows with the boards of its game before it, which the encoder's cache
// of bands of rows takes (each board is drawn once a round; the renderer
// is new each round).
func BenchmarkRenderSteps(b *testing.B) {
	var boards []game
	for seed := range uint64(3) {
		n := 0
		play(b, opts(2, menara.Easy), 5+seed, func(p *menara.Position, e *menara.Effects) bool {
			n++
			if n >= 20 && n < 60 {
				boards = append(boards, game{pos: *p, last: e})
			}
			return n >= 60
		})
	}
	o := options(b)
	var r *rmenara.Renderer
	var buf bytes.Buffer
	total, i := 0, 0
	for b.Loop() {
		if i%len(boards) == 0 {
			b.StopTimer()
			var err error
			if r, err = rmenara.New(); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		total += writeBoard(b, r, &buf, boards[i%len(boards)], o)
		i++
	}
	b.ReportMetric(float64(total)/float64(i), "bytes")
}

// BenchmarkRenderInterleaved is the cost of the boards of many games drawn
// interleaved, as a bot whose channels play at once draws them: 50 greedy
// games of 2 to 4 players, the boards after their steps 20 to 39, one step
// of each game in turn, with one renderer, whose caches (bands, plans,
// shapes) then hold the boards of every game at once.
func BenchmarkRenderInterleaved(b *testing.B) {
	const games, from, to = 50, 20, 40
	var byGame [][]game
	for seed := range uint64(games) {
		var boards []game
		n := 0
		play(b, opts(2+int(seed%3), menara.Easy), 100+seed, func(p *menara.Position, e *menara.Effects) bool {
			n++
			if n >= from {
				boards = append(boards, game{pos: *p, last: e})
			}
			return n >= to-1
		})
		byGame = append(byGame, boards)
	}
	var boards []game
	for k := range to - from {
		for _, g := range byGame {
			if k < len(g) {
				boards = append(boards, g[k])
			}
		}
	}
	r, err := rmenara.New()
	if err != nil {
		b.Fatal(err)
	}
	o := options(b)
	var buf bytes.Buffer
	total, i := 0, 0
	for b.Loop() {
		total += writeBoard(b, r, &buf, boards[i%len(boards)], o)
		i++
	}
	b.ReportMetric(float64(total)/float64(i), "bytes")
}

// writeBoard draws board g with r into buf, emptied first, and returns its
// size.
func writeBoard(b *testing.B, r *rmenara.Renderer, buf *bytes.Buffer, g game, o rmenara.Options) int {
	buf.Reset()
	if err := r.WritePosition(buf, &g.pos, g.last, o); err != nil {
		b.Fatal(err)
	}
	return buf.Len()
}
