package i18n

import "strings"

// Lang is a language tablebot speaks, as a BCP 47 base tag.
type Lang string

// The languages tablebot speaks. English is the fallback for everything.
const (
	English Lang = "en"
	Spanish Lang = "es"
	Italian Lang = "it"
)

// Langs lists the languages in a fixed order.
var Langs = []Lang{English, Spanish, Italian}

// ParseLang reads a language code or name: "es", "es-ES", "Spanish",
// "español", "italiano"; false when tablebot does not speak it.
func ParseLang(s string) (Lang, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if base, _, ok := strings.Cut(s, "-"); ok {
		s = base
	}
	switch s {
	case "en", "english", "inglés", "ingles", "inglese":
		return English, true
	case "es", "spanish", "español", "espanol", "spagnolo":
		return Spanish, true
	case "it", "italian", "italiano":
		return Italian, true
	}
	return "", false
}

// FromLocale returns the language for a Discord locale ("es-ES",
// "es-419", "it", "en-US"), English when tablebot does not speak it.
func FromLocale(locale string) Lang {
	if l, ok := ParseLang(locale); ok {
		return l
	}
	return English
}

// DiscordLocales returns the Discord locales that use this language, for
// registering localised command names ("es-ES" and "es-419" for Spanish).
// English is Discord's default and has none.
func (l Lang) DiscordLocales() []string {
	switch l {
	case Spanish:
		return []string{"es-ES", "es-419"}
	case Italian:
		return []string{"it"}
	}
	return nil
}

// Name returns the language's own name ("Español").
func (l Lang) Name() string {
	switch l {
	case Spanish:
		return "Español"
	case Italian:
		return "Italiano"
	}
	return "English"
}
