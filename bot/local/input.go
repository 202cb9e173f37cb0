package local

import (
	"bufio"
	"errors"
	"io"
	"sync"
)

// input is the session's typed lines, read one at a time, with one line of
// look-ahead: while a record is piped in, a computer's turn looks at the
// next line to see whether the record already says what the computer
// played. The main loop and a computer's turn never read at once (the loop
// waits for the computers), but the lock keeps it so.
type input struct {
	mu      sync.Mutex
	sc      *bufio.Scanner
	pending *string // a line read ahead and not yet taken
	err     error
}

func newInput(r io.Reader) *input {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	return &input{sc: sc}
}

// next returns the next line and takes it; false at the end of the input.
func (in *input) next() (string, bool) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if l, ok := in.fill(); ok {
		in.pending = nil
		return l, true
	}
	return "", false
}

// peek returns the next line without taking it.
func (in *input) peek() (string, bool) {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.fill()
}

// take takes the line peek returned.
func (in *input) take() {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.pending = nil
}

// fill reads a line ahead unless one is pending. The caller holds mu.
func (in *input) fill() (string, bool) {
	if in.pending != nil {
		return *in.pending, true
	}
	if in.err != nil {
		return "", false
	}
	if !in.sc.Scan() {
		in.err = in.sc.Err()
		if in.err == nil {
			in.err = io.EOF
		}
		return "", false
	}
	l := in.sc.Text()
	in.pending = &l
	return l, true
}

// failure returns why the input ended, nil for its end or a line too long
// to read (the session ends there, as at the end of the input).
func (in *input) failure() error {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.err == nil || errors.Is(in.err, io.EOF) || errors.Is(in.err, bufio.ErrTooLong) {
		return nil
	}
	return in.err
}
