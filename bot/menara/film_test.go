package menara

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// turnSamples are turns of every kind, for the timelapse's captions.
func turnSamples() map[string]rmenara.TurnWords {
	return map[string]rmenara.TurnWords{
		"columns": {Player: "Ana", Pile: "blue", Card: "Place 2 columns", Steps: []rmenara.StepWords{
			{Kind: mr.PlaceColumn, Colour: "red", To: "K2"}, {Kind: mr.PlaceColumn, Colour: "yellow", To: "K3", NewFloor: "M"},
			{Kind: mr.PlaceFloor, Floor: "M", Level: 2, Supports: "K2 K3 L1"}}},
		"exchange and give up": {Player: "Bob", Give: "YY", Take: "RB", Pile: "red", Card: "Fill one floor",
			GaveUp: true, ToLevelRow: true, Renew: true},
		"moves": {Player: "Cy", Card: "Move 2 columns up", Steps: []rmenara.StepWords{
			{Kind: mr.MoveColumn, Colour: "red", From: "K2", To: "M3"}, {Kind: mr.MoveColumn, Colour: "black", From: "K4", To: "M1"}}},
		"extend": {Player: "Dee", Card: "Place 1 column", Steps: []rmenara.StepWords{
			{Kind: mr.PlaceColumn, Colour: "red", To: "K2", NewFloor: "N"}, {Kind: mr.Extend, Floor: "N"}}, ToLevelRow: true},
		"lift": {Player: "Ana", Card: "Move a floor", Steps: []rmenara.StepWords{{Kind: mr.Lift, Floor: "M", Level: 3, Supports: "F1 G2 G4"}}},
		"lift fell": {Player: "Ana", Card: "Move a floor", Steps: []rmenara.StepWords{{Kind: mr.Lift, Floor: "M", LiftFell: true}},
			ToLevelRow: true},
		"shaky": {Player: "Bob", Card: "Place 1 column", Steps: []rmenara.StepWords{
			{Kind: mr.PlaceFloor, Floor: "M", Failed: true}}, ToLevelRow: true},
		"collapse": {Player: "Cy", Card: "Place 1 column", Steps: []rmenara.StepWords{
			{Kind: mr.PlaceColumn, Colour: "white", To: "K2", Collapse: true}}, Collapse: true},
		"revealed":  {Player: "Dee", Card: "Fill one floor"},
		"exchanged": {Player: "Dee", Give: "W", Take: "K"},
		"nothing":   {Player: "Dee"},
	}
}

// TestTurnCaptions pins the English captions of the timelapse's turns.
func TestTurnCaptions(t *testing.T) {
	turn := FilmLabels(catalog(t).Printer(i18n.English)).Turn
	samples := turnSamples()
	tests := map[string]string{
		"columns":              "Ana · Place 2 columns: red on K2, yellow on K3, floor M on level 2",
		"exchange and give up": "Bob · Fill one floor: exchanged YY for RB, gave up the card, renewed the camp",
		"moves":                "Cy · Move 2 columns up: K2 up to M3, K4 up to M1",
		"extend":               "Dee · Place 1 column: red on K2, floor N beside the base, card to the level row",
		"lift":                 "Ana · Move a floor: floor M moved to level 3",
		"lift fell":            "Ana · Move a floor: floor M would have fallen, card to the level row",
		"shaky":                "Bob · Place 1 column: floor M: the hand shook, card to the level row",
		"collapse":             "Cy · Place 1 column: white on K2, the temple collapsed!",
		"revealed":             "Dee · Fill one floor",
		"exchanged":            "Dee: exchanged W for K",
		"nothing":              "Dee",
	}
	for name, want := range tests {
		t.Run(name, func(t *testing.T) {
			if got := turn(samples[name]); got != want {
				t.Errorf("got  %q\nwant %q", got, want)
			}
		})
	}
}

// TestTurnCaptionsTranslated: in every language each caption is whole (no
// message id, no missing value), and in Spanish and Italian differs from
// the English.
func TestTurnCaptionsTranslated(t *testing.T) {
	cat := catalog(t)
	en := FilmLabels(cat.Printer(i18n.English))
	for _, l := range i18n.Langs {
		lb := FilmLabels(cat.Printer(l))
		if lb.Turn == nil || lb.LastStep == nil {
			t.Fatalf("%s: the film's labels lack the turn's caption or the image's words", l)
		}
		for name, w := range turnSamples() {
			got := lb.Turn(w)
			if strings.Contains(got, "menara.") || strings.Contains(got, "<no value>") || !strings.HasPrefix(got, w.Player) {
				t.Errorf("%s %s: %q", l, name, got)
			}
			if l != i18n.English && got == en.Turn(w) && len(w.Steps)+len(w.Give) > 0 {
				t.Errorf("%s %s: %q is the English text", l, name, got)
			}
		}
	}
}
