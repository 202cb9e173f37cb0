// Package bot is tablebot's command layer: it turns a player's request (a
// slash command, a button, a menu choice, an autocomplete query, or a line
// typed in `tablebot local`) into a decision of the rules engine, commits it
// to the store, and answers with words and board images.
//
// The package knows nothing of Discord or of terminals. Adapters (package
// bot/discord, and tablebot local) turn their input into a Request, call
// Bot.Handle, and deliver the Reply: a public post, a private answer, an
// update of the message whose component was used, or autocomplete choices.
// Board images are rendered lazily, so an adapter can acknowledge at once
// and attach the image when it is drawn.
//
// One game runs per channel. Requests in one channel are handled one at a
// time; different channels run in parallel.
package bot
