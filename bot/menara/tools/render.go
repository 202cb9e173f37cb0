package tools

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/bot/cli"
	bmenara "github.com/tablebot/tablebot/bot/menara"
	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/menara"
)

// Render draws the temple after a record, its last step highlighted;
// with --from, the state in that JSON file as it stands (a Menara state
// cannot be continued by steps: the record must then hold none).
func (game) Render(ctx context.Context, w *bufio.Writer, rec cli.Record, o cli.RenderOptions) error {
	var v rmenara.View
	if from := o.From; from != "" {
		if hasSteps(rec.Text) {
			return cli.Usagef("--from draws a Menara state as it stands, which steps cannot continue: give an empty record (-) or one without steps")
		}
		data, err := os.ReadFile(from)
		if err != nil {
			return err
		}
		if v, err = rmenara.ViewFromJSON(data); err != nil {
			return fmt.Errorf("%s: %w", from, err)
		}
	} else {
		g, err := readRecord(rec)
		if err != nil {
			return err
		}
		p := g.Position()
		var last *menara.Effects
		if s, ok := g.Undo(); ok {
			// Replaying the last step again yields its effects to highlight.
			before := g.Position()
			next, e, err := before.Apply(s)
			if err != nil {
				return fmt.Errorf("replaying the last step: %w", err)
			}
			p, last = next, &e
		}
		v = rmenara.ViewOf(&p, last)
	}
	display, err := parseNames(o.Names, v.Players)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	cat, err := i18n.New(bmenara.Source())
	if err != nil {
		return err
	}
	lb := bmenara.Labels(cat.Printer(i18n.English))
	r, err := rmenara.New()
	if err != nil {
		return err
	}
	return r.WritePNG(w, &v, rmenara.Options{Names: display, Labels: &lb})
}

// errEnough ends rules.ReadRecordLines once a line has told enough.
var errEnough = errors.New("enough read")

// hasSteps reports whether a record holds a line other than comments,
// blank lines and header lines.
func hasSteps(text string) bool {
	steps := false
	rules.ReadRecordLines(strings.NewReader(text), func(l rules.RecordLine) error {
		switch strings.ToLower(l.Words[0]) {
		case "game", "players", "difficulty", "hands", "seed", "side":
			return nil
		}
		steps = true
		return errEnough
	})
	return steps
}

// parseNames reads display names as seat=name pairs separated by
// commas, a seat being a player's name in the record or a seat number
// from 1: "ana=Ana María,2=Niccolò". It returns the names in seat order.
func parseNames(s string, players []string) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	out := make([]string, len(players))
	for _, pair := range strings.Split(s, ",") {
		key, name, ok := strings.Cut(pair, "=")
		key = strings.TrimSpace(key)
		seat := -1
		for i, p := range players {
			if strings.EqualFold(p, key) {
				seat = i
			}
		}
		if n, err := strconv.Atoi(key); err == nil && n >= 1 && n <= len(players) {
			seat = n - 1
		}
		if !ok || seat < 0 {
			return nil, cli.Usagef("--names: %q is not player=name (the players are %s)", pair, strings.Join(players, ", "))
		}
		out[seat] = name
	}
	return out, nil
}
