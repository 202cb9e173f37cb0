package bot

import (
	"bytes"
	"context"
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
	var buf bytes.Buffer
	buf.Grow(r.room())
	return &buf
}

// room is the room a buffer is given.
func (r *Room) room() int {
	room := r.largest.Load()
	if room += room / 16; room == 0 {
		room = firstRoom
	}
	return int(room)
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

// imageBufferKey is the context key of WithImageBuffer.
type imageBufferKey struct{}

// WithImageBuffer returns ctx carrying buf, the buffer an image drawn
// under ctx is to be written into: the caller of Image.Render lends its
// own, which it reuses once it is done with the image's bytes (they alias
// buf). A BoardFunc need not use it.
func WithImageBuffer(ctx context.Context, buf *bytes.Buffer) context.Context {
	return context.WithValue(ctx, imageBufferKey{}, buf)
}

// ImageBuffer returns the buffer ctx carries (WithImageBuffer), emptied
// and with the room, or a new one with the room when ctx carries none.
func (r *Room) ImageBuffer(ctx context.Context) *bytes.Buffer {
	buf, _ := ctx.Value(imageBufferKey{}).(*bytes.Buffer)
	if buf == nil {
		return r.Buffer()
	}
	buf.Reset()
	buf.Grow(r.room())
	return buf
}
