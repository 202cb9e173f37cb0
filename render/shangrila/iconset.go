package shangrila

import (
	"image"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// symbol names an icon that is not a discipline.
type symbol uint8

const (
	symCross symbol = iota
	symHome
	symStar
	numSymbols
)

// iconKey names one rasterized icon: a discipline's (kind below
// NumDisciplines), a colour's mark, or a symbol, at a size.
type iconKey struct {
	kind uint8
	size int
}

const (
	markKinds   = shangrila.NumDisciplines          // marks follow the disciplines, by colour
	symbolKinds = markKinds + int(shangrila.Violet) // symbols follow the marks
)

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
	for _, size := range []int{markSize, legendMark, swatchMark} {
		for _, c := range shangrila.Colours {
			s.masks[iconKey{uint8(markKinds + int(c) - 1), size}] = f.Scaled(playerMark(c), size)
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
	switch sym {
	case symCross:
		return crossIcon()
	case symHome:
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

// mark returns colour c's mark at size.
func (s *iconSet) mark(c shangrila.Colour, size int) *image.Alpha {
	if !c.Valid() {
		return nil
	}
	return s.lookup(iconKey{uint8(markKinds + int(c) - 1), size}, func() []render.MaskOp { return playerMark(c) })
}

// symbol returns a symbol's icon at size.
func (s *iconSet) symbol(sym symbol, size int) *image.Alpha {
	return s.lookup(iconKey{uint8(symbolKinds + int(sym)), size}, func() []render.MaskOp { return symbolIcon(sym) })
}
