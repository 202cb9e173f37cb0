package main

import (
	"io"
	"os"
)

// isTerminal reports whether r is an interactive terminal (a character
// device), so that piped input can be echoed and typed input not.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
