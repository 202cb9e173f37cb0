package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
)

// bbolt's file header, read here before bbolt maps the file: bbolt trusts
// the high-water mark in its meta page and reads pages beyond the end of a
// truncated file, which faults (SIGBUS) instead of returning an error.
// These constants are bbolt's on-disk format (version 2), unchanged since
// boltdb.
const (
	boltMagic      = 0xED0CDAED
	boltVersion    = 2
	boltPageHeader = 16 // id uint64, flags uint16, count uint16, overflow uint32
	boltMetaSize   = 64 // magic, version, pageSize, flags uint32; root, sequence, freelist, pgid, txid, checksum uint64
	boltChecksumAt = 56 // the checksum covers the meta bytes before it
)

// boltMeta is what inspectFile needs from a meta page.
type boltMeta struct {
	magic, version, pageSize uint32
	pgid, txid               uint64
	valid                    bool // magic, version and checksum all right
}

// parseBoltMeta reads the meta that follows a page header in page.
// bbolt writes its pages in the machine's byte order.
func parseBoltMeta(page []byte) boltMeta {
	if len(page) < boltPageHeader+boltMetaSize {
		return boltMeta{}
	}
	b := page[boltPageHeader : boltPageHeader+boltMetaSize]
	e := binary.NativeEndian
	m := boltMeta{
		magic:    e.Uint32(b[0:]),
		version:  e.Uint32(b[4:]),
		pageSize: e.Uint32(b[8:]),
		pgid:     e.Uint64(b[40:]),
		txid:     e.Uint64(b[48:]),
	}
	h := fnv.New64a()
	h.Write(b[:boltChecksumAt])
	m.valid = m.magic == boltMagic && m.version == boltVersion &&
		e.Uint64(b[boltChecksumAt:]) == h.Sum64() && m.pageSize >= 512
	return m
}

// errEmpty explains a database file of 0 bytes. bbolt writes a new file's
// first pages as it creates it, so an empty file at the path is most
// likely a database cut short (a full disk, a failed copy or restore),
// and making a new database of it would hide that its games are gone.
var errEmpty = fmt.Errorf("%w: the file is empty (0 bytes), most likely a database cut short, and was left as it is. "+
	"To start with no games, remove the file; to get the games back, put a backup in its place", ErrCorrupt)

// inspectFile checks, before bbolt opens it, that an existing file is a
// whole bbolt file: not empty, at least one valid meta page, and no
// shorter than the pages its newest meta page counts. A file that does
// not exist passes: bbolt creates it.
func inspectFile(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("%w: not a regular file", ErrNotTablebot)
	}
	size := st.Size()
	if size == 0 {
		return errEmpty
	}
	read := func(off int64) boltMeta {
		buf := make([]byte, boltPageHeader+boltMetaSize)
		if _, err := f.ReadAt(buf, off); err != nil && err != io.EOF {
			return boltMeta{}
		}
		return parseBoltMeta(buf)
	}
	m0 := read(0)
	var m1 boltMeta
	if m0.valid {
		m1 = read(int64(m0.pageSize))
	} else {
		// Find the second meta page the way bbolt does: its page size is
		// unknown, so try each possible one.
		for i := 0; i <= 14; i++ {
			if m1 = read(1024 << i); m1.valid {
				break
			}
		}
	}
	best := m0
	if !best.valid || m1.valid && m1.pageSize == m0.pageSize && m1.txid > m0.txid {
		best = m1
	}
	switch {
	case best.valid:
	case m0.magic == boltMagic || m1.magic == boltMagic:
		return fmt.Errorf("%w: both bbolt meta pages are invalid", ErrCorrupt)
	default:
		return fmt.Errorf("%w: not a bbolt database file", ErrNotTablebot)
	}
	if need := int64(best.pgid) * int64(best.pageSize); size < need {
		return fmt.Errorf("%w: the file has %d bytes but its pages need %d (a truncated copy?)", ErrCorrupt, size, need)
	}
	return nil
}
