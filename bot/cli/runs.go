package cli

import "flag"

// Runs are the flags that selfplay and arena share in every game: --game
// (the binary has read it already), --seed, --games and selfplay's --out.
type Runs struct {
	Seed  uint64
	Games int
	Out   string
}

// SelfplayFlags declares selfplay's shared flags on fs for the game named
// name: one game unless --games says more, written to stdout unless --out
// names a directory. CheckRecords checks them once parsed.
func SelfplayFlags(fs *flag.FlagSet, e Env, name string) *Runs {
	r := runFlags(fs, e, name, 1, "number of games")
	fs.StringVar(&r.Out, "out", "", "write one record file per game into this directory instead of stdout")
	return r
}

// ArenaFlags declares arena's shared flags on fs for the game named name:
// --games is games unless given, its help usage.
func ArenaFlags(fs *flag.FlagSet, e Env, name string, games int, usage string) *Runs {
	return runFlags(fs, e, name, games, usage)
}

// runFlags declares --game, --seed and --games.
func runFlags(fs *flag.FlagSet, e Env, name string, games int, usage string) *Runs {
	r := &Runs{}
	fs.String("game", name, "the game: "+GameNames(e.Games))
	fs.Uint64Var(&r.Seed, "seed", 1, "random seed: the same seed plays the same games")
	fs.IntVar(&r.Games, "games", games, usage)
	return r
}

// CheckGames refuses fewer than one game.
func (r *Runs) CheckGames() error {
	if r.Games < 1 {
		return Usagef("--games must be at least 1")
	}
	return nil
}

// CheckRecords checks selfplay's --games and --out: several games are
// written to a directory.
func (r *Runs) CheckRecords() error {
	if err := r.CheckGames(); err != nil {
		return err
	}
	if r.Games > 1 && r.Out == "" {
		return Usagef("more than one game needs --out DIR")
	}
	return nil
}
