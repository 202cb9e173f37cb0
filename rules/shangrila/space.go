package shangrila

// Space is what lies on one discipline space of a village: nothing, a
// master, or a master with one student on top. A student always has its
// master's colour, so a space holds at most one master and one student of
// the same colour. The zero value is an empty space.
type Space uint8

const (
	spaceColour  Space = 0x07
	spaceStudent Space = 0x08
)

// MasterSpace returns a space holding a master of colour c, with a student
// of the same colour on top when student is true.
func MasterSpace(c Colour, student bool) Space {
	s := Space(c) & spaceColour
	if student && s != 0 {
		s |= spaceStudent
	}
	return s
}

// Empty reports whether no tile lies on the space.
func (s Space) Empty() bool { return s == 0 }

// Master returns the colour of the master on the space, or NoColour.
func (s Space) Master() Colour { return Colour(s & spaceColour) }

// Student reports whether the master has a student.
func (s Space) Student() bool { return s&spaceStudent != 0 }

// Tiles returns the number of tiles on the space: 0, 1 or 2.
func (s Space) Tiles() int {
	switch {
	case s == 0:
		return 0
	case s.Student():
		return 2
	}
	return 1
}
