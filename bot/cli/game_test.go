package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
)

// bare is a game that offers the least a game must: everything else
// comes from Defaults.
type bare struct {
	Defaults
	name, title string
}

func (g bare) Name() string                                    { return g.name }
func (g bare) Title() string                                   { return g.title }
func (bare) Source() i18n.Source                               { return i18n.Source{} }
func (bare) Host(*i18n.Catalog, HostOptions) (bot.Game, error) { return nil, errors.New("not hosted") }
func (bare) Replay(io.Writer, Record, bool) error              { return nil }
func (bare) Phase(string) string                               { return "-" }
func (bare) Selfplay(context.Context, Env, []string) error     { return nil }

// TestDefaults: what a game lacks is ErrUnsupported, and no terminal.
func TestDefaults(t *testing.T) {
	var g Game = bare{name: "tiles"}
	if err := g.ReplayFrom(io.Discard, Record{}, "x.json", false); !errors.Is(err, ErrUnsupported) {
		t.Errorf("ReplayFrom: %v", err)
	}
	if err := g.Render(context.Background(), nil, Record{}, RenderOptions{}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("Render: %v", err)
	}
	if err := g.Arena(context.Background(), Env{}, nil); !errors.Is(err, ErrUnsupported) {
		t.Errorf("Arena: %v", err)
	}
	if l := g.Local(); l != nil {
		t.Errorf("Local: %+v", l)
	}
}

func TestGameNamesAndList(t *testing.T) {
	games := []Game{bare{name: "tiles", title: "Tiles (2 players)"}, bare{name: "go", title: "Go"}}
	if got := GameNames(games); got != "tiles, go" {
		t.Errorf("GameNames = %q", got)
	}
	if got, want := GameList(games), "  tiles      Tiles (2 players)\n  go         Go\n"; got != want {
		t.Errorf("GameList = %q, want %q", got, want)
	}
	if GameNames(nil) != "" || GameList(nil) != "" {
		t.Error("no games named")
	}
}

func TestThinking(t *testing.T) {
	var a, b Thinking
	if a.Mean() != 0 {
		t.Errorf("an empty tally's mean: %v", a.Mean())
	}
	a.Add(time.Second)
	a.Add(3 * time.Second)
	b.Add(5 * time.Second)
	a.Merge(b)
	if a.N != 3 || a.Total != 9*time.Second || a.Slowest != 5*time.Second || a.Mean() != 3*time.Second {
		t.Errorf("tally %+v, mean %v", a, a.Mean())
	}
}

// TestWriteRecords: one game goes to stdout; more go to files numbered
// from 1, with progress on stderr; the first error stops them.
func TestWriteRecords(t *testing.T) {
	record := func(i int) (string, error) { return fmt.Sprintf("game %d\n", i), nil }
	var out, errOut bytes.Buffer
	e := Env{Stdout: &out, Stderr: &errOut}
	if err := WriteRecords(context.Background(), e, "", 1, record); err != nil || out.String() != "game 0\n" || errOut.Len() != 0 {
		t.Errorf("to stdout: %v, %q, %q", err, out.String(), errOut.String())
	}
	out.Reset()
	dir := filepath.Join(t.TempDir(), "records")
	if err := WriteRecords(context.Background(), e, dir, 3, record); err != nil {
		t.Fatal(err)
	}
	if out.String() != "wrote 3 records to "+dir+"\n" || !strings.Contains(errOut.String(), "selfplay: 3/3 games") {
		t.Errorf("stdout %q, stderr %q", out.String(), errOut.String())
	}
	for i := range 3 {
		data, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%04d.txt", i+1)))
		if err != nil || string(data) != fmt.Sprintf("game %d\n", i) {
			t.Errorf("record %d: %q, %v", i+1, data, err)
		}
	}
	boom := errors.New("boom")
	err := WriteRecords(context.Background(), e, dir, 3, func(i int) (string, error) { return "", boom })
	if !errors.Is(err, boom) {
		t.Errorf("a failing game: %v", err)
	}
	if Plural(1, "record", "records") != "record" || Plural(0, "record", "records") != "records" {
		t.Error("Plural")
	}
}
