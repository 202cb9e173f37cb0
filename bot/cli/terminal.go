package cli

import (
	"os"
)

// IsTerminal reports whether a stream (standard input, output or error) is
// an interactive terminal (a character device): typed input is not echoed
// and gets a prompt, and progress is a bar redrawn in place.
func IsTerminal(stream any) bool {
	f, ok := stream.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
