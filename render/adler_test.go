package render

import (
	"bytes"
	"hash/adler32"
	"math/rand/v2"
	"testing"
)

// TestAdler32 checks adlerUpdate against hash/adler32 on lengths around its
// blocks, on bytes at their largest (the lanes at their fullest), and
// carried on from one call to the next.
func TestAdler32(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 20000)
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	inputs := map[string][]byte{"random": random, "0xff": bytes.Repeat([]byte{0xff}, 20000), "zeros": make([]byte, 300)}
	for name, data := range inputs {
		for _, n := range []int{0, 1, 7, 8, 127, 128, 129, 255, 256, 1201, 5552, 5553, len(data)} {
			if n > len(data) {
				continue
			}
			p := data[:n]
			if got, want := adlerUpdate(1, p), adler32.Checksum(p); got != want {
				t.Errorf("%s, %d bytes: %08x, want %08x", name, n, got, want)
			}
			// In two calls, cut anywhere.
			cut := n / 3
			if got, want := adlerUpdate(adlerUpdate(1, p[:cut]), p[cut:]), adler32.Checksum(p); got != want {
				t.Errorf("%s, %d bytes in two: %08x, want %08x", name, n, got, want)
			}
		}
	}
}

func BenchmarkAdler32(b *testing.B) {
	data := readBoard(b, "board-mid.png").Pix
	b.Run("render", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			adlerUpdate(1, data)
		}
	})
	b.Run("hash/adler32", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			adler32.Checksum(data)
		}
	})
}
