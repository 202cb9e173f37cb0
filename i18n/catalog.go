package i18n

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed locales
var locales embed.FS

// Source is a game's part of the catalogue: its message files, laid out
// as the host's (locales/<lang>/<area>.toml), and how it writes its own
// values in messages.
type Source struct {
	Files fs.FS
	Terms Terms
}

// Terms writes a value of a game's own types (a colour, a village) in the
// printer's language; false for a value it does not know.
type Terms func(p *Printer, v any) (string, bool)

// Catalog holds the messages of every language. It is read-only after New
// and safe for concurrent use.
type Catalog struct {
	bundle   *goi18n.Bundle
	printers map[Lang]*Printer
	messages map[Lang]map[string]*goi18n.Message // messages defined per language
	withN    map[string]bool                     // ids of messages that call n in some language
}

// New reads the embedded catalogues of the host and those of the games'
// sources. A message id may be defined only once in a language.
func New(games ...Source) (*Catalog, error) {
	return Read(append([]Source{{Files: locales}}, games...)...)
}

// Read reads the catalogues of the given sources only, without the host's
// (New adds those): for tests of a catalogue on its own, such as one under
// testdata/. A message id may be defined only once in a language.
func Read(sources ...Source) (*Catalog, error) {
	var files []fs.FS
	var terms []Terms
	for _, s := range sources {
		if s.Files != nil {
			files = append(files, s.Files)
		}
		if s.Terms != nil {
			terms = append(terms, s.Terms)
		}
	}
	return newCatalog(terms, files...)
}

// Files returns the host's own message files (locales/<lang>/*.toml), for
// checks of the catalogues.
func Files() fs.FS { return locales }

func newCatalog(terms []Terms, sources ...fs.FS) (*Catalog, error) {
	bundle := goi18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	c := &Catalog{bundle: bundle, printers: map[Lang]*Printer{}, messages: map[Lang]map[string]*goi18n.Message{}, withN: map[string]bool{}}
	for _, l := range Langs {
		c.messages[l] = map[string]*goi18n.Message{}
	}
	for _, files := range sources {
		if err := c.read(bundle, files); err != nil {
			return nil, err
		}
	}
	for _, l := range Langs {
		c.printers[l] = &Printer{lang: l, loc: goi18n.NewLocalizer(bundle, string(l), string(English)), terms: terms, withN: c.withN}
	}
	return c, nil
}

// read adds the message files of one source to the bundle.
func (c *Catalog) read(bundle *goi18n.Bundle, files fs.FS) error {
	for _, l := range Langs {
		dir := path.Join("locales", string(l))
		entries, err := fs.ReadDir(files, dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("i18n: %w", err)
		}
		for _, e := range entries {
			// go-i18n takes the language from the file name: area.lang.toml.
			data, err := fs.ReadFile(files, path.Join(dir, e.Name()))
			if err != nil {
				return fmt.Errorf("i18n: %w", err)
			}
			mf, err := bundle.ParseMessageFileBytes(data, e.Name()[:len(e.Name())-len(".toml")]+"."+string(l)+".toml")
			if err != nil {
				return fmt.Errorf("i18n: %s/%s: %w", l, e.Name(), err)
			}
			for _, m := range mf.Messages {
				if c.messages[l][m.ID] != nil {
					return fmt.Errorf("i18n: %s: message %q defined twice", l, m.ID)
				}
				c.messages[l][m.ID] = m
				if usesFuncs(m) {
					c.withN[m.ID] = true
				}
			}
		}
	}
	return nil
}

// Printer returns the printer of language l (English for an unknown one).
func (c *Catalog) Printer(l Lang) *Printer {
	if p, ok := c.printers[l]; ok {
		return p
	}
	return c.printers[English]
}

// Has reports whether language l defines message id.
func (c *Catalog) Has(l Lang, id string) bool { return c.messages[l][id] != nil }

// IDs returns the message ids language l defines, sorted.
func (c *Catalog) IDs(l Lang) []string {
	out := make([]string, 0, len(c.messages[l]))
	for id := range c.messages[l] {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// Templates returns the texts of message id in language l: the plural
// forms it defines ("one", "other", ...), for checks of the catalogues.
func (c *Catalog) Templates(l Lang, id string) map[string]string {
	m := c.messages[l][id]
	if m == nil {
		return nil
	}
	out := map[string]string{}
	for form, text := range map[string]string{"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other} {
		if text != "" {
			out[form] = text
		}
	}
	return out
}
