package bot

// The terminal's own words (tablebot local), besides the commands of
// Discord. A game that names its players in records keeps clear of them:
// a player named so could not be told from the word (see TerminalWords).
const (
	WordQuit     = "quit"
	WordExit     = "exit"
	WordHelp     = "help"
	WordAs       = "as"
	WordMoves    = "moves"
	WordGame     = "game"
	WordComputer = "computer"
)

// TerminalWords lists the terminal's own words.
func TerminalWords() []string {
	return []string{WordQuit, WordExit, WordHelp, WordAs, WordMoves, WordGame, WordComputer}
}
