package shangrila

import (
	"embed"
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	srender "github.com/tablebot/tablebot/render/shangrila"
	sl "github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/ai"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

//go:embed locales
var locales embed.FS

// Kind is the game's name in records, in the store and as a command.
const Kind = notation.GameName

// Settings of a table, besides the host's.
const (
	settingStart = "start" // "setup" or "suggested"
	startSetup   = "setup"
	startSuggest = "suggested"
)

// Options configures the game.
type Options struct {
	// Board draws the board images; nil draws none (the posts then carry
	// text only).
	Board bot.BoardFunc
	// Film makes the timelapse of the game-over post (bot.Filmer); nil
	// makes none.
	Film bot.FilmFunc
	// Computers tunes the computer players (the hard level's thinking
	// time); the zero value gives the defaults.
	Computers ai.Options
}

// Game is The Bridges of Shangri-La as the host runs it (bot.Game).
type Game struct {
	bot.Basics
	bot.Forms
	bot.ComputerLevels[sl.Position, sl.Move, *sl.Effects]

	// labelsOf gives the board's words of a printer, built at its first
	// Recount.
	labelsOf func(*i18n.Printer) *srender.Labels
}

// New returns the game.
func New(opts Options) *Game {
	return &Game{Basics: bot.Basics{Name: Kind, GuideID: "guide", Draw: opts.Board, Filming: opts.Film}, Forms: moveForms(),
		ComputerLevels: computers(opts.Computers), labelsOf: i18n.PerPrinter(Labels)}
}

var _ bot.Game = (*Game)(nil)

// Seats: 3 or 4 players, each for themselves.
func (g *Game) Seats() bot.Seats { return bot.Seats{Min: 3, Max: 4, Default: 4} }

// Source is the game's part of the message catalogue, for i18n.New.
func Source() i18n.Source { return i18n.Source{Files: locales, Terms: terms} }

// NewOptions are the options of /shangrila new.
func (g *Game) NewOptions() []bot.OptionSpec {
	return []bot.OptionSpec{
		{Name: "players", Type: bot.IntegerOption, Choices: bot.ChoicesOf("choice.players.", "3", "4")},
		{Name: settingStart, Type: bot.StringOption, Default: startSetup, Help: "how a new game starts", Choices: bot.ChoicesOf("choice.start.", startSetup, startSuggest)},
	}
}

// Setup gives the seats their colours in play order: red, blue, yellow,
// violet.
func (g *Game) Setup(settings map[string]string, names []string, seed uint64) (bot.Setup, error) {
	n := len(names)
	if n < 3 || n > 4 {
		return bot.Setup{}, fmt.Errorf("shangrila: %d players", n)
	}
	seats := make([]string, n)
	for i := range seats {
		seats[i] = sl.Colours[i].String()
	}
	start := sl.StartSetup
	if settings[settingStart] == startSuggest {
		start = sl.StartSuggested
	}
	return bot.Setup{Seats: seats, Lines: notation.Header(sl.Colours[:n], start)}, nil
}

// Load replays a record.
func (g *Game) Load(record string) (bot.State, error) {
	rec, err := notation.ParseRecord(strings.NewReader(record))
	if err != nil {
		return nil, err
	}
	game, err := rec.Replay(nil)
	if err != nil {
		return nil, err
	}
	return bot.Replayed(engine{}, game.Start(), game.Moves(), game.Position()), nil
}

// seatColour is the colour of a seat: seats take colours in play order.
func seatColour(seat int) sl.Colour {
	if seat < 0 || seat >= len(sl.Colours) {
		return sl.NoColour
	}
	return sl.Colours[seat]
}
