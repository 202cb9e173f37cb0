package render

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// benchBoards are the README's board images, the output of both games'
// renderers: what Convert and Encoder are given in the bot.
var benchBoards = []string{"board-mid.png", "menara-mid.png"}

// readBoard decodes one of the README's images from docs/.
func readBoard(tb testing.TB, name string) *image.Paletted {
	tb.Helper()
	data, err := os.ReadFile(boardPath(name))
	if err != nil {
		tb.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		tb.Fatal(err)
	}
	p, ok := img.(*image.Paletted)
	if !ok {
		tb.Fatalf("%s: %T, want a paletted image", name, img)
	}
	return p
}

// BenchmarkConvert is the cost of converting a whole board image from
// RGBA to its palette.
func BenchmarkConvert(b *testing.B) {
	for _, name := range benchBoards {
		p := readBoard(b, name)
		rgba := image.NewRGBA(p.Rect)
		draw.Draw(rgba, rgba.Rect, p, image.Point{}, draw.Src)
		q, err := NewQuantizer(rgba)
		if err != nil {
			b.Fatal(err)
		}
		out := image.NewPaletted(p.Rect, q.Palette())
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(rgba.Pix)))
			for b.Loop() {
				q.Convert(out, rgba, rgba.Rect)
			}
		})
	}
}

// BenchmarkEncode is the cost of writing a board image as a PNG at the
// first deflate levels, and its size.
func BenchmarkEncode(b *testing.B) {
	for _, name := range benchBoards {
		p := readBoard(b, name)
		for _, level := range []int{1, 2, 3, 4, 5} {
			b.Run(fmt.Sprintf("%s/level=%d", name, level), func(b *testing.B) {
				enc := Encoder{Level: level}
				var buf bytes.Buffer
				b.ReportAllocs()
				for b.Loop() {
					buf.Reset()
					if err := enc.Encode(&buf, p); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(buf.Len()), "bytes")
			})
		}
	}
}

func boardPath(name string) string {
	if filepath.Dir(name) != "." {
		return name
	}
	return filepath.Join("..", "docs", name)
}
