package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/internal/deps"
)

// TestBinaryKnowsNoGame keeps a game one line of main.go: no other file
// of the binary imports a game's package (bot/<game>, its tools, rules/<game>,
// render/<game>), directly or through another package of the module, or
// names a game in a string or an identifier (a switch, a map or a flag
// keyed by a game's name), and no file of the binary, its tests included,
// is named after a game. The games are those main.go lists.
func TestBinaryKnowsNoGame(t *testing.T) {
	oneGoroutine(t)
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, module, err := deps.ModuleRoot(wd)
	if err != nil {
		t.Fatal(err)
	}
	var names, forbidden []string
	for _, g := range games() {
		names = append(names, g.Name())
		for _, dir := range []string{"bot", "rules", "render"} {
			forbidden = append(forbidden, module+"/"+dir+"/"+g.Name())
		}
	}
	if len(names) < 2 {
		t.Fatalf("main.go lists %d games", len(names))
	}
	err = filepath.WalkDir(wd, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(wd, path)
		for _, n := range names {
			if strings.Contains(strings.ToLower(d.Name()), n) {
				t.Errorf("%s is named after %s: name the file after what it does", rel, n)
			}
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || rel == "main.go" {
			return nil
		}
		knowsNoGame(t, root, module, path, rel, names, forbidden)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// knowsNoGame checks one Go file of the binary: its imports reach no
// forbidden package, and no string or identifier in it names a game.
func knowsNoGame(t *testing.T, root, module, path, rel string, names, forbidden []string) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if p != module && !strings.HasPrefix(p, module+"/") {
			continue
		}
		for _, fb := range forbidden {
			chain, err := deps.Reaches(root, module, p, fb)
			if err != nil {
				t.Fatal(err)
			}
			if chain != nil {
				t.Errorf("%s imports a game's package: %s", rel, strings.Join(chain, " -> "))
				break
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		var text string
		switch n := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.BasicLit:
			text = n.Value
		case *ast.Ident:
			text = n.Name
		default:
			return true
		}
		for _, name := range names {
			if strings.Contains(strings.ToLower(text), name) {
				t.Errorf("%s names %s: %s (what is a game's belongs to its tools)", rel, name, text)
			}
		}
		return true
	})
}

// testGame is a game of these tests alone, beside the real ones: what it
// lacks comes from cli.Defaults, and its setup in the terminal is the
// test's (none when nil), with the options of its new. It is hosted only
// for them (tilesHosted).
type testGame struct {
	cli.Defaults
	local   *cli.Local
	options []bot.OptionSpec
}

// tilesHosted is tiles as far as tablebot local's flags need a hosted
// game: its seats and the options of its new; it plays nothing.
type tilesHosted struct {
	bot.Game
	options []bot.OptionSpec
}

func (tilesHosted) Kind() string                   { return "tiles" }
func (tilesHosted) Seats() bot.Seats               { return bot.Seats{Min: 2, Max: 2, Default: 2} }
func (h tilesHosted) NewOptions() []bot.OptionSpec { return h.options }

func (testGame) Name() string        { return "tiles" }
func (testGame) Title() string       { return "Tiles (a game of the tests)" }
func (testGame) Source() i18n.Source { return i18n.Source{} }
func (testGame) Phase(string) string { return "-" }
func (g testGame) Local() *cli.Local { return g.local }

func (g testGame) Host(*i18n.Catalog, cli.HostOptions) (bot.Game, error) {
	if g.local == nil {
		return nil, errors.New("tiles is not hosted")
	}
	return tilesHosted{options: g.options}, nil
}

func (testGame) Replay(w io.Writer, rec cli.Record, asJSON bool) error {
	_, err := fmt.Fprintf(w, "replayed %s, json %v\n", rec.Name, asJSON)
	return err
}

func (testGame) Selfplay(_ context.Context, e cli.Env, args []string) error {
	_, err := fmt.Fprintf(e.Stdout, "game tiles %q\n", args)
	return err
}

// runTiles runs tablebot with the real games and tiles after them.
func runTiles(t *testing.T, tiles testGame, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := runWith(context.Background(), append(games(), tiles), args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestGameDefaults: a game that embeds cli.Defaults is listed and plays
// what it offers; the binary says in its own words what it lacks.
func TestGameDefaults(t *testing.T) {
	tests := []struct {
		name         string
		stdin        string
		args         []string
		code         int
		stdout, want string
	}{
		{"help", "", []string{"help"}, 0, "  tiles      Tiles (a game of the tests)\n", ""},
		{"replay", "", []string{"replay", "--game", "tiles", "--json", "-"}, 0, "replayed stdin, json true\n", ""},
		{"a record's game line", "game tiles\n", []string{"replay", "-"}, 0, "replayed stdin, json false\n", ""},
		{"selfplay", "", []string{"selfplay", "--game", "tiles", "--seed", "3"}, 0, `game tiles ["--game" "tiles" "--seed" "3"]`, ""},
		{"no --from", "", []string{"replay", "--game", "tiles", "--from", "x.json", "-"}, 2, "",
			"tablebot replay: usage: --from: tiles replays a record from its start only\n"},
		{"no images", "", []string{"render", "--game", "tiles", "-", "-o", "-"}, 1, "", "tablebot render: tiles draws no images yet\n"},
		{"no computers", "", []string{"arena", "--game", "tiles", "--games", "3"}, 2, "",
			"tablebot arena: usage: tiles has no computer players yet\n"},
		{"no terminal", "", []string{"local", "--game", "tiles"}, 2, "",
			"tablebot local: usage: --game tiles: tablebot local does not play tiles yet\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runTiles(t, testGame{}, tt.stdin, tt.args...)
			if code != tt.code || !strings.Contains(stdout, tt.stdout) || stderr != tt.want {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q and %q", code, stdout, stderr, tt.code, tt.stdout, tt.want)
			}
		})
	}
}

// TestLocalFlagsOfAnyGame: tablebot local declares a game's own flags
// from the options of its new, in its help and in its errors, as it does
// the real games': the flags of a game are refused for another in that
// one's words, a flag two games share goes to each with its own default,
// a value out of an option's is refused, and a game's option may not be
// one of the binary's flags.
func TestLocalFlagsOfAnyGame(t *testing.T) {
	tiles := testGame{local: &cli.Local{
		Players: 2, NamesHelp: "p1, p2",
		Seats: func(n int) []string { return []string{"p1", "p2"}[:n] },
	}, options: []bot.OptionSpec{
		{Name: bot.PlayersOption, Type: bot.IntegerOption, Min: 2, Max: 2},
		{Name: "size", Type: bot.IntegerOption, Default: "9", Help: "the board's size"},
		{Name: "hands", Type: bot.StringOption, Default: "both", Choices: []bot.OptionChoice{{Value: "one"}, {Value: "both"}}},
	}}
	db := filepath.Join(t.TempDir(), "t.db")
	_, _, help := runTiles(t, tiles, "", "local", "-h")
	for _, want := range []string{
		"Usage: tablebot local [--game shangrila|menara|tiles] [--players N]",
		"\n  shangrila: [--start setup|suggested]; menara: [--difficulty D] [--hands steady|shaky] [--side light|dark]; tiles: [--size N] [--hands one|both]\n",
		"number of players (shangrila: 3 or 4, default 4; menara: 1 to 4, default 2; tiles: 2, default 2)",
		"comma-separated (default: their colours; menara: ana, bob, cy, dee; tiles: p1, p2)",
		"  -size string\n    \ttiles: the board's size (default \"9\")\n",
		"  -hands string\n    \tmenara: steady or shaky; tiles: one or both (default \"shaky\")\n",
	} {
		if !strings.Contains(help, want) {
			t.Errorf("local -h lacks %q:\n%s", want, help)
		}
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"the default's words", []string{"--size", "7"}, "--size is a flag of tiles: The Bridges of Shangri-La has none"},
		{"Menara's words", []string{"--game", "menara", "--size", "7"}, "--size is a flag of tiles: Menara has none"},
		{"no words of its own", []string{"--game", "tiles", "--start", "suggested"}, "--start is a flag of shangrila: tiles has none"},
		{"not its values", []string{"--game", "tiles", "--hands", "three"}, "--hands must be one or both"},
		{"not a number", []string{"--game", "tiles", "--size", "big"}, "--size must be a whole number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runTiles(t, tiles, "", append([]string{"local", "--db", db}, tt.args...)...)
			if want := "tablebot local: usage: " + tt.want + "\n"; code != 2 || stdout != "" || stderr != want {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, stdout, stderr, want)
			}
		})
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("the database was made")
	}
	for args, want := range map[string]map[string]string{
		"--game tiles":                       {"size": "9", "hands": "both"},
		"--game tiles --hands ONE --size 05": {"size": "5", "hands": "one"},
	} {
		if got := localSettings(t, append(games(), tiles), strings.Fields(args)); !maps.Equal(got, want) {
			t.Errorf("%s: settings %v, want %v", args, got, want)
		}
	}
	tiles.options = append(tiles.options, bot.OptionSpec{Name: "seed", Type: bot.StringOption})
	code, _, stderr := runTiles(t, tiles, "", "local", "--game", "tiles")
	if code != 1 || !strings.Contains(stderr, "--seed of tiles is a flag of tablebot local itself") {
		t.Errorf("a game's --seed: exit %d, %q", code, stderr)
	}
}

// localSettings returns the options of new that tablebot local's args
// give the game.
func localSettings(t *testing.T, games []cli.Game, args []string) map[string]string {
	t.Helper()
	cat, err := newCatalog(games)
	if err != nil {
		t.Fatal(err)
	}
	set := flag.NewFlagSet("local", flag.ContinueOnError)
	f, err := declareLocal(set, games, cat)
	if err != nil {
		t.Fatal(err)
	}
	if err := set.Parse(args); err != nil {
		t.Fatal(err)
	}
	set.Visit(func(fl *flag.Flag) { f.given[fl.Name] = true })
	g, err := pickGame(games, f.game)
	if err != nil {
		t.Fatal(err)
	}
	s, err := f.settings(games, g, f.terminal[g.Name()])
	if err != nil {
		t.Fatal(err)
	}
	return s
}
