package bot

// Steps of the host's own components that a game's menus and buttons
// carry: a game builds them with Action.With and the host answers them.
const (
	// StepCancel is the Cancel button of every private menu.
	StepCancel = "x"
	// StepHint is the Hint button under a board.
	StepHint = "hint"
)

// Limits of what a game writes into menus and autocomplete choices: they
// are Discord's, and the host holds every face to them, so a game clips
// to these and never to a number of its own.
const (
	// MaxChoices is the most autocomplete choices, and options of one
	// menu, shown at once.
	MaxChoices = 25
	// MaxLabel is the most runes of a menu option's label or description
	// and of a choice's name.
	MaxLabel = 100
	// MaxPlaceholder is the most runes of a menu's placeholder.
	MaxPlaceholder = 150
	// MaxQuoted is the most runes of a word someone typed when a message
	// quotes it back.
	MaxQuoted = 25
)

// Clip cuts s to at most n runes, its last an ellipsis when it cut.
func Clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
