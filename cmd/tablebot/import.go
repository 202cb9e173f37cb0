package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/store"
)

// runImport stores game records in a database, each as the game it
// describes (see importer).
func runImport(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	sf := addStoreFlags(fs, "the database file (the bot must not be running)")
	channel := fs.String("channel", "", "the channel of the records that name none (no host lines)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot import [--db FILE|etcd] [--config FILE] [--channel ID] PATH...")
		fmt.Fprintln(fs.Output(), "Stores game records (files, directories of files, or - for records one after another")
		fmt.Fprintln(fs.Output(), "on standard input, each beginning with its game line) as the games they describe.")
		fs.PrintDefaults()
	}
	fs.SetOutput(e.Stderr)
	if err := fs.Parse(args); err != nil {
		return cli.UsageError(err)
	}
	if fs.NArg() == 0 {
		return cli.Usagef("give the records to import: files, directories, or - for standard input")
	}
	db, err := sf.openWrite(ctx, e, "importing")
	if err != nil {
		return err
	}
	defer db.Close()
	im, err := newImporter(ctx, db, *channel, e.Games)
	if err != nil {
		return err
	}
	im.prog = cli.NewProgress(e.Stderr, cli.IsTerminal(e.Stderr), "import", "records", 0)
	for _, p := range fs.Args() {
		if err := im.path(e, p); err != nil {
			return err
		}
	}
	if err := im.flush(); err != nil {
		return err
	}
	im.prog.Finish()
	return im.report(e)
}

// importer turns records into stored games, a batch at a time. A record
// over by its rules, or with a status line, is stored as an ended game;
// any other as its channel's current game (a second one for a channel is
// refused with the record's name). Its host lines say where it was played
// and by whom; a record without them is refused unless --channel names its
// channel. Importing the same record again stores nothing.
type importer struct {
	ctx     context.Context
	db      store.Store
	games   map[string]bot.Game
	kinds   string // the games' names, for messages: "shangrila, menara"
	channel string
	prog    *cli.Progress

	// records are read, not yet turned into games (that is done many at
	// a time, on every core).
	records []record
	batch   []*store.Game
	names   []string // the records' names, as batch
	stored  int
	again   int
	refused []string
}

// importBatch is how many games go into one transaction.
const importBatch = 2000

// newImporter prepares the games that read the records.
func newImporter(ctx context.Context, db store.Store, channel string, games []cli.Game) (*importer, error) {
	cat, err := newCatalog(games)
	if err != nil {
		return nil, err
	}
	hosted, err := hostGames(games, cat, cli.HostOptions{})
	if err != nil {
		return nil, err
	}
	im := &importer{ctx: ctx, db: db, channel: channel, games: map[string]bot.Game{}, kinds: cli.GameNames(games)}
	for _, g := range hosted {
		im.games[g.Kind()] = g
	}
	return im, nil
}

// path imports a file, the files of a directory (sorted, one level and
// below), or standard input for "-".
func (im *importer) path(e cli.Env, p string) error {
	if p == "-" {
		return im.stream(e.Stdin, "stdin")
	}
	return filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		return im.stream(f, path)
	})
}

// stream imports the records of r, one after another, each beginning with
// its game line; they are named after name and their first line.
func (im *importer) stream(r io.Reader, name string) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), rules.MaxRecordLine)
	var rec strings.Builder
	first, n := 0, 0
	code := false // the record so far holds more than comments
	flush := func() error {
		if !code {
			return nil // comments before a record's game line belong to it
		}
		err := im.add(fmt.Sprintf("%s:%d", name, first), rec.String())
		rec.Reset()
		code = false
		return err
	}
	for sc.Scan() {
		n++
		line := sc.Text()
		w := strings.Fields(stripHash(line))
		if len(w) > 0 && strings.EqualFold(w[0], "game") {
			if err := flush(); err != nil {
				return err
			}
			first = n
		}
		if first == 0 && len(w) > 0 {
			first = n
		}
		code = code || len(w) > 0
		rec.WriteString(line)
		rec.WriteByte('\n')
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return flush()
}

// stripHash returns a line without its comment.
func stripHash(line string) string {
	code, _, _ := strings.Cut(line, "#")
	return code
}

// record is a record read, with its name.
type record struct{ name, text string }

// add takes one record; a full batch of them is stored.
func (im *importer) add(name, text string) error {
	im.records = append(im.records, record{name, text})
	if len(im.records) == importBatch {
		return im.flush()
	}
	return nil
}

// parse turns the records read into games, on every core, in their order;
// those refused are noted.
func (im *importer) parse() {
	games := make([]*store.Game, len(im.records))
	errs := make([]error, len(im.records))
	var wg sync.WaitGroup
	next := atomic.Int64{}
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < len(im.records); i = int(next.Add(1)) - 1 {
				games[i], errs[i] = im.game(im.records[i].text)
			}
		})
	}
	wg.Wait()
	for i, r := range im.records {
		if errs[i] != nil {
			im.refused = append(im.refused, fmt.Sprintf("%s: %v", r.name, errs[i]))
			im.prog.Done()
			continue
		}
		im.batch = append(im.batch, games[i])
		im.names = append(im.names, r.name)
	}
	im.records = im.records[:0]
}

// flush stores the records read.
func (im *importer) flush() error {
	im.parse()
	if len(im.batch) == 0 {
		return nil
	}
	results, err := im.db.Import(im.ctx, im.batch)
	if err != nil {
		return err
	}
	for i, r := range results {
		switch {
		case r.Err != nil:
			im.refused = append(im.refused, fmt.Sprintf("%s: %v", im.names[i], r.Err))
		case r.Again:
			im.again++
		default:
			im.stored++
		}
		im.prog.Done()
	}
	im.batch, im.names = im.batch[:0], im.names[:0]
	return nil
}

// report says what was imported; refused records make the command fail.
func (im *importer) report(e cli.Env) error {
	fmt.Fprintf(e.Stdout, "imported %d %s", im.stored, cli.Plural(im.stored, "game", "games"))
	if im.again > 0 {
		fmt.Fprintf(e.Stdout, " (%d imported before, left as they were)", im.again)
	}
	fmt.Fprintln(e.Stdout)
	for _, r := range im.refused {
		fmt.Fprintln(e.Stderr, "refused:", r)
	}
	if len(im.refused) > 0 {
		return fmt.Errorf("%d %s refused", len(im.refused), cli.Plural(len(im.refused), "record", "records"))
	}
	return nil
}

// game reads a record as the stored game it describes.
func (im *importer) game(text string) (*store.Game, error) {
	kind := recordGame(text)
	game, ok := im.games[kind]
	if !ok {
		return nil, fmt.Errorf("no game line naming one of tablebot's games (%s)", im.kinds)
	}
	host, err := rules.ReadRecordHost(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	if host.Channel == "" && im.channel == "" {
		return nil, errors.New("the record says no channel (a \"channel ID\" line after its game line): give --channel ID")
	}
	st, err := game.Load(text)
	if err != nil {
		return nil, fmt.Errorf("does not replay: %w", err)
	}
	body, err := recordBody(text)
	if err != nil {
		return nil, err
	}
	n := st.Moves()
	if n > len(body) {
		return nil, fmt.Errorf("the record's %d moves are more than its lines", n)
	}
	g := &store.Game{Guild: host.Guild, Channel: orElse(host.Channel, im.channel), Kind: kind, Status: store.Playing}
	for _, l := range body[:len(body)-n] {
		g.Setup = append(g.Setup, strings.Join(l.Words, " "))
	}
	if g.Players, err = importSeats(g.Setup, host.Seats, bot.StandIn(game)); err != nil {
		return nil, err
	}
	for i, l := range body[len(body)-n:] {
		who, at := moveComment(l.Text)
		g.Moves = append(g.Moves, store.Move{N: i, Text: strings.Join(l.Words, " "), By: moverOf(g.Players, l.Words[0], who), At: at})
	}
	if g.Status, err = importStatus(host.Status, st.Over()); err != nil {
		return nil, err
	}
	return g, nil
}

// orElse returns a, or b when a is empty.
func orElse(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// recordBody returns the lines of a record after its game and host lines.
func recordBody(text string) ([]rules.RecordLine, error) {
	var body []rules.RecordLine
	_, err := rules.ReadRecordLines(strings.NewReader(text), func(l rules.RecordLine) error {
		if !strings.EqualFold(l.Words[0], "game") {
			body = append(body, l)
		}
		return nil
	})
	return body, err
}

// importSeats returns the players of a record: its seats' names from its
// players line, their people from its seats line ("-" a computer of level).
func importSeats(setup, people []string, level string) ([]store.Player, error) {
	var names []string
	for _, l := range setup {
		if w := strings.Fields(l); len(w) > 1 && strings.EqualFold(w[0], "players") {
			names = w[1:]
		}
	}
	if len(people) > 0 && len(people) != len(names) {
		return nil, fmt.Errorf("its seats line names %d people for %d seats", len(people), len(names))
	}
	players := make([]store.Player, len(names))
	for i, name := range names {
		players[i].Colour = name
		switch {
		case i >= len(people):
		case people[i] == "-":
			players[i].Computer = level
		default:
			players[i].UserID = people[i]
		}
	}
	return players, nil
}

// moverOf is who made a move whose line begins with seat: the seat's
// person (named who, when its comment says, and the seat has no name yet),
// or a computer.
func moverOf(players []store.Player, seat, who string) string {
	i := slices.IndexFunc(players, func(p store.Player) bool { return strings.EqualFold(p.Colour, seat) })
	switch {
	case i < 0:
		return "import"
	case players[i].UserID != "":
		if players[i].Name == "" && who != players[i].UserID {
			players[i].Name = who
		}
		return players[i].UserID
	}
	return store.Computer
}

// moveComment reads who made a move and when from the comment export
// writes after it ("# Alice, 2026-11-22T20:01:00Z"); empty when there is
// none.
func moveComment(line string) (who string, at time.Time) {
	_, comment, ok := strings.Cut(line, "#")
	if !ok {
		return "", time.Time{}
	}
	i := strings.LastIndexByte(comment, ',')
	if i < 0 {
		return "", time.Time{}
	}
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(comment[i+1:]))
	if err != nil {
		return "", time.Time{}
	}
	return strings.TrimSpace(comment[:i]), t
}

// importStatus is a record's status: its status line's, or over by its
// rules, or playing.
func importStatus(line string, over bool) (store.Status, error) {
	switch line {
	case "ended":
		return store.Over, nil
	case "cancelled":
		return store.Cancelled, nil
	case "":
		if over {
			return store.Over, nil
		}
		return store.Playing, nil
	}
	return "", fmt.Errorf("status %q: write status ended, or status cancelled", line)
}
