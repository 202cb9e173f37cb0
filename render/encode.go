package render

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"sync"
)

// Encoder writes paletted images as PNG at png.BestSpeed, which with 8-bit
// pixels is several times faster than any other level for a few per cent
// of size (see docs/notes/render.md). It lends the encoder's buffers (its
// compressor alone is most of a megabyte) from a pool. The zero value is
// ready to use; it is safe for concurrent use and must not be copied after
// first use.
type Encoder struct {
	pool encoderPool
}

// Encode writes img to w as a PNG.
func (e *Encoder) Encode(w io.Writer, img *image.Paletted) error {
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &e.pool}
	if err := enc.Encode(w, img); err != nil {
		return fmt.Errorf("render: encode PNG: %w", err)
	}
	return nil
}

// encoderPool lends PNG encoder buffers; it is safe for concurrent use.
type encoderPool struct{ pool sync.Pool }

func (p *encoderPool) Get() *png.EncoderBuffer {
	b, _ := p.pool.Get().(*png.EncoderBuffer)
	return b
}

func (p *encoderPool) Put(b *png.EncoderBuffer) { p.pool.Put(b) }
