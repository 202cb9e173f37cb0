package menara

import (
	"context"
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// Kind is the game's name in records, in the store and as a command.
const Kind = notation.GameName

// Settings of a table, besides the host's, and the options of new.
const (
	settingDifficulty = "difficulty" // easy, medium or hard
	settingHands      = "hands"      // steady or shaky
	settingSide       = "side"       // light or dark: the base's side
)

// PreviewFunc draws position pos with step proposed (a floor about to be
// placed or moved), every word in language lang; names are the players'
// display names in seat order.
type PreviewFunc func(ctx context.Context, pos *mr.Position, step mr.Step, names []string, lang i18n.Lang) ([]byte, error)

// Options configures the game.
type Options struct {
	// Board draws the board images and Preview the private previews of a
	// floor; nil draws none (the posts then carry text only).
	Board   bot.BoardFunc
	Preview PreviewFunc
	// Film makes the timelapse of the game-over post (bot.Filmer, see
	// NewFilmFunc); nil makes none.
	Film bot.FilmFunc
	// Computers caps the thinking of the computer teammates
	// (rules/menara/ai) and of the hints: its defaults for the bot (2 s
	// and a node cap), --think in the terminal.
	Computers ai.Options
	// NoComputers offers no computer teammates and gives the engine's own
	// hints (tests of the host's words that need no search).
	NoComputers bool
}

// Game is Menara as the host runs it (bot.Game).
type Game struct {
	bot.Basics
	bot.Forms
	bot.ComputerLevels[mr.Position, mr.Step, *mr.Effects]
	opts Options
	// filmLabelsOf gives the film's words of a printer, built at its first
	// Recount.
	filmLabelsOf func(*i18n.Printer) *rmenara.Labels
}

// New returns the game.
func New(opts Options) *Game {
	basics := bot.Basics{Name: Kind, GuideID: "menara.guide", Draw: opts.Board, Filming: opts.Film, Marks: []string{"1️⃣", "2️⃣", "3️⃣", "4️⃣"}}
	g := &Game{Basics: basics, ComputerLevels: computers(opts), opts: opts,
		filmLabelsOf: i18n.PerPrinter(FilmLabels)}
	g.Forms = g.forms()
	return g
}

var (
	_ bot.Game   = (*Game)(nil)
	_ bot.Undoer = (*Game)(nil)
)

// Seats: 1 to 4 players, together. A table has 4 seats unless new says
// fewer, and starts with however many have joined: one is enough.
func (g *Game) Seats() bot.Seats {
	return bot.Seats{Min: mr.MinPlayers, Max: mr.MaxPlayers, Default: mr.MaxPlayers, Cooperative: true}
}

// NewOptions are the options of /menara new.
func (g *Game) NewOptions() []bot.OptionSpec {
	return []bot.OptionSpec{
		{Name: "players", Type: bot.IntegerOption, Min: mr.MinPlayers, Max: mr.MaxPlayers},
		{Name: settingDifficulty, Type: bot.StringOption, Default: mr.Medium.String(),
			Choices: bot.ChoicesOf("menara.choice.difficulty.", mr.Easy.String(), mr.Medium.String(), mr.Hard.String())},
		{Name: settingHands, Type: bot.StringOption, Default: DefaultHands.String(),
			Choices: bot.ChoicesOf("menara.choice.hands.", mr.Steady.String(), mr.Shaky.String())},
		{Name: settingSide, Type: bot.StringOption, Default: mr.Light.String(), Help: "the base's side",
			Choices: bot.ChoicesOf("menara.choice.side.", mr.Light.String(), mr.Dark.String())},
	}
}

// setup is a table's settings, read.
type setup struct {
	difficulty mr.Difficulty
	hands      mr.Hands
	side       mr.Side
}

// DefaultHands is the hands of a new game when new (or a tool's --hands)
// names none: shaky, so that a floor's margin is a decision (a step in
// the amber band may fail) and not only a threshold the preview shows.
// The engine's zero value stays mr.Steady: a record without a hands line,
// and every stored game (its settings and header name its hands), replays
// as it was played.
const DefaultHands = mr.Shaky

// readSetup reads a table's settings: the options of new as the host
// read them (bot.Configure: each one of its choices, a default filled
// in).
func readSetup(options map[string]string) (setup, error) {
	var s setup
	var ok bool
	if s.difficulty, ok = mr.ParseDifficulty(options[settingDifficulty]); !ok {
		return s, bot.Fail(bot.Invalid, "menara.err.difficulty", "word", options[settingDifficulty])
	}
	if s.hands, ok = mr.ParseHands(options[settingHands]); !ok {
		return s, bot.Fail(bot.Invalid, "menara.err.hands", "word", options[settingHands])
	}
	if s.side, ok = mr.ParseSide(options[settingSide]); !ok || s.side == mr.NoSide {
		return s, bot.Fail(bot.Invalid, "menara.err.side", "word", options[settingSide])
	}
	return s, nil
}

// Setup names the seats after their players, as a record needs them (one
// word each, all different: see SeatNames), and writes the record's header
// with the game's seed.
func (g *Game) Setup(settings map[string]string, names []string, seed uint64) (bot.Setup, error) {
	s, err := readSetup(settings)
	if err != nil {
		return bot.Setup{}, err
	}
	seats := SeatNames(names)
	o := mr.Options{Players: seats, Difficulty: s.difficulty, Hands: s.hands, Side: s.side}
	if _, err := mr.NewPosition(o, seed); err != nil {
		return bot.Setup{}, fmt.Errorf("menara: setting up: %w", err)
	}
	return bot.Setup{Seats: seats, Lines: notation.NewRecord(o, seed, nil).Header()}, nil
}

// Load replays a record.
func (g *Game) Load(record string) (bot.State, error) {
	rec, err := notation.ParseRecord(strings.NewReader(record))
	if err != nil {
		return nil, err
	}
	game, err := rec.Replay()
	if err != nil {
		return nil, err
	}
	return bot.Replayed(engine{players: rec.Players}, game.Start(), game.Steps(), game.Position()), nil
}
