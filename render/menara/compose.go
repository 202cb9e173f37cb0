package menara

import (
	"image"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/menara"
)

// Width is the width of every image, in pixels.
const Width = 1200

// The bands of the image.
const (
	warningHeight = 40
	bottomPad     = 16
)

// Options says how to draw a view besides the view itself.
type Options struct {
	// Names are the players' display names in seat order (Discord names,
	// say). Any text is accepted: letters the fonts lack are left out, long
	// names are cut short, and a player without a usable name is called by
	// the record's name.
	Names []string
	// Labels are every word on the image; nil draws no words (the bot
	// passes its catalogue's, bot/menara.Labels).
	Labels *Labels
}

// NewLayout lays out view v with the options. It is a pure function of its
// arguments.
func NewLayout(v *View, opts Options) Layout {
	lb := opts.Labels
	if lb == nil {
		lb = &Labels{}
	}
	names := displayNames(v, opts.Names)
	l := Layout{}
	l.Header = layoutHeader(v, lb, names)
	top := l.Header.Rect.Max.Y + bottomPad
	panelX := Width - bottomPad - panelWidth
	l.Panel = layoutPanel(v, lb, names, panelX, Width-bottomPad, top)
	// The temple beside the panel, as large as fits the width.
	area := image.Rect(0, l.Header.Rect.Max.Y, panelX, l.Header.Rect.Max.Y+templeMaxH)
	l.Temple = layoutTemple(v, lb, area, l.Panel.Rect.Max.Y-area.Min.Y)
	top = max(l.Temple.Rect.Max.Y, l.Panel.Rect.Max.Y) + bottomPad
	var plansH int
	l.Plans, plansH = layoutPlans(v, lb, image.Rect(bottomPad, top, Width-bottomPad, top))
	l.Size = image.Pt(Width, top+plansH+bottomPad)
	return l
}

// displayNames returns the players' names to draw, in seat order.
func displayNames(v *View, given []string) []string {
	out := make([]string, len(v.Players))
	for i, p := range v.Players {
		out[i] = render.CleanName(p)
		if i < len(given) {
			if n := render.CleanName(given[i]); n != "" {
				out[i] = n
			}
		}
	}
	return out
}

// stepWords puts change c's step in words.
func stepWords(v *View, c *Change, lb *Labels, names []string) StepWords {
	s := c.Step
	w := StepWords{Kind: s.Kind, Failed: c.Failed, Collapse: c.Collapse, Renew: s.Renew, LiftFell: c.LiftFell}
	if int(s.Seat) < len(names) {
		w.Player = names[s.Seat]
	}
	if c.NewFloor.Valid() {
		w.NewFloor = c.NewFloor.String()
	}
	switch s.Kind {
	case menara.Exchange:
		w.Give, w.Take = letters(s.Give, lb), letters(s.Take, lb)
	case menara.Reveal:
		if s.Pile.Valid() {
			w.Pile = lb.Piles[s.Pile]
		}
		w.Card = call1(lb.Card, c.Card)
	case menara.PlaceColumn:
		if s.Colour.Valid() {
			w.Colour = lb.Colours[s.Colour]
		}
		w.To = s.To.String()
	case menara.MoveColumn:
		w.From, w.To = s.From.String(), s.To.String()
		for _, f := range v.Floors {
			if f.ID == s.To.Floor && int(s.To.N) <= len(f.Bases) {
				w.Colour = lb.Colours[f.Bases[s.To.N-1].Colour]
			}
		}
	case menara.PlaceFloor, menara.Extend, menara.Lift:
		w.Floor = s.Floor.String()
		for _, f := range v.Floors {
			if f.ID == s.Floor {
				w.Level = f.Level
			}
		}
		w.Supports = s.On.String()
	}
	return w
}

// letters writes columns as the colours' letters in the image's language.
func letters(c menara.Columns, lb *Labels) string {
	var s string
	for _, col := range c.List() {
		s += lb.ColourLetters[col]
	}
	return s
}
