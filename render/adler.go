package render

import "encoding/binary"

// adlerMod is the modulus of Adler-32.
const adlerMod = 65521

// adlerBlock is how many bytes adler32 sums in 16-bit lanes before
// folding them into the checksum: 16 words of 8 bytes, the most for which
// no lane can overflow (the largest, tail, reaches 2·255·(0+1+…+15) =
// 61,200).
const adlerBlock = 128

// adlerUpdate returns the Adler-32 checksum adler updated with p, as
// hash/adler32 computes it. hash/adler32 adds one byte at a time, which
// made it a quarter of the cost of encoding a board; here the bytes are
// added eight at a time, the even and the odd ones each in four 16-bit
// lanes of a word, and the lanes are folded into the sums every
// adlerBlock bytes.
//
// For bytes b₁…bₙ the sums grow by s1 += Σbᵢ and s2 += n·s1 +
// Σ(n−i+1)·bᵢ. Taking the bytes as words j = 0…B−1 of 8 bytes bⱼ,ₖ
// (k = 0…7), the weight of bⱼ,ₖ is 8·(B−1−j) + (8−k): tail sums, before
// each word, the lanes of the words before it, which gives the first
// part, and the lanes' own totals weighted by 8−k give the second.
func adlerUpdate(adler uint32, p []byte) uint32 {
	s1, s2 := uint64(adler&0xffff), uint64(adler>>16)
	const mask = 0x00ff00ff00ff00ff
	for len(p) >= adlerBlock {
		var even, odd, tail uint64
		blk := (*[adlerBlock]byte)(p)
		for i := 0; i < adlerBlock; i += 8 {
			w := binary.LittleEndian.Uint64(blk[i : i+8])
			tail += even + odd
			even += w & mask
			odd += w >> 8 & mask
		}
		// The even bytes' weights are 8, 6, 4, 2 by lane, the odd ones'
		// 7, 5, 3, 1.
		e, o := laneSum(even), laneSum(odd)
		s2 += adlerBlock*s1 + 8*laneSum(tail) + 8*e - 2*laneRank(even) + 7*o - 2*laneRank(odd)
		s1 += e + o
		s1, s2 = s1%adlerMod, s2%adlerMod
		p = p[adlerBlock:]
	}
	for _, b := range p {
		s1 += uint64(b)
		s2 += s1
	}
	return uint32(s2%adlerMod)<<16 | uint32(s1%adlerMod)
}

// laneSum returns the sum of the four 16-bit lanes of w.
func laneSum(w uint64) uint64 { return w&0xffff + w>>16&0xffff + w>>32&0xffff + w>>48 }

// laneRank returns the sum of the four 16-bit lanes of w each times its
// number, 0 to 3.
func laneRank(w uint64) uint64 { return w>>16&0xffff + 2*(w>>32&0xffff) + 3*(w>>48) }
