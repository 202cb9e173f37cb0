// Package notation reads and writes The Bridges of Shangri-La as text:
// moves ("red recruit A rainmaker B yeti"), whole game records, and the
// position as JSON. It stands beside the rules engine and only uses its
// exported API, so the engine stays free of any text format.
//
// # Game records
//
//	game shangrila
//	players red blue yellow          # seat order; the first moves first
//	start suggested                  # optional: skip the setup phase
//	red setup A rainmaker
//	red place D healer
//	blue recruit A rainmaker B yeti  # one or two students
//	yellow journey A B
//	red pass
//
// '#' starts a comment; blank lines are ignored. Villages are letters A-M;
// disciplines are written by name (in English, Spanish or Italian, with or
// without accents; "yeti" for the Yeti-Whisperer) or by letter (R P Y A D H
// F); everything in any case. Colours are red, blue, yellow and violet.
package notation
