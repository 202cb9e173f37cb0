//go:build !linux

package bot

// gently runs f: only Linux makes one thread nicer than the others (see
// nice_linux.go).
func gently(f func()) { f() }
