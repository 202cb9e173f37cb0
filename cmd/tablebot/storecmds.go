package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/store"
)

// lockWait is how long the database commands wait for a file that another
// process holds.
const lockWait = 300 * time.Millisecond

// runGames lists the stored games, current and archived.
func runGames(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	sf := addStoreFlags(fs, "the database file")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot games [--db FILE|etcd] [--config FILE]")
		fmt.Fprintln(fs.Output(), "Lists the stored games, also while the bot runs.")
		fs.PrintDefaults()
	}
	if err := cli.ParseNoArgs(fs, e, args); err != nil {
		return err
	}
	db, done, err := sf.openRead(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	// One game at a time from the file; the lines are held only to be
	// lined up in columns.
	tw := tabwriter.NewWriter(e.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CHANNEL\tGAME\tKIND\tSTATUS\tPHASE\tMOVES\tPLAYERS\tLAST ACTIVITY")
	n := 0
	err = db.EachSummary(ctx, func(s store.Summary) error {
		n++
		g := s.Game
		_, err := fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", g.Channel, g.ID, g.Kind, g.Status,
			phase(e.Games, g), s.Moves, players(g), s.LastActivity.UTC().Format(time.RFC3339))
		return err
	})
	if err != nil {
		return err
	}
	if n == 0 {
		_, err := fmt.Fprintln(e.Stdout, "no games")
		return err
	}
	return tw.Flush()
}

// phase says where a game stands by its rules, for the kinds tablebot
// knows, and "-" for the others; an ended game's status says it, without
// replaying it.
func phase(games []cli.Game, g *store.Game) string {
	if !g.Status.Live() {
		return string(g.Status)
	}
	cg, ok := findGame(games, g.Kind)
	if !ok {
		return "-"
	}
	return cg.Phase(g.Record())
}

// players lists a game's seats: "Alice (red), Ada (violet, computer easy)".
func players(g *store.Game) string {
	if len(g.Players) == 0 {
		return "-"
	}
	var out []string
	for _, p := range g.Players {
		name := p.Name
		if name == "" {
			name = p.UserID
		}
		seat := p.Colour
		if p.Computer != "" {
			seat = strings.TrimPrefix(seat+", computer "+p.Computer, ", ")
		}
		if seat != "" {
			name += " (" + seat + ")"
		}
		out = append(out, name)
	}
	return strings.Join(out, ", ")
}

// runExport prints a channel's current game, or any game by id, as a game
// record that `tablebot replay` reads. A channel without a current game
// prints the last game that ended there, with a note on stderr. A game
// still in its lobby is refused: it has no record yet.
func runExport(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	sf := addStoreFlags(fs, "the database file")
	channel := fs.String("channel", "", "export this channel id's current game, or the last one that ended there")
	id := fs.String("game", "", "export the game with this id (also an ended one; see tablebot games)")
	comments := fs.Bool("comments", true, "end each move with a comment saying who made it and when")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot export [--db FILE|etcd] [--config FILE] --channel ID | --game ID [--comments=false]")
		fs.PrintDefaults()
	}
	if err := cli.ParseNoArgs(fs, e, args); err != nil {
		return err
	}
	switch {
	case *channel != "" && *id != "":
		return cli.Usagef("--channel and --game both given: give one (--channel ID for a channel's current or last game, --game ID for a game by its id, as tablebot games lists them)")
	case *channel == "" && *id == "":
		return cli.Usagef("give --channel ID or --game ID")
	}
	db, done, err := sf.openRead(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	var g *store.Game
	if *channel != "" {
		g, err = channelGame(ctx, e, db, *channel)
	} else {
		g, err = db.Game(ctx, *id)
	}
	if err != nil {
		return err
	}
	if g.Status == store.Lobby {
		return lobbyError(ctx, db, g)
	}
	status, err := exportStatus(e.Games, g)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "# tablebot game %s in channel %s, %s, last activity %s\n",
		g.ID, g.Channel, g.Status, g.LastActivity().UTC().Format(time.RFC3339))
	return g.WriteExport(e.Stdout, *comments, status)
}

// exportStatus is the status line of an exported game: "cancelled" for a
// cancelled one, "ended" for one ended that its rules do not say is over
// (imported so), none for a game on or over by its rules.
func exportStatus(games []cli.Game, g *store.Game) (string, error) {
	switch {
	case g.Status == store.Cancelled:
		return "cancelled", nil
	case g.Status != store.Over:
		return "", nil
	}
	cat, err := newCatalog(games)
	if err != nil {
		return "", err
	}
	hosted, err := hostGames(games, cat, cli.HostOptions{})
	if err != nil {
		return "", err
	}
	for _, h := range hosted {
		if h.Kind() == g.Kind {
			if st, err := h.Load(g.Record()); err == nil && !st.Over() {
				return "ended", nil
			}
		}
	}
	return "", nil
}

// lobbyError refuses to export a game still in its lobby: its seats and
// setup are drawn when it starts, so it has no record yet, and a record
// of its game line alone would not replay. It names the channel's last
// ended game, when there is one, which is most likely what was wanted.
func lobbyError(ctx context.Context, db store.Store, g *store.Game) error {
	err := fmt.Errorf("game %s in channel %s is still in its lobby (%d %s joined): it has not started, so there is nothing to replay yet",
		g.ID, g.Channel, len(g.Players), cli.Plural(len(g.Players), "player has", "players have"))
	ended, aerr := db.Archived(ctx, g.Channel)
	if aerr != nil || len(ended) == 0 {
		return err
	}
	last := lastEnded(ended)
	return fmt.Errorf("%w; the last game that ended there is %s: tablebot export --game %s", err, last.ID, last.ID)
}

// lastEnded returns the game of ended whose last activity is the latest.
func lastEnded(ended []*store.Game) *store.Game {
	last := ended[0]
	for _, a := range ended[1:] {
		if a.LastActivity().After(last.LastActivity()) {
			last = a
		}
	}
	return last
}

// channelGame returns a channel's current game or, when it has none, the
// last game that ended there, saying so on stderr.
func channelGame(ctx context.Context, e cli.Env, db store.Store, channel string) (*store.Game, error) {
	g, err := db.Current(ctx, channel)
	if rules.ErrorCode(err) != store.NotFound {
		return g, err
	}
	ended, err := db.Archived(ctx, channel)
	if err != nil {
		return nil, err
	}
	if len(ended) == 0 {
		return nil, fmt.Errorf("there is no game in channel %q, current or ended (tablebot games lists the channels and their games)", channel)
	}
	last := lastEnded(ended)
	fmt.Fprintf(e.Stderr, "tablebot export: no game is being played in channel %q: this is the last one that ended there (%s, %s %s)\n",
		channel, last.ID, last.Status, last.LastActivity().UTC().Format(time.RFC3339))
	return last, nil
}

// runBackup writes a consistent copy of the database. While the bot runs
// the copy comes from it, through its backup socket; otherwise from the
// file itself.
func runBackup(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	dbPath := fs.String("db", defaultConfig().Storage.Path, "the database file")
	out := fs.String("o", "", "write the copy to this file (replaced only once the copy is whole)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot backup [--db FILE] -o COPY")
		fmt.Fprintln(fs.Output(), "Works while the bot runs: the bot serves the copy.")
		fs.PrintDefaults()
	}
	if err := cli.ParseNoArgs(fs, e, args); err != nil {
		return err
	}
	if err := fileOnly(*dbPath, "backup", "take etcd's own consistent copy (etcdctl snapshot save FILE), or copy the games into a file with tablebot migrate --from etcd --to FILE"); err != nil {
		return err
	}
	if *out == "" {
		return cli.Usagef("give the copy's file name with -o COPY")
	}
	if same(*out, *dbPath) {
		return cli.Usagef("the copy must not replace the database itself")
	}
	from := "the running bot"
	n, err := store.FetchBackupFile(ctx, store.SocketPath(*dbPath), *out)
	if errors.Is(err, store.ErrNoBackupServer) {
		from = *dbPath
		n, err = backupFile(*dbPath, *out)
	}
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(e.Stdout, "wrote %d bytes to %s, a checked copy from %s\n", n, *out, from)
	return err
}

// backupFile copies a database that no running bot serves.
func backupFile(dbPath, out string) (int64, error) {
	db, err := store.Open(dbPath, store.Options{ReadOnly: true, Timeout: lockWait})
	if err != nil {
		return 0, lockedHint(dbPath, err)
	}
	defer db.Close()
	return db.BackupFile(out)
}

// readCommand reads the flags of a command that reads a database (--db
// FILE, and no arguments) and opens it for reading (openForReading); done
// closes it.
func readCommand(ctx context.Context, e cli.Env, args []string, name, about string) (db *store.DB, path string, done func(), err error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	dbPath := fs.String("db", defaultConfig().Storage.Path, "the database file")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: tablebot %s [--db FILE]\n", name)
		fmt.Fprintln(fs.Output(), about)
		fs.PrintDefaults()
	}
	if err := cli.ParseNoArgs(fs, e, args); err != nil {
		return nil, "", nil, err
	}
	if err := fileOnly(*dbPath, name, "copy the games into a file with tablebot migrate --from etcd --to FILE and run it there"); err != nil {
		return nil, "", nil, err
	}
	db, done, err = openForReading(ctx, *dbPath)
	return db, *dbPath, done, err
}

// openForReading opens a database for the read-only commands: from a hot
// copy when the bot serves one, else the file itself. done closes it and
// removes the copy.
func openForReading(ctx context.Context, dbPath string) (*store.DB, func(), error) {
	tmp, err := os.MkdirTemp("", "tablebot-copy-")
	if err != nil {
		return nil, nil, err
	}
	clean := func() { os.RemoveAll(tmp) }
	path := filepath.Join(tmp, "copy.db")
	_, err = store.FetchBackupFile(ctx, store.SocketPath(dbPath), path)
	if errors.Is(err, store.ErrNoBackupServer) {
		path, err = dbPath, nil
	}
	if err != nil {
		clean()
		return nil, nil, err
	}
	db, err := store.Open(path, store.Options{ReadOnly: true, Timeout: lockWait})
	if err != nil {
		clean()
		return nil, nil, lockedHint(dbPath, err)
	}
	return db, func() { db.Close(); clean() }, nil
}

// lockedHint explains a locked database: its holder does not serve copies.
func lockedHint(dbPath string, err error) error {
	if errors.Is(err, store.ErrLocked) {
		return fmt.Errorf("%w (and nothing answers on %s to serve a copy)", err, store.SocketPath(dbPath))
	}
	return err
}

// same reports whether two names are the same file, or would be.
func same(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	return filepath.Clean(a) == filepath.Clean(b)
}
