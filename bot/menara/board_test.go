package menara

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
)

// TestBoardButtons pins the buttons under a board at every stage of a
// turn: their labels, emoji, style, whether they are disabled and their
// custom ids (the exchange's disabled once made).
func TestBoardButtons(t *testing.T) {
	p := catalog(t).Printer(i18n.English)
	g := New(Options{NoComputers: true})
	board := bot.Action{Kind: "menara", Game: "g", Position: 1}
	exchanged := func(t *testing.T) *State {
		s := hintedTo(t, atExchange)
		for _, l := range g.Forms.Moves(s) {
			if strings.Contains(l, "exchange") {
				if _, err := s.Play(l); err != nil {
					t.Fatal(err)
				}
				return s
			}
		}
		t.Fatal("no exchange")
		return nil
	}
	tests := []struct {
		name string
		st   func(t *testing.T) *State
		want string
	}{
		{"exchange", func(t *testing.T) *State { return hintedTo(t, atExchange) }, "Exchange 🔁 2 menara:g:v1:exchange | Reveal blue (9) 🟦 1 menara:g:v1:reveal:blue | Reveal yellow (12) 🟨 1 menara:g:v1:reveal:yellow | Reveal red (14) 🟥 1 menara:g:v1:reveal:red | Hint 💡 2 menara:g:v1:hint"},
		{"exchanged", exchanged, "Exchange 🔁 2 off menara:g:v1:exchange | Reveal blue (9) 🟦 1 menara:g:v1:reveal:blue | Reveal yellow (12) 🟨 1 menara:g:v1:reveal:yellow | Reveal red (14) 🟥 1 menara:g:v1:reveal:red | Hint 💡 2 menara:g:v1:hint"},
		{"column", func(t *testing.T) *State { return hintedTo(t, atColumn) }, "Place a column 🏛️ 1 menara:g:v1:place | Give up the card 🏳️ 4 menara:g:v1:giveup:false | Hint 💡 2 menara:g:v1:hint"},
		{"new floor", func(t *testing.T) *State { return hintedTo(t, atNewFloor) }, "Place floor Q 🧱 1 menara:g:v1:floor | Give up the card 🏳️ 4 menara:g:v1:giveup:false | Hint 💡 2 menara:g:v1:hint"},
		{"close", func(t *testing.T) *State { return hintedTo(t, atClose) }, "End the turn ✅ 3 menara:g:v1:done:false | Hint 💡 2 menara:g:v1:hint"},
		{"move", func(t *testing.T) *State { return hintedTo(t, atMove) }, "Move a column ⬆️ 1 menara:g:v1:move | Give up the card 🏳️ 4 menara:g:v1:giveup:false | Hint 💡 2 menara:g:v1:hint"},
		{"lift", func(t *testing.T) *State { return hintedTo(t, atLift) }, "Move a floor 🏗️ 1 menara:g:v1:lift | Give up the card 🏳️ 4 menara:g:v1:giveup:false | Hint 💡 2 menara:g:v1:hint"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, row := range g.Buttons(p, tt.st(t), board) {
				for _, b := range row.Buttons {
					off := ""
					if b.Disabled {
						off = " off"
					}
					got = append(got, fmt.Sprintf("%s %s %d%s %s", b.Label, b.Emoji, b.Style, off, b.ID))
				}
			}
			if s := strings.Join(got, " | "); s != tt.want {
				t.Errorf("got  %s\nwant %s", s, tt.want)
			}
		})
	}
}
