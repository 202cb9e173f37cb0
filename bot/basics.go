package bot

import "github.com/tablebot/tablebot/i18n"

// Basics gives a game, which embeds it, the methods every game writes
// alike from one value each: Kind, Title (its message KIND.title), Guide
// (the sections of GuideID), Board and Film (Filmer).
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
}

var _ Filmer = Basics{}

// Kind returns Name.
func (b Basics) Kind() string { return b.Name }

// Title says the message Name.title, the game's name.
func (b Basics) Title(p *i18n.Printer) string { return p.T(b.Name + ".title") }

// Guide is the rules guide, one message a section.
func (b Basics) Guide(p *i18n.Printer) []string { return p.Sections(b.GuideID) }

// Board returns Draw.
func (b Basics) Board() BoardFunc { return b.Draw }

// Film returns Filming.
func (b Basics) Film() FilmFunc { return b.Filming }
