// Package menara is Menara as the host sees it. For now it holds only what
// the images need from the command layer: the game's part of the message
// catalogue (Source), embedded from locales/<lang>/*.toml, and the words
// of the image in a language (Labels). The game itself (bot.Game, its
// commands and menus) comes with the next issue.
package menara
