package bot

import (
	"runtime"
	"syscall"
)

// filmNice is the niceness of the thread that encodes a film: the kernel
// then runs the answers' threads first when the cores are all busy.
const filmNice = 10

// gently runs f on an OS thread of its own made nicer (Linux niceness
// filmNice), and waits for it: a film is a second or more of CPU that
// nobody waits for, and must not take the cores from the answers. The
// thread cannot be made less nice again without privileges, so it is
// never unlocked: it ends with f's goroutine.
func gently(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		runtime.LockOSThread()
		_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), filmNice) // at worst, f runs as nice as the rest
		f()
	}()
	<-done
}
