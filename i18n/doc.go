// Package i18n holds every word tablebot shows to players, in English,
// Spanish and Italian: message catalogues embedded in the binary (TOML
// files under locales/, one directory per language, read with go-i18n),
// and a Printer that formats messages, plural forms, the game's own terms
// (colours, disciplines) and the engine's coded errors in one language.
//
// Message ids are dotted names grouped by area: "colour.red",
// "discipline.rainmaker", "shangrila.place.no-master" (the engine's error
// keys), "bot.…" for the bot's replies, "render.…" for the board image,
// "guide.…" for the rules guide. Placeholders are named template fields
// ({{.player}}); every language must use the same ones as English, which a
// test checks, as it checks that every message exists in all three
// languages. Should one be missing all the same, a Spanish or Italian
// printer writes it in English rather than showing its id.
package i18n
