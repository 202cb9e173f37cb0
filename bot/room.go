package bot

import (
	"bytes"
	"sync/atomic"
)

// firstRoom is the room of an image buffer before any image was written.
const firstRoom = 256 << 10

// Room sizes the buffers a game's images are written into: room for the
// largest image written yet and a sixteenth (firstRoom before the first),
// so that a buffer is grown once and no more is cleared than an image
// takes (every byte of a buffer's room is cleared when it is made). The
// zero value is ready to use; it is safe for concurrent use.
type Room struct {
	largest atomic.Int64
}

// Buffer returns an empty buffer with the room.
func (r *Room) Buffer() *bytes.Buffer {
	room := r.largest.Load()
	if room += room / 16; room == 0 {
		room = firstRoom
	}
	var buf bytes.Buffer
	buf.Grow(int(room))
	return &buf
}

// Took records an image of n bytes written.
func (r *Room) Took(n int) {
	for {
		old := r.largest.Load()
		if int64(n) <= old || r.largest.CompareAndSwap(old, int64(n)) {
			return
		}
	}
}
