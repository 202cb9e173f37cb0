package i18n

import (
	"embed"
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

// Catalog holds the messages of every language. It is read-only after New
// and safe for concurrent use.
type Catalog struct {
	bundle   *goi18n.Bundle
	printers map[Lang]*Printer
	messages map[Lang]map[string]*goi18n.Message // messages defined per language
}

// New reads the embedded catalogues.
func New() (*Catalog, error) {
	return newCatalog(locales)
}

func newCatalog(files fs.FS) (*Catalog, error) {
	bundle := goi18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	c := &Catalog{bundle: bundle, printers: map[Lang]*Printer{}, messages: map[Lang]map[string]*goi18n.Message{}}
	for _, l := range Langs {
		c.messages[l] = map[string]*goi18n.Message{}
		dir := path.Join("locales", string(l))
		entries, err := fs.ReadDir(files, dir)
		if err != nil {
			return nil, fmt.Errorf("i18n: %w", err)
		}
		for _, e := range entries {
			// go-i18n takes the language from the file name: area.lang.toml.
			data, err := fs.ReadFile(files, path.Join(dir, e.Name()))
			if err != nil {
				return nil, fmt.Errorf("i18n: %w", err)
			}
			mf, err := bundle.ParseMessageFileBytes(data, e.Name()[:len(e.Name())-len(".toml")]+"."+string(l)+".toml")
			if err != nil {
				return nil, fmt.Errorf("i18n: %s/%s: %w", l, e.Name(), err)
			}
			for _, m := range mf.Messages {
				if c.messages[l][m.ID] != nil {
					return nil, fmt.Errorf("i18n: %s: message %q defined twice", l, m.ID)
				}
				c.messages[l][m.ID] = m
			}
		}
	}
	for _, l := range Langs {
		c.printers[l] = &Printer{lang: l, loc: goi18n.NewLocalizer(bundle, string(l), string(English))}
	}
	return c, nil
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
