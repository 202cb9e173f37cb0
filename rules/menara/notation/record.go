package notation

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/menara"
)

// GameName is the word after "game" that names this game in records.
const GameName = "menara"

// Record is a game record as read from text: the options, the seed and the
// steps in order, each with the number and text of its line.
type Record struct {
	Players    []string
	Difficulty menara.Difficulty
	Hands      menara.Hands
	Seed       uint64
	// Side is the base's side: Light unless a side line says dark.
	Side  menara.Side
	Steps []menara.Step
	// Lines[i] is the line number (from 1, counting every line) and
	// Texts[i] the text of Steps[i].
	Lines []int
	Texts []string
}

// Options returns the options the record's game is set up with.
func (rec *Record) Options() menara.Options {
	return menara.Options{Players: rec.Players, Difficulty: rec.Difficulty, Hands: rec.Hands, Side: rec.Side}
}

// LineError says which line of a record is wrong and why (rules.LineError).
type LineError = rules.LineError

// ParseRecord reads a game record. Errors are *LineError.
func ParseRecord(r io.Reader) (*Record, error) {
	rec := &Record{Side: menara.Light}
	seen := map[string]bool{}
	stepping := false
	requireHeader := func() error {
		for _, kw := range []string{menara.HeaderPlayers, menara.HeaderDifficulty, menara.HeaderSeed} {
			if !seen[kw] {
				return invalid("notation.header.missing", []any{"word", kw},
					"the record has no %s line: a record starts with game, players, difficulty and seed lines", kw)
			}
		}
		return nil
	}
	n, err := rules.ReadRecordLines(r, func(l rules.RecordLine) error {
		kw := strings.ToLower(l.Words[0])
		switch kw {
		case menara.HeaderGame, menara.HeaderPlayers, menara.HeaderDifficulty, menara.HeaderHands, menara.HeaderSeed, menara.HeaderSide:
			if stepping {
				return invalid("notation.header.late", []any{"word", kw}, "the %s line must come before the steps", kw)
			}
			if seen[kw] {
				return invalid("notation.header.twice", []any{"word", kw}, "the record has two %s lines", kw)
			}
			if kw == menara.HeaderGame && len(seen) > 0 {
				return invalid("notation.game.late", nil, "the game line must come first")
			}
			seen[kw] = true
			return rec.header(kw, l.Words[1:])
		}
		if !stepping {
			if err := requireHeader(); err != nil {
				return err
			}
			stepping = true
		}
		s, err := ParseStep(rec.Players, l.Code)
		if err != nil {
			return err
		}
		rec.Steps = append(rec.Steps, s)
		rec.Lines = append(rec.Lines, l.N)
		rec.Texts = append(rec.Texts, l.Text)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !stepping {
		if err := requireHeader(); err != nil {
			return nil, &LineError{Line: n + 1, Err: err}
		}
	}
	return rec, nil
}

// header reads one header line's values into rec.
func (rec *Record) header(kw string, vals []string) error {
	one := func(usage string) (string, error) {
		if len(vals) != 1 {
			return "", invalid("notation.header.usage", []any{"usage", usage}, "write %s", usage)
		}
		return vals[0], nil
	}
	switch kw {
	case menara.HeaderGame:
		if len(vals) != 1 || !strings.EqualFold(vals[0], GameName) {
			return invalid("notation.game.name", nil, "this is a record of %q: write game %s", GameName, GameName)
		}
	case menara.HeaderPlayers:
		o := menara.Options{Players: vals}
		if len(vals) < menara.MinPlayers || len(vals) > menara.MaxPlayers {
			return invalid("notation.players.count", []any{"count", len(vals)},
				"name 1 to 4 players in seat order, one word each: players ana bob")
		}
		for i, v := range vals {
			if err := menara.ValidName(v); err != nil {
				return err
			}
			for _, w := range vals[:i] {
				if strings.EqualFold(v, w) {
					return invalid("notation.players.twice", []any{"name", v}, "%s is named twice", clip(v))
				}
			}
		}
		rec.Players = o.Players
	case menara.HeaderDifficulty:
		v, err := one("difficulty easy, difficulty medium or difficulty hard")
		if err != nil {
			return err
		}
		d, ok := menara.ParseDifficulty(v)
		if !ok {
			return invalid("notation.difficulty", []any{"word", clip(v)}, "%q is not a difficulty: easy, medium or hard", clip(v))
		}
		rec.Difficulty = d
	case menara.HeaderHands:
		h, err := parseHands(vals)
		if err != nil {
			return err
		}
		rec.Hands = h
	case menara.HeaderSeed:
		v, err := one("seed N, a whole number from 0 to 18446744073709551615")
		if err != nil {
			return err
		}
		s, perr := strconv.ParseUint(v, 10, 64)
		if perr != nil {
			return invalid("notation.seed", []any{"word", clip(v)}, "%q is not a seed: a whole number from 0 to 18446744073709551615", clip(v))
		}
		rec.Seed = s
	case menara.HeaderSide:
		v, err := one("side light or side dark")
		if err != nil {
			return err
		}
		s, ok := menara.ParseSide(v)
		if !ok {
			return invalid("notation.side", []any{"word", clip(v)}, "%q is not a side: light or dark", clip(v))
		}
		rec.Side = s
	}
	return nil
}

// WriteRecord writes a game record: the header (the side line only for a
// dark base), then one step a line.
func WriteRecord(w io.Writer, rec *Record) error {
	bw := bufio.NewWriter(w)
	writeHeader(bw, rec)
	for _, s := range rec.Steps {
		bw.WriteString(FormatStep(rec.Players, s))
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// Header returns the record's header lines after "game menara", as
// WriteRecord writes them: players, difficulty, hands, seed, and a side
// line only for a dark base.
func (rec *Record) Header() []string {
	lines := []string{
		menara.HeaderPlayers + " " + strings.Join(rec.Players, " "),
		menara.HeaderDifficulty + " " + rec.Difficulty.String(),
		HandsLine(rec.Hands),
		menara.HeaderSeed + " " + strconv.FormatUint(rec.Seed, 10),
	}
	if rec.Side == menara.Dark {
		lines = append(lines, menara.HeaderSide+" dark")
	}
	return lines
}

func writeHeader(bw *bufio.Writer, rec *Record) {
	bw.WriteString(menara.HeaderGame + " " + GameName + "\n")
	for _, l := range rec.Header() {
		bw.WriteString(l + "\n")
	}
}

// FormatRecord returns a game record as a string.
func FormatRecord(rec *Record) string {
	var b strings.Builder
	_ = WriteRecord(&b, rec)
	return b.String()
}

// NewRecord returns the record of a game: its options, seed and steps.
func NewRecord(o menara.Options, seed uint64, steps []menara.Step) *Record {
	side := o.Side
	if side == menara.NoSide {
		side = menara.Light
	}
	return &Record{Players: o.Players, Difficulty: o.Difficulty, Hands: o.Hands, Seed: seed, Side: side, Steps: steps}
}

// Replay sets up the record's game and plays its steps. An illegal step is
// reported as a *LineError naming its line; the game returned then holds
// the steps before it.
func (rec *Record) Replay() (*menara.Game, error) {
	g, err := menara.NewGame(rec.Options(), rec.Seed)
	if err != nil {
		return nil, &LineError{Line: 0, Text: "", Err: err}
	}
	for i, s := range rec.Steps {
		if _, err := g.Play(s); err != nil {
			line, text := 0, s.String()
			if i < len(rec.Lines) {
				line, text = rec.Lines[i], rec.Texts[i]
			}
			return g, &LineError{Line: line, Text: text, Err: err}
		}
	}
	return g, nil
}
