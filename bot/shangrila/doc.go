// Package shangrila plugs The Bridges of Shangri-La into the host (package
// bot): its slash command's moves, its menus and autocomplete, what its
// posts say, its board image, its rules guide, its computer players and
// hints, and its words in every language (locales/).
//
// The rules are the engine's (rules/shangrila); this package only turns
// requests into the engine's moves and the engine's effects into words and
// pictures. cmd/tablebot registers it with New.
package shangrila
