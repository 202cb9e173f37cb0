// Package tools is the take-away game on the command line, the example
// of a game's one registration with the binary (a cli.Game): hosted for
// the bot, its records replayed, drawn and summed up, random games
// (selfplay) and its setup in the terminal with its own flags (--stones,
// --mode). It has no computer arena and no replay from a state: it embeds
// cli.Defaults for those. It is internal to bot/, so the binary does not
// list it; a real game's tools package is listed on one line of
// cmd/tablebot/main.go.
package tools

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
	"github.com/tablebot/tablebot/i18n"
)

// New returns the take-away game for a binary's list of games.
func New() cli.Game { return game{} }

// game is take-away on the command line.
type game struct{ cli.Defaults }

// Name is the game's kind: "takeaway".
func (game) Name() string { return takeaway.Kind }

// Title names the game in help texts.
func (game) Title() string { return "Take-away (1-4 players, the example game)" }

// Source is the game's part of the message catalogue.
func (game) Source() i18n.Source { return takeaway.Source() }

// Host returns the game for the bot, drawing its boards when asked.
func (game) Host(cat *i18n.Catalog, o cli.HostOptions) (bot.Game, error) {
	return takeaway.New(takeaway.Options{NoImages: !o.Images}), nil
}

// load replays a record, its errors naming it.
func load(rec cli.Record) (*takeaway.State, error) {
	st, err := takeaway.New(takeaway.Options{}).Load(rec.Text)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", rec.Name, err)
	}
	return st.(*takeaway.State), nil
}

// Replay prints where a record leads: its phase, or as JSON the stones
// left, the seat to take and the winner.
func (g game) Replay(w io.Writer, rec cli.Record, asJSON bool) error {
	st, err := load(rec)
	if err != nil {
		return err
	}
	pos := st.Position()
	if asJSON {
		_, err = fmt.Fprintf(w, "{\"left\":%d,\"turn\":%d,\"over\":%t,\"winner\":%d}\n", pos.Left, pos.Turn, pos.Over, pos.Winner)
		return err
	}
	_, err = fmt.Fprintln(w, g.Phase(rec.Text))
	return err
}

// Render draws the pile after a record, the last take's stones ringed.
func (game) Render(ctx context.Context, w *bufio.Writer, rec cli.Record, o cli.RenderOptions) error {
	if o.From != "" {
		return cli.ErrUnsupported
	}
	st, err := load(rec)
	if err != nil {
		return err
	}
	png, err := takeaway.Draw(ctx, bot.BoardView{State: st, Last: st.Last()})
	if err != nil {
		return err
	}
	_, err = w.Write(png)
	return err
}

// Phase says where a stored game stands: who won, or who takes next.
func (game) Phase(record string) string {
	st, err := load(cli.Record{Text: record, Name: "record"})
	if err != nil {
		return "does not replay: " + err.Error()
	}
	pos := st.Position()
	switch {
	case pos.Over && pos.Winner >= 0:
		return fmt.Sprintf("over, won by %s", pos.Rules.Seats[pos.Winner])
	case pos.Over:
		return "over"
	}
	return fmt.Sprintf("%d left, %s to take", pos.Left, pos.Rules.Seats[pos.Turn])
}
