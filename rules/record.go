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

// ReadRecordLines reads a game record and calls each, in order, for every
// line that holds words. It stops at the first error: a line that is not
// UTF-8 text or is longer than MaxRecordLine, or an error each returns,
// which it wraps in a *LineError naming the line unless it is one already.
// It returns how many lines it read.
func ReadRecordLines(r io.Reader, each func(RecordLine) error) (int, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), MaxRecordLine)
	n := 0
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
