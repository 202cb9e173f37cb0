// Package i18n holds every word tablebot shows to players, in English,
// Spanish and Italian: message catalogues embedded in the binary (TOML
// files under locales/<lang>/, read with go-i18n), and a Printer that
// formats messages, plural forms and coded errors in one language.
//
// The package knows no game. Its own catalogues are the host's words (the
// lobby, turns, errors, the terminal); each game brings its own catalogues
// and a Terms function that names the game's values (colours, disciplines)
// in a language, both given to New as a Source. A value may also name
// itself (Term).
//
// Message ids are dotted names grouped by area: "bot.…" for the host's
// replies, "local.…" for the terminal, "cmd.…" and "opt.…" for the slash
// commands; a game's ids are its own ("shangrila.…", "colour.…").
// Placeholders are named template fields ({{.player}}); every language must
// use the same ones as English, and every message must exist in all three
// languages, which the catalogue checks of package i18ntest verify. Should
// one be missing all the same, a Spanish or Italian printer writes it in
// English rather than showing its id.
package i18n
