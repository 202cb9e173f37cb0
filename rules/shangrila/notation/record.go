package notation

import (
	"bufio"
	"io"
	"strings"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// GameName is the word after "game" that names this game in records.
const GameName = "shangrila"

// Record is a game record as read from text: the players in seat order,
// how the game starts and the moves in order, each with the number of the
// line it was read from.
type Record struct {
	// Players is nil when the record has no players line; it then needs a
	// starting position from elsewhere (a state file).
	Players []shangrila.Colour
	// PlayersLine is the number of the players line, 0 when there is none.
	PlayersLine int
	Start       shangrila.Start
	Moves       []shangrila.Move
	// Lines[i] is the line number (from 1, counting every line) and Texts[i]
	// the text of Moves[i].
	Lines []int
	Texts []string
}

// LineError says which line of a record is wrong and why (rules.LineError).
type LineError = rules.LineError

// ParseRecord reads a game record. Header lines (game, players, start) come
// before the first move, in that order; each is optional for a record that
// continues a known position, but a record with moves from the start
// needs players. Errors are *LineError.
func ParseRecord(r io.Reader) (*Record, error) {
	rec := &Record{}
	stage := 0 // 0: nothing read, 1: game read, 2: players read, 3: start read, 4: moves
	_, err := rules.ReadRecordLines(r, func(l rules.RecordLine) error {
		words := l.Words
		switch strings.ToLower(words[0]) {
		case "game":
			if stage > 0 {
				return invalid("notation.game.late", nil, "the game line must come first")
			}
			if len(words) != 2 || !strings.EqualFold(words[1], GameName) {
				return invalid("notation.game.name", nil, "this is a record of %q: write game %s", GameName, GameName)
			}
			stage = 1
		case "players":
			if stage > 1 {
				return invalid("notation.players.late", nil, "the players line must come before start and the moves")
			}
			players, err := parsePlayers(words[1:])
			if err != nil {
				return err
			}
			rec.Players = players
			rec.PlayersLine = l.N
			stage = 2
		case "start":
			if stage > 2 {
				return invalid("notation.start.late", nil, "the start line must come before the moves")
			}
			if len(words) != 2 {
				return invalid("notation.start", nil, "write start suggested, or start setup")
			}
			switch strings.ToLower(words[1]) {
			case "suggested":
				rec.Start = shangrila.StartSuggested
			case "setup":
				rec.Start = shangrila.StartSetup
			default:
				return invalid("notation.start", nil, "write start suggested, or start setup")
			}
			stage = 3
		default:
			m, err := ParseMove(l.Code)
			if err != nil {
				return err
			}
			rec.Moves = append(rec.Moves, m)
			rec.Lines = append(rec.Lines, l.N)
			rec.Texts = append(rec.Texts, l.Text)
			stage = 4
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return rec, nil
}

func parsePlayers(words []string) ([]shangrila.Colour, error) {
	var out []shangrila.Colour
	for _, w := range words {
		c, ok := shangrila.ParseColour(w)
		if !ok {
			return nil, invalid("notation.players.colour", []any{"word", w},
				"%q is not a colour: players are red, blue, yellow or violet", clip(w))
		}
		for _, o := range out {
			if o == c {
				return nil, invalid("notation.players.twice", []any{"player", c}, "%s is named twice", c)
			}
		}
		out = append(out, c)
	}
	if len(out) != 3 && len(out) != 4 {
		return nil, invalid("notation.players.count", []any{"count", len(out)},
			"name 3 or 4 players in seat order, such as players red blue yellow")
	}
	return out, nil
}

// WriteRecord writes a game record: the header, then one move a line.
func WriteRecord(w io.Writer, players []shangrila.Colour, start shangrila.Start, moves []shangrila.Move) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("game " + GameName + "\n")
	for _, l := range Header(players, start) {
		bw.WriteString(l + "\n")
	}
	for _, m := range moves {
		bw.WriteString(FormatMove(m))
		bw.WriteString("\n")
	}
	return bw.Flush()
}

// Header returns a record's header lines after "game shangrila", as
// WriteRecord writes them: the players in seat order, and "start
// suggested" for a game that starts from the suggested position.
func Header(players []shangrila.Colour, start shangrila.Start) []string {
	line := "players"
	for _, c := range players {
		line += " " + c.String()
	}
	lines := []string{line}
	if start == shangrila.StartSuggested {
		lines = append(lines, "start suggested")
	}
	return lines
}

// FormatRecord returns a game record as a string.
func FormatRecord(players []shangrila.Colour, start shangrila.Start, moves []shangrila.Move) string {
	var b strings.Builder
	_ = WriteRecord(&b, players, start, moves)
	return b.String()
}

// Replay plays the record from its own start, or from start when it is
// not nil (then a players line, if any, must match its players), and
// returns the game. An illegal move is reported as a *LineError.
func (rec *Record) Replay(start *shangrila.Position) (*shangrila.Game, error) {
	var g *shangrila.Game
	switch {
	case start != nil:
		if rec.Players != nil && !sameColours(rec.Players, start.Players()) {
			return nil, &LineError{Line: rec.PlayersLine, Text: "players", Err: invalid("notation.players.mismatch", nil,
				"the record's players differ from the starting position's")}
		}
		g = shangrila.GameFrom(*start)
	case rec.Players == nil:
		return nil, &LineError{Line: 0, Text: "", Err: invalid("notation.players.missing", nil,
			"the record names no players: add a line such as players red blue yellow")}
	default:
		var err error
		if g, err = shangrila.NewGame(rec.Players, rec.Start); err != nil {
			return nil, err
		}
	}
	for i, m := range rec.Moves {
		if _, err := g.Play(m); err != nil {
			return g, &LineError{Line: rec.Lines[i], Text: rec.Texts[i], Err: err}
		}
	}
	return g, nil
}

func sameColours(a, b []shangrila.Colour) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
