package shangrila

import (
	"image"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// symbol names an icon that is not a discipline.
type symbol uint8

const (
	symHome symbol = iota
	symStar
	numSymbols
)

// iconKey names one rasterized icon: a discipline's (kind below
// NumDisciplines) or a symbol, at a size.
type iconKey struct {
	kind uint8
	size int
}

// symbolKinds is the first kind of the symbols, which follow the
// disciplines.
const symbolKinds = shangrila.NumDisciplines

// iconSet holds the icon masks rasterized in New at the sizes the layout
// uses. It is read-only once built; an icon at another size is rasterized
// on the spot and not kept.
type iconSet struct {
	masks map[iconKey]*image.Alpha
}

func newIconSet(f *render.Filler) *iconSet {
	s := &iconSet{masks: map[iconKey]*image.Alpha{}}
	for _, size := range []int{slotIconSize, tileIconSize, supplyIcon, legendIcon} {
		for _, d := range shangrila.Disciplines {
			s.masks[iconKey{uint8(d), size}] = f.Scaled(disciplineIcon(d), size)
		}
	}
	for _, size := range []int{ghostSymbol, starSize} {
		for sym := symbol(0); sym < numSymbols; sym++ {
			s.masks[iconKey{uint8(symbolKinds + int(sym)), size}] = f.Scaled(symbolIcon(sym), size)
		}
	}
	return s
}

func symbolIcon(sym symbol) []render.MaskOp {
	if sym == symHome {
		return homeIcon()
	}
	return starIcon()
}

func (s *iconSet) lookup(k iconKey, ops func() []render.MaskOp) *image.Alpha {
	if m, ok := s.masks[k]; ok {
		return m
	}
	var f render.Filler
	return f.Scaled(ops(), k.size)
}

// get returns discipline d's icon at size.
func (s *iconSet) get(d shangrila.Discipline, size int) *image.Alpha {
	return s.lookup(iconKey{uint8(d), size}, func() []render.MaskOp { return disciplineIcon(d) })
}

// symbol returns a symbol's icon at size.
func (s *iconSet) symbol(sym symbol, size int) *image.Alpha {
	return s.lookup(iconKey{uint8(symbolKinds + int(sym)), size}, func() []render.MaskOp { return symbolIcon(sym) })
}
