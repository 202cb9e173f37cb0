package takeaway

import (
	"context"
	"embed"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
)

//go:embed locales
var locales embed.FS

// Source is the game's part of the message catalogue.
func Source() i18n.Source { return i18n.Source{Files: locales} }

// Names of the game's move, its option, and its settings.
const (
	cmdTake   = "take"
	optStones = "stones"
	optMode   = "mode"
	optSkip   = "skip"
)

// Options configure the game for a test.
type Options struct {
	// Board, when set, draws the boards instead of Draw (a test counts or
	// holds the draws); NoImages draws none (posts carry text only).
	Board    bot.BoardFunc
	NoImages bool
	// Before, when set, is called before a computer chooses its move (a
	// test holds a computer there to make requests meet).
	Before func(seat int)
	// Broken adds the computer level "broken", whose player never finds a
	// move.
	Broken bool
	// Sealed, when above zero, makes the game an Undoer: its first Sealed
	// moves cannot be taken back (as if they had shown something).
	Sealed int
	// Film, when set, films the finished games (bot.Filmer).
	Film bot.FilmFunc
}

// Game is the take-away game for the host. Its one move is a form: the
// host derives the take subcommand, its autocomplete, the Take button's
// menu, the terminal's "take N" and the list of moves from it.
type Game struct {
	bot.Basics
	bot.Forms
	opts Options
}

// New returns the game.
func New(opts Options) *Game {
	take := bot.Form{
		Name:   cmdTake,
		Button: "takeaway.button.take",
		Params: []bot.Param{{Name: optStones, Type: bot.IntegerOption, Ask: "takeaway.menu.take", Legal: legalTakes, Label: takeLabel}},
		Make:   makeTake,
	}
	// It draws the pile (Draw), or with Options.Board when a test sets it;
	// none with Options.NoImages.
	var draw bot.BoardFunc = Draw
	switch {
	case opts.Board != nil:
		draw = opts.Board
	case opts.NoImages:
		draw = nil
	}
	basics := bot.Basics{Name: Kind, GuideID: "takeaway.guide", Draw: draw, Filming: opts.Film}
	return &Game{Basics: basics, Forms: bot.Forms{List: []bot.Form{take}}, opts: opts}
}

// legalTakes are the numbers of stones seat may take.
func legalTakes(st bot.State, seat int, _ bot.Values) []string {
	pos := state(st).Position()
	var out []string
	for n := 1; n <= min(MaxTake, pos.Left); n++ {
		if pos.Check(Move{Seat: seat, Take: n}) == nil {
			out = append(out, strconv.Itoa(n))
		}
	}
	return out
}

// takeLabel says a number of stones: "2 stones".
func takeLabel(p *i18n.Printer, _ bot.State, value string) string {
	n, _ := strconv.Atoi(value)
	return p.N("takeaway.choice", n)
}

// makeTake is seat's take of the number of stones in v.
func makeTake(st bot.State, seat int, v bot.Values) (string, error) {
	n, err := strconv.Atoi(v[optStones])
	if err != nil {
		return "", rules.Errorf(rules.Invalid, "takeaway.err.count", nil, "a number")
	}
	return state(st).Line(Move{Seat: seat, Take: n}), nil
}

var _ bot.Game = (*Game)(nil)

// Seats: 1 to 4 (a race needs 2: Setup refuses one).
func (g *Game) Seats() bot.Seats { return bot.Seats{Min: 1, Max: 4, Default: 2} }

// NewOptions: players, stones, mode.
func (g *Game) NewOptions() []bot.OptionSpec {
	return []bot.OptionSpec{
		{Name: "players", Type: bot.IntegerOption, Min: 1, Max: 4},
		{Name: optStones, Type: bot.IntegerOption, Min: 1, Max: 99, Default: "21", Help: "the pile"},
		{Name: optMode, Type: bot.StringOption, Default: Race, Choices: bot.ChoicesOf("choice.mode.", Race, Team)},
		{Name: optSkip, Type: bot.IntegerOption, Min: 1, Max: 99},
	}
}

// Configure refuses a race for one (bot.Configurer): the host has read
// the pile, the mode and the skip already.
func (g *Game) Configure(options map[string]string, seats int) (map[string]string, error) {
	if options[optMode] == Race && seats < 2 {
		return nil, rules.Errorf(rules.Invalid, "takeaway.err.race", nil, "a race needs 2 players")
	}
	return options, nil
}

// Setup names the seats p1, p2... and writes the pile and the mode.
func (g *Game) Setup(settings map[string]string, names []string, seed uint64) (bot.Setup, error) {
	seats := make([]string, len(names))
	for i := range seats {
		seats[i] = "p" + strconv.Itoa(i+1)
	}
	lines := []string{"players " + strings.Join(seats, " "), "stones " + settings[optStones], "mode " + settings[optMode]}
	if skip := settings[optSkip]; skip != "" {
		lines = append(lines, "skip "+skip)
	}
	if _, err := NewPosition(Rules{Seats: seats, Stones: 1, Mode: settings[optMode]}); err != nil {
		return bot.Setup{}, rules.Errorf(rules.Invalid, "takeaway.err.race", nil, "a race needs 2 players")
	}
	return bot.Setup{Seats: seats, Lines: lines}, nil
}

// Load replays a record.
func (g *Game) Load(record string) (bot.State, error) {
	start, lines, err := ParseRecord(record)
	if err != nil {
		return nil, err
	}
	s := bot.NewReplay(bot.Engine[Position, Move, Effect](engine{rules: start.Rules}), start)
	for _, l := range lines {
		if _, err := s.Play(l); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// State is a game replayed: its start, its moves and where they lead.
type State = bot.Replay[Position, Move, Effect]

// engine is the rules of takeaway as the host's State plays them; rules
// gives the seats' names, which record lines use.
type engine struct {
	bot.EngineDefaults[Position, Move, Effect]
	rules Rules
}

// Apply makes a move.
func (engine) Apply(pos Position, m Move) (Position, Effect, error) { return pos.Apply(m) }

// ParseMove reads a record line.
func (e engine) ParseMove(line string) (Move, error) {
	return (&Position{Rules: e.rules}).ParseMove(line)
}

// FormatMove writes a move as a record line.
func (e engine) FormatMove(m Move) string { return (&Position{Rules: e.rules}).FormatMove(m) }

// Over reports whether the game has ended.
func (engine) Over(pos Position) bool { return pos.Over }

// ToAct returns the seats that may take now.
func (engine) ToAct(pos Position) []int { return pos.ToAct() }

// Out reports whether a seat resigned.
func (engine) Out(pos Position, seat int) bool {
	return seat >= 0 && seat < len(pos.Resigned) && pos.Resigned[seat]
}

// Auto is the pass of a seat that must pass (Rules.Skip).
func (engine) Auto(pos Position) (Move, bool) {
	if !pos.MustPass() {
		return Move{}, false
	}
	return Move{Seat: pos.Turn, Pass: true}, true
}

// state reads a state of this game; a state of another game panics.
func state(st bot.State) *State { return bot.ReplayOf[Position, Move, Effect](st) }

// Levels: easy and hard, and broken when asked for.
func (g *Game) Levels() []string {
	if g.opts.Broken {
		return []string{"easy", "hard", "broken"}
	}
	return []string{"easy", "hard"}
}

// computer plays a seat.
type computer struct {
	level  string
	seed   uint64
	seat   int
	before func(int)
}

// Computer returns the player of a level.
func (g *Game) Computer(level string, seed uint64, seat int) (bot.Computer, bool) {
	for _, l := range g.Levels() {
		if l == level {
			return computer{level: level, seed: seed, seat: seat, before: g.opts.Before}, true
		}
	}
	return nil, false
}

// errNoMove is the broken level's failure.
var errNoMove = errors.New("takeaway: the broken computer finds no move")

// Move takes at random (easy), leaves a multiple of 4 when it can (hard),
// or fails (broken).
func (c computer) Move(ctx context.Context, st bot.State) (string, error) {
	if c.before != nil {
		c.before(c.seat)
	}
	s := state(st)
	if c.level == "broken" {
		return "", errNoMove
	}
	return s.Line(Move{Seat: c.seat, Take: best(s.Position(), c.level, c.seed)}), nil
}

// best is a level's take.
func best(p Position, level string, seed uint64) int {
	most := min(MaxTake, p.Left)
	if level == "hard" && p.Left%(MaxTake+1) != 0 {
		return p.Left % (MaxTake + 1)
	}
	rng := rand.New(rand.NewPCG(seed, uint64(p.Moves)))
	return 1 + rng.IntN(most)
}

// Hint suggests the hard level's take.
func (g *Game) Hint(ctx context.Context, st bot.State, seat int, seed uint64, p *i18n.Printer) (string, error) {
	return p.N("takeaway.hint", best(state(st).Position(), "hard", seed)), nil
}

// UndoFrom seals the first Options.Sealed moves (bot.Undoer).
func (g *Game) UndoFrom(st bot.State) int { return min(g.opts.Sealed, st.Moves()) }

// Resign returns the seat's resignation.
func (g *Game) Resign(st bot.State, seat int) (string, bool) {
	return state(st).Line(Move{Seat: seat, Resign: true}), true
}
