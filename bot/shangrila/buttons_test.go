package shangrila

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	sl "github.com/tablebot/tablebot/rules/shangrila"
)

// TestBoardButtons pins the buttons under a board in the setup and along
// one game in play: their labels, custom ids and which are disabled
// (marked "off": a kind of move the player has none of).
func TestBoardButtons(t *testing.T) {
	p := catalog(t).Printer(i18n.English)
	g := New(Options{})
	board := bot.Action{Kind: Kind, Game: "g", Position: 1}
	tests := []struct {
		plies int
		want  string
	}{
		{-1, "🏠Place a starting master shangrila:g:v1:place | 💡Hint shangrila:g:v1:hint"},
		{0, "🏠Place a master shangrila:g:v1:place | 🎓Recruit shangrila:g:v1:recruit | 🌉Journey shangrila:g:v1:journey off | 💡Hint shangrila:g:v1:hint"},
		{7, "🏠Place a master shangrila:g:v1:place | 🎓Recruit shangrila:g:v1:recruit | 🌉Journey shangrila:g:v1:journey | 💡Hint shangrila:g:v1:hint"},
		{104, "🏠Place a master shangrila:g:v1:place | 🎓Recruit shangrila:g:v1:recruit off | 🌉Journey shangrila:g:v1:journey | 💡Hint shangrila:g:v1:hint"},
		{107, "🏠Place a master shangrila:g:v1:place off | 🎓Recruit shangrila:g:v1:recruit off | 🌉Journey shangrila:g:v1:journey off | 💡Hint shangrila:g:v1:hint"},
	}
	for _, tt := range tests {
		st := bot.NewReplay[sl.Position, sl.Move, *sl.Effects](engine{}, playedTo(t, tt.plies))
		var got []string
		for _, row := range g.Buttons(p, st, board) {
			for _, b := range row.Buttons {
				s := b.Emoji + b.Label + " " + b.ID
				if b.Disabled {
					s += " off"
				}
				got = append(got, s)
			}
		}
		if s := strings.Join(got, " | "); s != tt.want {
			t.Errorf("after %d plies:\ngot  %s\nwant %s", tt.plies, s, tt.want)
		}
	}
}
