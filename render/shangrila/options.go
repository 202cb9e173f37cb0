package shangrila

import "github.com/tablebot/tablebot/rules/shangrila"

// Options says what to draw besides the position.
type Options struct {
	// Last is the move that led to the position, highlighted when not nil.
	Last *shangrila.Effects
	// Since are the moves since the player to move last moved, oldest
	// first, Last among them: the map highlights every one (the panel's
	// words still say Last alone). Nil highlights Last alone.
	Since []*shangrila.Effects
	// Names are the players' display names (Discord names, say). Any text
	// is accepted: letters the fonts lack (emoji, say) are left out, long
	// names are cut short, and a player without a usable name is called by
	// their colour.
	Names map[shangrila.Colour]string
	// Labels are the words on the image, in the players' language
	// (bot/shangrila.Labels); nil draws no words.
	Labels *Labels
}

// labels returns the options' labels; none by default.
func (o Options) labels() Labels {
	if o.Labels != nil {
		return *o.Labels
	}
	return Labels{}
}
