package tools

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
)

// Selfplay plays races of uniformly random legal takes and writes their
// records: game i of seed S always plays the same.
func (game) Selfplay(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	r := cli.SelfplayFlags(fs, e, takeaway.Kind)
	players := fs.Int("players", 2, "number of players, 2 to 4")
	pile := cli.DeclareOptions(fs, takeaway.New(takeaway.Options{NoImages: true}).NewOptions(), "stones")
	if err := cli.ParseNoArgs(fs, e, args); err != nil {
		return err
	}
	if *players < 2 || *players > 4 {
		return cli.Usagef("--players must be 2 to 4")
	}
	v, err := pile.Read()
	if err != nil {
		return err
	}
	stones, _ := strconv.Atoi(v["stones"])
	if err := r.CheckRecords(); err != nil {
		return err
	}
	return cli.WriteRecords(ctx, e, r.Out, r.Games, func(i int) (string, error) {
		return randomGame(seats(*players), stones, rand.New(rand.NewPCG(r.Seed, uint64(i))))
	})
}

// randomGame plays a race to its end, every take drawn among the legal
// ones (the game's forms list them), and returns its record.
func randomGame(names []string, stones int, rng *rand.Rand) (string, error) {
	head := fmt.Sprintf("game %s\nplayers %s\nstones %d\nmode %s\n", takeaway.Kind, strings.Join(names, " "), stones, takeaway.Race)
	g := takeaway.New(takeaway.Options{NoImages: true})
	st, err := g.Load(head)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(head)
	for !st.Over() {
		line, auto := st.Auto()
		if !auto {
			moves := g.Moves(st)
			line = moves[rng.IntN(len(moves))]
		}
		if _, err := st.Play(line); err != nil {
			return "", err
		}
		b.WriteString(line + "\n")
	}
	return b.String(), nil
}
