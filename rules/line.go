package rules

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// LineError says which line of a game record is wrong and why: the
// records of every game are read line by line, and a player or a tool
// reading the error needs the line's number and text.
type LineError struct {
	Line int    // from 1, counting every line, comments and blank lines included; 0 for the record as a whole
	Text string // the line as written, without its line break
	Err  error
}

func (e *LineError) Error() string {
	return fmt.Sprintf("line %d: %s: %v", e.Line, clipLine(e.Text), e.Err)
}

func (e *LineError) Unwrap() error { return e.Err }

// clipLine keeps a quoted line short and printable.
func clipLine(s string) string {
	const max = 80
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if r := []rune(s); len(r) > max {
		return string(r[:max]) + "…"
	}
	return s
}
