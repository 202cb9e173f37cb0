package render

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"io"
	"sync"

	"github.com/klauspost/compress/flate"
)

// The images are written as 8-bit paletted PNGs by this package's own
// writer rather than image/png's: deflate was most of an image's cost, and
// image/png can only use compress/flate, whose fastest level takes twice
// as long as klauspost/compress's for files of the same size or smaller
// (see docs/notes/render.md). That module is already in the bot's binary
// (the Prometheus client's compression), so this adds no code of anyone
// new. Rows are written unfiltered: with 8-bit palette indices the
// filters only make the files larger, which is also why image/png skips
// them for paletted images.

// Encoder writes paletted images as PNG. It lends its compressors (each
// most of a megabyte) from a pool. The zero value is ready to use and
// compresses at level 1; it is safe for concurrent use and must not be
// copied after first use.
type Encoder struct {
	// Level is the deflate level, from 1 (fastest; taken for 0) to 9
	// (smallest). It must not change after the first image.
	Level int
	// Cache, when above 0, is how many bytes of compressed bands of rows
	// the encoder keeps to write a band it meets again without
	// compressing it (see bands.go); 0 compresses the image as one stream.
	// It must not change after the first image.
	Cache int
	// BandRows is how many rows a band of the cache has (64 for 0). It
	// must not change after the first image.
	BandRows int

	pool  sync.Pool // *pngWriter
	once  sync.Once
	bands *bands
}

// pngWriter is what one encoding needs for itself: the compressor, the
// buffer of the IDAT chunk being filled and rows with their filter bytes.
type pngWriter struct {
	z     *flate.Writer
	chunk chunkWriter
	rows  []byte
	// zbuf holds a band being compressed (see compressBand).
	zbuf bytes.Buffer
}

// rowsSize is about how many bytes of rows are given to the compressor at
// a time: fewer calls, and the checksum's blocks seldom cut short.
const rowsSize = 1 << 15

// idatSize is the most image data one IDAT chunk holds: large chunks cost
// fewer headers and checksums.
const idatSize = 1 << 16

// Encode writes img to w as a PNG of 8 bits per pixel; its palette must
// have between 1 and 256 colours.
func (e *Encoder) Encode(w io.Writer, img *image.Paletted) error {
	return e.encodeWith(w, img, nil)
}

// encodeWith writes img, the bands plan found from the cache.
func (e *Encoder) encodeWith(w io.Writer, img *image.Paletted, plan *BandPlan) error {
	if err := e.encode(w, img, plan); err != nil {
		return fmt.Errorf("render: encode PNG: %w", err)
	}
	return nil
}

func (e *Encoder) encode(w io.Writer, img *image.Paletted, plan *BandPlan) error {
	b := img.Rect
	if b.Dx() <= 0 || b.Dy() <= 0 || b.Dx() > 1<<24 || b.Dy() > 1<<24 {
		return fmt.Errorf("invalid image size %v", b.Size())
	}
	if len(img.Palette) == 0 || len(img.Palette) > 256 {
		return fmt.Errorf("%d colours in the palette", len(img.Palette))
	}
	pw, err := e.get()
	if err != nil {
		return err
	}
	defer e.pool.Put(pw)
	pw.chunk.reset(w)
	var hdr [13]byte
	binary.BigEndian.PutUint32(hdr[0:], uint32(b.Dx()))
	binary.BigEndian.PutUint32(hdr[4:], uint32(b.Dy()))
	hdr[8], hdr[9] = 8, 3 // 8 bits per pixel, indexed colour
	pw.chunk.writeSignature()
	pw.chunk.writeChunk("IHDR", hdr[:])
	plte, trns := paletteChunks(img.Palette)
	pw.chunk.writeChunk("PLTE", plte)
	if trns != nil {
		pw.chunk.writeChunk("tRNS", trns)
	}
	write := pw.writeIDAT
	if c := e.cache(); c != nil {
		write = func(img *image.Paletted) error { return pw.writeBands(img, c, plan) }
	}
	if err := write(img); err != nil {
		return err
	}
	pw.chunk.writeChunk("IEND", nil)
	return pw.chunk.err
}

// get returns a writer from the pool, or a new one.
func (e *Encoder) get() (*pngWriter, error) {
	if pw, ok := e.pool.Get().(*pngWriter); ok {
		return pw, nil
	}
	z, err := flate.NewWriter(nil, max(e.Level, 1))
	if err != nil {
		return nil, err
	}
	return &pngWriter{z: z, chunk: chunkWriter{buf: make([]byte, 0, idatSize)}}, nil
}

// writeIDAT writes the image data, a zlib stream of the rows each after
// its filter byte (0, none), as IDAT chunks.
func (pw *pngWriter) writeIDAT(img *image.Paletted) error {
	b := img.Rect
	c := &pw.chunk
	c.idat = true
	// The zlib header: deflate with a 32 KB window, no dictionary, and
	// the check bits that make it a multiple of 31.
	c.Write([]byte{0x78, 0x01})
	pw.z.Reset(c)
	// The rows are handed over whole, each after its filter byte, as
	// many as fit in rowsSize bytes at a time.
	n := 1 + b.Dx()
	if cap(pw.rows) < max(n, rowsSize) {
		pw.rows = make([]byte, max(n, rowsSize))
	}
	rows := pw.rows[:max(n, rowsSize)/n*n]
	sum := uint32(1)
	for y := b.Min.Y; y < b.Max.Y; {
		k := 0
		for ; y < b.Max.Y && k < len(rows); y, k = y+1, k+n {
			rows[k] = 0
			copy(rows[k+1:k+n], img.Pix[img.PixOffset(b.Min.X, y):])
		}
		sum = adlerUpdate(sum, rows[:k])
		if _, err := pw.z.Write(rows[:k]); err != nil {
			return err
		}
	}
	if err := pw.z.Close(); err != nil {
		return err
	}
	c.Write(binary.BigEndian.AppendUint32(nil, sum))
	c.flushIDAT()
	c.idat = false
	return c.err
}

// writeBands writes the image data as writeIDAT does, but in bands of
// rows compressed apart, those met before taken from the cache. A band is
// known by its pixels (its filter bytes are all 0); its rows are copied
// out with their filter bytes only to be compressed.
func (pw *pngWriter) writeBands(img *image.Paletted, cache *bands, plan *BandPlan) error {
	b := img.Rect
	c := &pw.chunk
	c.idat = true
	c.Write([]byte{0x78, 0x01})
	n := 1 + b.Dx()
	starts, most := plan.bands(b.Min.Y, b.Max.Y, cache.rows)
	if cap(pw.rows) < n*most {
		pw.rows = make([]byte, n*most)
	}
	sum := uint32(1)
	for i, y := range starts {
		bd, err := pw.band(img, cache, plan, i, y, BandEnd(starts, i, b.Max.Y))
		if err != nil {
			return err
		}
		c.Write(bd.z)
		sum = adlerCombine(sum, bd.adler, bd.key.n)
	}
	// The last block: empty, final, of fixed codes.
	c.Write([]byte{0x03, 0x00})
	c.Write(binary.BigEndian.AppendUint32(nil, sum))
	c.flushIDAT()
	c.idat = false
	return c.err
}

// band returns band i of img, rows y to end: found by plan, met before, or
// compressed now and kept (under its name too, if plan names it).
func (pw *pngWriter) band(img *image.Paletted, cache *bands, plan *BandPlan, i, y, end int) (*band, error) {
	if plan.Found(i) {
		return plan.found[i], nil
	}
	b := img.Rect
	n := 1 + b.Dx()
	key := cache.key(bandPixels(img, y, end, pw.rows[:0]))
	key.n = (end - y) * n
	bd, ok := cache.get(key)
	if !ok {
		rows := pw.rows[:0]
		for r := y; r < end; r++ {
			rows = append(rows, 0)
			rows = append(rows, img.Pix[img.PixOffset(b.Min.X, r):img.PixOffset(b.Max.X, r)]...)
		}
		var err error
		if bd, err = pw.compressBand(rows, key); err != nil {
			return nil, err
		}
		cache.put(bd)
	}
	if plan != nil && i < len(plan.names) {
		cache.name(bd, plan.names[i])
	}
	return bd, nil
}

// bandPixels returns the pixels of rows y to end of img, one row after
// the other: a slice of img.Pix when its rows follow each other there,
// else a copy into buf.
func bandPixels(img *image.Paletted, y, end int, buf []byte) []byte {
	b := img.Rect
	if img.Stride == b.Dx() {
		return img.Pix[img.PixOffset(b.Min.X, y):img.PixOffset(b.Min.X, end)]
	}
	for r := y; r < end; r++ {
		buf = append(buf, img.Pix[img.PixOffset(b.Min.X, r):img.PixOffset(b.Max.X, r)]...)
	}
	return buf
}

// paletteChunks returns the PLTE chunk's data and the tRNS chunk's, nil
// when every colour is opaque, as image/png writes them.
func paletteChunks(p color.Palette) (plte, trns []byte) {
	plte = make([]byte, 0, 3*len(p))
	alpha := make([]byte, len(p))
	last := -1
	for i, c := range p {
		n, ok := c.(color.NRGBA)
		if rgba, opaque := c.(color.RGBA); opaque && rgba.A == 0xff {
			n, ok = color.NRGBA(rgba), true
		}
		if !ok {
			n = color.NRGBAModel.Convert(c).(color.NRGBA)
		}
		plte = append(plte, n.R, n.G, n.B)
		alpha[i] = n.A
		if n.A != 0xff {
			last = i
		}
	}
	if last >= 0 {
		trns = alpha[:last+1]
	}
	return plte, trns
}

// chunkWriter writes PNG chunks to w, keeping the first error. While idat
// is set, what is written to it is image data, sent as IDAT chunks of up
// to idatSize bytes.
type chunkWriter struct {
	w    io.Writer
	err  error
	buf  []byte
	idat bool
}

func (c *chunkWriter) reset(w io.Writer) {
	c.w, c.err, c.buf, c.idat = w, nil, c.buf[:0], false
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

func (c *chunkWriter) writeSignature() { c.write(pngSignature) }

func (c *chunkWriter) write(b []byte) {
	if c.err == nil {
		_, c.err = c.w.Write(b)
	}
}

// writeChunk writes one chunk: length, type, data and checksum.
func (c *chunkWriter) writeChunk(typ string, data []byte) {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], typ)
	crc := crc32.Update(crc32.ChecksumIEEE(head[4:]), crc32.IEEETable, data)
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], crc)
	c.write(head[:])
	c.write(data)
	c.write(tail[:])
}

// Write takes image data, sending an IDAT chunk each time idatSize bytes
// have come.
func (c *chunkWriter) Write(p []byte) (int, error) {
	if !c.idat {
		return 0, errors.New("image data outside IDAT")
	}
	n := len(p)
	for len(p) > 0 {
		k := min(len(p), idatSize-len(c.buf))
		c.buf = append(c.buf, p[:k]...)
		p = p[k:]
		if len(c.buf) == idatSize {
			c.flushIDAT()
		}
	}
	return n, c.err
}

// flushIDAT sends the image data held as one IDAT chunk.
func (c *chunkWriter) flushIDAT() {
	if len(c.buf) > 0 {
		c.writeChunk("IDAT", c.buf)
		c.buf = c.buf[:0]
	}
}
