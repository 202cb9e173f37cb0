package rules

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"unicode/utf8"
)

// MaxRecordLine is the longest line a game record may have, in bytes; no
// legal line of any game comes near it.
const MaxRecordLine = 4096

// RecordLine is one line of a game record that holds words. Every game's
// records share this shape: one entry a line, '#' starts a comment, blank
// lines are ignored.
type RecordLine struct {
	N     int      // the line's number, from 1, counting every line
	Text  string   // the line as written, without its line break
	Code  string   // Text without its comment
	Words []string // the words of Code; never empty
}

// The host lines of a record say where and by whom it was played, as
// `tablebot export` writes them after the game line: "guild ID", "channel
// ID", "seats ID ID …" (a person's id a seat, in seat order, "-" for a
// computer) and "status ended|cancelled" for a game that did not end by
// its rules. They belong to the host, not to the game: ReadRecordLines
// passes them over (right after the game line only, so that no move is
// ever taken for one), and ReadRecordHost reads them.
var hostWords = []string{"guild", "channel", "seats", "status"}

// RecordHost is what a record's host lines say; empty fields when it has
// none.
type RecordHost struct {
	Guild, Channel string
	Seats          []string
	Status         string
}

// ReadRecordHost reads the host lines of a record.
func ReadRecordHost(r io.Reader) (RecordHost, error) {
	var h RecordHost
	_, err := readLines(r, true, func(l RecordLine) error {
		if !isHostLine(l.Words) {
			return errEndOfHeader
		}
		switch w := l.Words; strings.ToLower(w[0]) {
		case "guild":
			h.Guild = w[1]
		case "channel":
			h.Channel = w[1]
		case "seats":
			h.Seats = w[1:]
		case "status":
			h.Status = strings.ToLower(w[1])
		}
		return nil
	})
	if errors.Is(err, errEndOfHeader) {
		err = nil
	}
	return h, err
}

// errEndOfHeader stops reading host lines.
var errEndOfHeader = errors.New("end of the header")

// IsHostLine reports whether a line's words, right after a record's game
// line, are a host line.
func IsHostLine(words []string) bool { return isHostLine(words) }

// isHostLine reports whether a line's words are a host line.
func isHostLine(words []string) bool {
	if len(words) < 2 {
		return false
	}
	for _, w := range hostWords {
		if strings.EqualFold(words[0], w) {
			return true
		}
	}
	return false
}

// ReadRecordLines reads a game record and calls each, in order, for every
// line that holds words, but the host lines that follow its game line. It
// stops at the first error: a line that is not UTF-8 text or is longer
// than MaxRecordLine, or an error each returns, which it wraps in a
// *LineError naming the line unless it is one already. It returns how many
// lines it read.
func ReadRecordLines(r io.Reader, each func(RecordLine) error) (int, error) {
	return readLines(r, false, each)
}

// readLines is ReadRecordLines; with host it hands over the host lines
// (and the lines after them) but not the game line.
func readLines(r io.Reader, host bool, each func(RecordLine) error) (int, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), MaxRecordLine)
	n := 0
	header := false // after the game line, and host lines only so far
	for sc.Scan() {
		n++
		text := strings.TrimSuffix(sc.Text(), "\r")
		if !utf8.ValidString(text) {
			return n, &LineError{Line: n, Text: text,
				Err: Errorf(Invalid, "notation.utf8", nil, "the line is not UTF-8 text")}
		}
		code := text
		if i := strings.IndexByte(code, '#'); i >= 0 {
			code = code[:i]
		}
		words := strings.Fields(code)
		if len(words) == 0 {
			continue
		}
		game := strings.EqualFold(words[0], "game")
		switch {
		case game && host || header && isHostLine(words) && !host:
			header = true
			continue
		case host && !header:
			return n, nil // no game line: no host lines
		}
		header = game || header && isHostLine(words)
		if err := each(RecordLine{N: n, Text: text, Code: code, Words: words}); err != nil {
			var le *LineError
			if errors.As(err, &le) {
				return n, err
			}
			return n, &LineError{Line: n, Text: text, Err: err}
		}
	}
	if err := sc.Err(); err != nil {
		text := ""
		if errors.Is(err, bufio.ErrTooLong) {
			err = Errorf(Invalid, "notation.long", nil, "the line is longer than %d bytes", MaxRecordLine)
			text = "…"
		}
		return n, &LineError{Line: n + 1, Text: text, Err: err}
	}
	return n, nil
}
