package render

import (
	"bytes"
	"container/list"
	"hash/crc32"
	"hash/maphash"
	"sync"
)

// An image's rows go to deflate in bands of bandRows rows, each compressed
// on its own (a new window, ended by a sync flush, so that it refers to
// nothing before it), which lets a band met before (the background a
// board shares with the boards before it, unchanged) be written from a
// cache instead of compressed again. Bands compressed apart cost a few
// bytes each; a board of some two thousand rows is a few dozen bands.

// bandRows is the number of rows of a band unless Encoder.BandRows says.
const bandRows = 64

// bands is the cache of compressed bands, keyed by the bytes of the band
// (rows with their filter bytes), bounded by the compressed bytes it
// holds; the least recently used go first.
//
// Invariants (under mu): every element of lru is a *band and byKey holds
// it under its key; size is the sum of the lengths of their z.
type bands struct {
	mu    sync.Mutex
	rows  int // rows a band
	limit int
	size  int
	seed  maphash.Seed
	crc   *crc32.Table // CRC-32C's, the polynomial with the processor's own instruction
	lru   *list.List   // front: the most recently used
	byKey map[bandKey]*list.Element
	// byName holds the bands named (see bandnames.go): every element it
	// holds is in lru, and its band's name is its key here.
	byName map[BandName]*list.Element
}

// bandKey tells bands apart: a hash of its bytes with a seed of the
// cache's own, their CRC-32C and their length. Two bands with the same
// key are taken as the same: the chance that two different ones meet is
// some 2⁻⁹⁶ a pair. (The CRC, which the processor computes eight bytes an
// instruction, costs about a quarter of a second seeded hash.)
type bandKey struct {
	h   uint64
	crc uint32
	n   int
}

// band is a band compressed: its deflate blocks, ended by a sync flush,
// and the Adler-32 of its bytes. All but name are read-only once kept;
// name, the band's name if any, is read and written under the cache's mu.
type band struct {
	key   bandKey
	z     []byte
	adler uint32
	name  BandName
}

// newBands returns a cache holding up to limit bytes of compressed bands.
func newBands(limit, rows int) *bands {
	if rows <= 0 {
		rows = bandRows
	}
	return &bands{rows: rows, limit: limit, seed: maphash.MakeSeed(), crc: crc32.MakeTable(crc32.Castagnoli),
		lru: list.New(), byKey: map[bandKey]*list.Element{}, byName: map[BandName]*list.Element{}}
}

// key returns the key of a band's bytes.
func (c *bands) key(p []byte) bandKey {
	return bandKey{h: maphash.Bytes(c.seed, p), crc: crc32.Checksum(p, c.crc), n: len(p)}
}

// get returns the band of key, if it is kept.
func (c *bands) get(k bandKey) (*band, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byKey[k]
	if !ok {
		return nil, false
	}
	c.lru.MoveToFront(el)
	return el.Value.(*band), true
}

// put keeps a band, letting go of the least recently used beyond the
// limit.
func (c *bands) put(b *band) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[b.key]; ok || len(b.z) > c.limit {
		return
	}
	c.byKey[b.key] = c.lru.PushFront(b)
	c.size += len(b.z)
	for c.size > c.limit {
		old := c.lru.Remove(c.lru.Back()).(*band)
		delete(c.byKey, old.key)
		if !old.name.IsZero() {
			delete(c.byName, old.name)
		}
		c.size -= len(old.z)
	}
}

// adlerCombine returns the Adler-32 of the bytes of a followed by those of
// b, from their own checksums and b's length (zlib's adler32_combine).
func adlerCombine(a, b uint32, n int) uint32 {
	rem := uint32(n % adlerMod)
	s1 := a & 0xffff
	s2 := rem * s1 % adlerMod
	s1 += b&0xffff + adlerMod - 1
	s2 += a>>16 + b>>16 + adlerMod - rem
	if s1 >= adlerMod {
		s1 -= adlerMod
	}
	if s1 >= adlerMod {
		s1 -= adlerMod
	}
	if s2 >= adlerMod<<1 {
		s2 -= adlerMod << 1
	}
	if s2 >= adlerMod {
		s2 -= adlerMod
	}
	return s2<<16 | s1
}

// compressBand compresses one band's bytes on their own with pw's
// compressor.
func (pw *pngWriter) compressBand(p []byte, key bandKey) (*band, error) {
	pw.zbuf.Reset()
	pw.z.Reset(&pw.zbuf)
	if _, err := pw.z.Write(p); err != nil {
		return nil, err
	}
	if err := pw.z.Flush(); err != nil {
		return nil, err
	}
	return &band{key: key, z: bytes.Clone(pw.zbuf.Bytes()), adler: adlerUpdate(1, p)}, nil
}
