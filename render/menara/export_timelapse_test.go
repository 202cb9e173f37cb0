package menara

import "github.com/tablebot/tablebot/rules/menara"

// TurnViews returns the views and words of the turns the steps from start
// make, as Timelapse draws them after its first frame: for the tests to
// check what a turn's frame highlights.
func TurnViews(start *menara.Position, steps []menara.Step, lb *Labels, names []string) ([]View, []TurnWords, error) {
	turns, err := turnsOf(start, steps, lb, names)
	views, words := make([]View, len(turns)), make([]TurnWords, len(turns))
	for i, t := range turns {
		views[i], words[i] = t.view, t.words
	}
	return views, words, err
}
