package menara

import (
	"math/bits"
	"strconv"
	"strings"
)

// Base names one base of a floor: the floor and its number on the side
// that is up, from 1 ("K3"). A column is named by the base it stands on.
type Base struct {
	Floor FloorID
	N     uint8
}

// NumBaseSlots is the number of (floor, number) pairs: the size of a
// BaseSet.
const NumBaseSlots = NumFloors * MaxBases

// Valid reports whether b names a floor and a number from 1 to MaxBases
// (whether that floor shows that many bases depends on its side).
func (b Base) Valid() bool { return b.Floor.Valid() && b.N >= 1 && b.N <= MaxBases }

// String returns "K3".
func (b Base) String() string {
	if !b.Valid() {
		return "-"
	}
	return b.Floor.String() + strconv.Itoa(int(b.N))
}

// ParseBase reads a base's name: a floor letter and a number ("K3", "k3").
func ParseBase(s string) (Base, bool) {
	if len(s) < 2 {
		return Base{}, false
	}
	f, ok := ParseFloor(s[:1])
	if !ok {
		return Base{}, false
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || s[1] == '+' || s[1] == '-' || n < 1 || n > MaxBases {
		return Base{}, false
	}
	return Base{f, uint8(n)}, true
}

func (b Base) slot() int { return int(b.Floor)*MaxBases + int(b.N) - 1 }

func baseOfSlot(i int) Base { return Base{FloorID(i / MaxBases), uint8(i%MaxBases) + 1} }

// BaseSet is a set of bases (or of the columns standing on them), kept as
// bits: a comparable value whose order is the names' order, floor letter
// then number.
type BaseSet struct{ lo, hi uint64 }

// NewBaseSet returns the set of the given valid bases.
func NewBaseSet(bases ...Base) BaseSet {
	var s BaseSet
	for _, b := range bases {
		if b.Valid() {
			s.add(b.slot())
		}
	}
	return s
}

func (s *BaseSet) add(i int) {
	if i < 64 {
		s.lo |= 1 << i
	} else {
		s.hi |= 1 << (i - 64)
	}
}

func (s *BaseSet) remove(i int) {
	if i < 64 {
		s.lo &^= 1 << i
	} else {
		s.hi &^= 1 << (i - 64)
	}
}

func (s BaseSet) has(i int) bool {
	if i < 64 {
		return s.lo&(1<<i) != 0
	}
	return s.hi&(1<<(i-64)) != 0
}

// Has reports whether b is in the set.
func (s BaseSet) Has(b Base) bool { return b.Valid() && s.has(b.slot()) }

// Len returns the number of bases in the set.
func (s BaseSet) Len() int { return bits.OnesCount64(s.lo) + bits.OnesCount64(s.hi) }

// Empty reports whether the set is empty.
func (s BaseSet) Empty() bool { return s.lo|s.hi == 0 }

func (s BaseSet) and(o BaseSet) BaseSet    { return BaseSet{s.lo & o.lo, s.hi & o.hi} }
func (s BaseSet) or(o BaseSet) BaseSet     { return BaseSet{s.lo | o.lo, s.hi | o.hi} }
func (s BaseSet) andNot(o BaseSet) BaseSet { return BaseSet{s.lo &^ o.lo, s.hi &^ o.hi} }

// next returns the first slot at or after i in the set, or -1.
func (s BaseSet) next(i int) int {
	if i < 64 {
		if m := s.lo >> i; m != 0 {
			return i + bits.TrailingZeros64(m)
		}
		i = 64
	}
	if i < 128 {
		if m := s.hi >> (i - 64); m != 0 {
			return i + bits.TrailingZeros64(m)
		}
	}
	return -1
}

// Bases returns the bases in name order.
func (s BaseSet) Bases() []Base {
	out := make([]Base, 0, s.Len())
	for i := s.next(0); i >= 0; i = s.next(i + 1) {
		out = append(out, baseOfSlot(i))
	}
	return out
}

// String returns the names separated by spaces ("K2 K4 L1").
func (s BaseSet) String() string {
	var b strings.Builder
	for i := s.next(0); i >= 0; i = s.next(i + 1) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(baseOfSlot(i).String())
	}
	return b.String()
}

// floorSlots returns the slots of floor f's first n bases.
func floorSlots(f FloorID, n int) BaseSet {
	var s BaseSet
	for i := range n {
		s.add(int(f)*MaxBases + i)
	}
	return s
}
