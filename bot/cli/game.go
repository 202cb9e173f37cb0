package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
)

// Game is everything a game gives the binary: how to host it, its words,
// its records on the command line (replay, render, games), its random
// games (selfplay), its computer players (arena) and its setup in the
// terminal (local) with its own flags. A game implements it in its
// bot/<game>/tools package, whose New returns it, and the binary lists it
// on one line of its main.go. Embed Defaults for what a game lacks.
type Game interface {
	// Name is the game's kind, as --game, a record's game line, the store
	// and its slash command name it: "menara".
	Name() string
	// Title names the game in help texts, with its players:
	// "Menara (1-4 players, cooperative)".
	Title() string
	// Source is the game's part of the message catalogue.
	Source() i18n.Source
	// Host returns the game for the bot (serve, local, import, export),
	// its words in cat, the host's and every game's catalogue.
	Host(cat *i18n.Catalog, o HostOptions) (bot.Game, error)

	// Replay replays a record from its start and prints the final state to
	// w: a summary, or the JSON state. Nothing reaches w unless the whole
	// record replays.
	Replay(w io.Writer, rec Record, asJSON bool) error
	// ReplayFrom is Replay from the state in the JSON file from (replay
	// --from), the record holding the moves after it; ErrUnsupported for
	// a game whose state cannot be continued.
	ReplayFrom(w io.Writer, rec Record, from string, asJSON bool) error
	// Render draws the board after a record as a PNG image, its last move
	// highlighted (render); ErrUnsupported for a game that draws no images.
	Render(ctx context.Context, w *bufio.Writer, rec Record, o RenderOptions) error
	// Phase says where a stored game stands by its record, for tablebot
	// games: "play, red to move", "over, won by Red".
	Phase(record string) string

	// Selfplay is tablebot selfplay for the game: it parses its own flags
	// from args (--game among them) and writes the records of games of
	// random legal moves (see WriteRecords).
	Selfplay(ctx context.Context, e Env, args []string) error
	// Arena is tablebot arena for the game: it parses its own flags from
	// args (--game among them), plays computer players against each other
	// and prints their results; ErrUnsupported for a game without
	// computer players.
	Arena(ctx context.Context, e Env, args []string) error

	// Local is how tablebot local sets the game up, its own flags among
	// it; nil for a game the terminal does not play.
	Local() *Local
}

// HostOptions is how the binary hosts a game.
type HostOptions struct {
	// Images draws board images (serve, local); Lazy builds the renderer
	// at the first image (local, which draws none without --out).
	Images, Lazy bool
	// Think caps a computer's thinking a move; 0 for the game's default.
	Think time.Duration
}

// Record is a game record read by replay or render.
type Record struct {
	// Text is the record, one move a line.
	Text string
	// Name is what messages call it: its file's path, or "stdin".
	Name string
}

// RenderOptions are render's flags that a game reads.
type RenderOptions struct {
	// From is a JSON state file to start from instead of the record's
	// start (--from), "" for none.
	From string
	// Names are the players' display names as --names gives them:
	// seat=name pairs separated by commas, "" for none.
	Names string
}

// ErrUnsupported is what a Game's method returns for what the game does
// not offer (Defaults returns it); the binary says so in its own words:
// "menara has no computer players yet".
var ErrUnsupported = errors.New("not offered by this game")

// Defaults is the part of Game that a game may lack: embedded in a game's
// type, it offers no replay from a state, no images, no arena and no
// terminal.
type Defaults struct{}

// ReplayFrom returns ErrUnsupported: the game replays from its start only.
func (Defaults) ReplayFrom(io.Writer, Record, string, bool) error { return ErrUnsupported }

// Render returns ErrUnsupported: the game draws no images.
func (Defaults) Render(context.Context, *bufio.Writer, Record, RenderOptions) error {
	return ErrUnsupported
}

// Arena returns ErrUnsupported: the game has no computer players.
func (Defaults) Arena(context.Context, Env, []string) error { return ErrUnsupported }

// Local returns nil: the terminal does not play the game.
func (Defaults) Local() *Local { return nil }

// GameNames lists the games' names for help texts: "shangrila, menara".
func GameNames(games []Game) string {
	names := make([]string, len(games))
	for i, g := range games {
		names[i] = g.Name()
	}
	return strings.Join(names, ", ")
}

// GameList describes the games for usage texts, one a line:
// "  menara     Menara (1-4 players, cooperative)".
func GameList(games []Game) string {
	var b strings.Builder
	for _, g := range games {
		fmt.Fprintf(&b, "  %-10s %s\n", g.Name(), g.Title())
	}
	return b.String()
}
