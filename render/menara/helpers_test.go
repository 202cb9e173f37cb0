package menara_test

import (
	"flag"
	"os"
	"path/filepath"
	"sync"
	"testing"

	bmenara "github.com/tablebot/tablebot/bot/menara"
	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/rules/menara"
)

var update = flag.Bool("update", false, "rewrite the golden images under testdata/ and the example images under ../../docs/")

// The shared renderer and catalogue: each takes a fraction of a second to
// build, and the bot shares them the same way.
var (
	sharedRenderer = sync.OnceValues(rmenara.New)
	sharedCatalog  = sync.OnceValues(func() (*i18n.Catalog, error) { return i18n.New(bmenara.Source()) })
)

func renderer(tb testing.TB) *rmenara.Renderer {
	tb.Helper()
	r, err := sharedRenderer()
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// labels returns the image's words in language l, from the catalogue.
func labels(tb testing.TB, l i18n.Lang) *rmenara.Labels {
	tb.Helper()
	cat, err := sharedCatalog()
	if err != nil {
		tb.Fatal(err)
	}
	lb := bmenara.Labels(cat.Printer(l))
	return &lb
}

// options returns the options the tests draw with: English words and
// display names with letters from other alphabets and one the fonts lack.
func options(tb testing.TB) rmenara.Options {
	return rmenara.Options{Labels: labels(tb, i18n.English), Names: []string{"Ana María", "Niccolò", "Zoë 🐉", "Björn the Long-Named"}}
}

// opts returns menara options for n players.
func opts(n int, d menara.Difficulty) menara.Options {
	return menara.Options{Players: []string{"ana", "bob", "cy", "dee"}[:n], Difficulty: d}
}

// writeFile writes data at path, making its directory.
func writeFile(tb testing.TB, path string, data []byte) {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		tb.Fatal(err)
	}
}
