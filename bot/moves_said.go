package bot

import "github.com/tablebot/tablebot/i18n"

// MovesSayer is a game that lists its legal moves in a player's words:
// the lines as a player of p's language types them, with comments in that
// language after "  # ". The terminal's moves list uses it when a game
// has it, View.Moves (record lines) otherwise.
type MovesSayer interface {
	MovesSaid(p *i18n.Printer, st State) []string
}
