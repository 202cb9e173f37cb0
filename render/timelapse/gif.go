package timelapse

import (
	"bufio"
	"compress/lzw"
	"encoding/binary"
	"image"
	"image/color"
	"io"
)

// gifWriter writes a GIF89a stream a frame at a time (image/gif's
// EncodeAll wants every frame in memory at once). Its first error sticks:
// later writes do nothing and close returns it.
type gifWriter struct {
	w   *bufio.Writer
	err error
	// blocks cuts the LZW output into the sub-blocks of at most 255 bytes
	// that GIF wants; lzw is reused from frame to frame.
	blocks blockWriter
	lzw    *lzw.Writer
}

// Parts of a GIF stream (GIF89a specification).
const (
	gifExtension    = 0x21
	gifImage        = 0x2c
	gifTrailer      = 0x3b
	gifControl      = 0xf9 // graphic control extension
	gifApplication  = 0xff
	gifLiteralWidth = 8 // bits of a palette index: 256 colours
	// disposeNone leaves a frame in place under the next.
	disposeNone = 1 << 2
)

func newGIFWriter(w io.Writer) *gifWriter {
	g := &gifWriter{w: bufio.NewWriterSize(w, 1<<16)}
	g.blocks.w = g.w
	return g
}

func (g *gifWriter) write(p ...byte) {
	if g.err == nil {
		_, g.err = g.w.Write(p)
	}
}

func (g *gifWriter) uint16(v int) {
	g.write(binary.LittleEndian.AppendUint16(nil, uint16(v))...)
}

// header writes the screen of the given size with pal, of 256 colours at
// most, as the global colour table, and asks players to loop for ever.
func (g *gifWriter) header(size image.Point, pal color.Palette) {
	g.write([]byte("GIF89a")...)
	g.uint16(size.X)
	g.uint16(size.Y)
	// A global table of 2^8 entries, 8 bits of colour resolution.
	g.write(0x80|(gifLiteralWidth-1)<<4|(gifLiteralWidth-1), 0, 0)
	table := make([]byte, 3<<gifLiteralWidth)
	for i, c := range pal {
		r, gr, b, _ := c.RGBA()
		table[3*i], table[3*i+1], table[3*i+2] = byte(r>>8), byte(gr>>8), byte(b>>8)
	}
	g.write(table...)
	g.write(gifExtension, gifApplication, 11)
	g.write([]byte("NETSCAPE2.0")...)
	g.write(3, 1, 0, 0, 0) // loop count 0: for ever
}

// frame writes the indices pix of rectangle r of the screen (row after
// row), shown for delay hundredths of a second; transparent is the index
// that leaves the frame below visible, or -1 for none.
func (g *gifWriter) frame(r image.Rectangle, pix []byte, delay, transparent int) {
	flags, index := byte(disposeNone), byte(0)
	if transparent >= 0 {
		flags, index = flags|1, byte(transparent)
	}
	g.write(gifExtension, gifControl, 4, flags)
	g.uint16(delay)
	g.write(index, 0)
	g.write(gifImage)
	g.uint16(r.Min.X)
	g.uint16(r.Min.Y)
	g.uint16(r.Dx())
	g.uint16(r.Dy())
	g.write(0, gifLiteralWidth)
	if g.err != nil {
		return
	}
	g.blocks.err = nil
	if g.lzw == nil {
		g.lzw = lzw.NewWriter(&g.blocks, lzw.LSB, gifLiteralWidth).(*lzw.Writer)
	} else {
		g.lzw.Reset(&g.blocks, lzw.LSB, gifLiteralWidth)
	}
	if _, err := g.lzw.Write(pix); err != nil {
		g.err = err
		return
	}
	if err := g.lzw.Close(); err != nil {
		g.err = err
		return
	}
	g.err = g.blocks.close()
}

// close ends the stream and flushes it.
func (g *gifWriter) close() error {
	g.write(gifTrailer)
	if g.err != nil {
		return g.err
	}
	return g.w.Flush()
}

// blockWriter cuts what is written into GIF data sub-blocks: a length
// byte, then up to 255 bytes.
type blockWriter struct {
	w   *bufio.Writer
	buf [256]byte // buf[0] is the length of the block being filled
	err error
}

func (b *blockWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 && b.err == nil {
		k := copy(b.buf[1+int(b.buf[0]):], p)
		b.buf[0] += byte(k)
		p = p[k:]
		if b.buf[0] == 255 {
			b.flush()
		}
	}
	return n, b.err
}

func (b *blockWriter) flush() {
	if b.buf[0] == 0 || b.err != nil {
		return
	}
	_, b.err = b.w.Write(b.buf[:1+int(b.buf[0])])
	b.buf[0] = 0
}

// close writes the last block and the empty block that ends the data.
func (b *blockWriter) close() error {
	b.flush()
	if b.err == nil {
		b.err = b.w.WriteByte(0)
	}
	return b.err
}
