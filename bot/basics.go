package bot

import (
	"strconv"

	"github.com/tablebot/tablebot/i18n"
)

// Basics gives a game, which embeds it, the methods every game writes
// alike from one value each: Kind, Title (its message KIND.title), Guide
// (the sections of GuideID), Mark (Marks), SeatName (its message
// KIND.seat-name), Board and Film (Filmer).
type Basics struct {
	// Name is the game's Kind.
	Name string
	// GuideID is the message id the guide's sections are numbered under
	// ("menara.guide": "menara.guide.1"...).
	GuideID string
	// Draw draws the board images and Filming films the finished games;
	// nil draws none, or films none.
	Draw    BoardFunc
	Filming FilmFunc
	// Marks are the seats' small pictures in seat order ("1️⃣"); nil
	// marks a seat by its number ("#2").
	Marks []string
}

var _ Filmer = Basics{}

// Kind returns Name.
func (b Basics) Kind() string { return b.Name }

// Title says the message Name.title, the game's name.
func (b Basics) Title(p *i18n.Printer) string { return p.T(b.Name + ".title") }

// Guide is the rules guide, one message a section.
func (b Basics) Guide(p *i18n.Printer) []string { return p.Sections(b.GuideID) }

// Mark returns the seat's mark: its picture of Marks, "#" and its number
// without Marks, "▫️" for a seat Marks lacks.
func (b Basics) Mark(seat int) string {
	switch {
	case b.Marks == nil:
		return "#" + strconv.Itoa(seat+1)
	case seat < 0 || seat >= len(b.Marks):
		return "▫️"
	}
	return b.Marks[seat]
}

// SeatName says the message Name.seat-name of the seat's number
// ("Player 2"), for a seat whose player's name is unknown.
func (b Basics) SeatName(p *i18n.Printer, seat int) string {
	return p.T(b.Name+".seat-name", "n", seat+1)
}

// Board returns Draw.
func (b Basics) Board() BoardFunc { return b.Draw }

// Film returns Filming.
func (b Basics) Film() FilmFunc { return b.Filming }
