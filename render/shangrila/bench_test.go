package shangrila

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"testing"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// midGame returns the benchmark's position: a 4-player game from a fixed
// seed, played on until a journey has just been made in the middle of the
// game, so that the highlights are drawn too.
func midGame(tb testing.TB) (shangrila.Position, *shangrila.Effects) {
	tb.Helper()
	pos, last, err := randomGame(4, shangrila.StartSetup, 7, journeyAfter(60))
	if err != nil {
		tb.Fatal(err)
	}
	return pos, last
}

var benchNames = map[shangrila.Colour]string{shangrila.Red: "Ana María", shangrila.Blue: "Niccolò", shangrila.Yellow: "Zoë", shangrila.Violet: "Björn"}

// BenchmarkRenderShangrila is the cost of one image as the bot makes it:
// layout, drawing, palette conversion and PNG encoding.
func BenchmarkRenderShangrila(b *testing.B) {
	r := renderer(b)
	pos, last := midGame(b)
	opts := Options{Last: last, Names: benchNames, Labels: english(b)}
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := r.WritePNG(&buf, &pos, opts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}

// BenchmarkEncoders compares ways of turning the same drawing into a PNG:
// full-colour RGBA or 8-bit paletted, at each compression level of
// image/png, and for the palette the standard library's conversions
// against the lookup table; and the paletted image written by
// render.Encoder (klauspost/compress's deflate) at the levels the games
// use. Each runs the whole image (layout, drawing, conversion, encoding).
func BenchmarkEncoders(b *testing.B) {
	r := renderer(b)
	pos, last := midGame(b)
	opts := Options{Last: last, Names: benchNames, Labels: english(b)}
	levels := []struct {
		name  string
		level png.CompressionLevel
	}{{"BestSpeed", png.BestSpeed}, {"Default", png.DefaultCompression}, {"BestCompression", png.BestCompression}}
	rgba := func(w io.Writer, level png.CompressionLevel) error {
		return (&png.Encoder{CompressionLevel: level}).Encode(w, r.Draw(NewLayout(&pos, opts)))
	}
	table := func(w io.Writer, level png.CompressionLevel) error {
		return (&png.Encoder{CompressionLevel: level}).Encode(w, r.Image(&pos, opts))
	}
	stdlib := func(d draw.Drawer) func(io.Writer, png.CompressionLevel) error {
		return func(w io.Writer, level png.CompressionLevel) error {
			img := r.Draw(NewLayout(&pos, opts))
			out := image.NewPaletted(img.Rect, r.quant.Palette())
			d.Draw(out, out.Rect, img, image.Point{})
			return (&png.Encoder{CompressionLevel: level}).Encode(w, out)
		}
	}
	cases := []struct {
		name   string
		encode func(io.Writer, png.CompressionLevel) error
		levels int
	}{
		{"rgba", rgba, 3},
		{"paletted-lut", table, 3},
		{"paletted-draw.Src", stdlib(draw.Src), 1},
		{"paletted-FloydSteinberg", stdlib(draw.FloydSteinberg), 1},
	}
	for _, level := range []int{1, 4} {
		b.Run(fmt.Sprintf("paletted-lut-render.Encoder/level=%d", level), func(b *testing.B) {
			enc := render.Encoder{Level: level}
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := enc.Encode(&buf, r.Image(&pos, opts)); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes")
		})
	}
	for _, c := range cases {
		for _, lv := range levels[:c.levels] {
			b.Run(c.name+"/"+lv.name, func(b *testing.B) {
				var buf bytes.Buffer
				for b.Loop() {
					buf.Reset()
					if err := c.encode(&buf, lv.level); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(buf.Len()), "bytes")
			})
		}
	}
}

// BenchmarkStaticSteps measures the PNG size with the static layer drawn
// in full antialiasing against three steps of edge coverage.
func BenchmarkStaticSteps(b *testing.B) {
	pos, last := midGame(b)
	opts := Options{Last: last, Names: benchNames, Labels: english(b)}
	for _, steps := range []int{0, staticSteps} {
		r, err := newRenderer(steps)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("steps="+string(rune('0'+steps)), func(b *testing.B) {
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := r.WritePNG(&buf, &pos, opts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes")
		})
	}
}

// BenchmarkNew is the cost of building a Renderer, paid once at start-up.
func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		if _, err := New(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderMoves is the cost of the boards of games as the bot
// makes them, one after each move (ten games of 4 players, the boards
// after their moves 40 to 79, each game's in turn, each board once until
// the encoder starts afresh), with the encoder's cache of bands of rows
// (Cache) and without: a board shares most of its rows with the boards of
// its game before it, and nothing is drawn twice.
func BenchmarkRenderMoves(b *testing.B) {
	type board struct {
		pos  shangrila.Position
		last *shangrila.Effects
	}
	var boards []board
	for seed := range uint64(10) {
		for n := 40; n < 80; n++ {
			pos, last, err := randomGame(4, shangrila.StartSetup, 100+seed, after(n))
			if err != nil {
				b.Fatal(err)
			}
			boards = append(boards, board{pos, last})
		}
	}
	for _, cache := range []int{0, renderCache} {
		b.Run(fmt.Sprintf("cache=%d", cache), func(b *testing.B) {
			r := renderer(b)
			var buf bytes.Buffer
			total, i := 0, 0
			for b.Loop() {
				if i%len(boards) == 0 {
					b.StopTimer()
					r.png = render.Encoder{Level: r.png.Level, Cache: cache, BandRows: r.png.BandRows}
					b.StartTimer()
				}
				bd := boards[i%len(boards)]
				i++
				buf.Reset()
				if err := r.WritePNG(&buf, &bd.pos, Options{Last: bd.last, Names: benchNames, Labels: english(b)}); err != nil {
					b.Fatal(err)
				}
				total += buf.Len()
			}
			b.ReportMetric(float64(total)/float64(i), "bytes")
		})
	}
}
