package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/store"
)

// firstWrite is an output that says when it is first written to.
type firstWrite struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	written chan struct{}
}

func (w *firstWrite) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.buf.Len() == 0 && len(p) > 0 {
		close(w.written)
	}
	return w.buf.Write(p)
}

// TestLocalServesCopies: while tablebot local holds the database, games,
// export and backup read it through its socket, as they do while serve
// runs.
func TestLocalServesCopies(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	stdin, typing := io.Pipe()
	out := &firstWrite{written: make(chan struct{})}
	var errOut bytes.Buffer
	ended := make(chan int, 1)
	go func() {
		ended <- Run(context.Background(), []string{"local", "--game", "menara", "--db", db}, stdin, out, &errOut)
	}()
	<-out.written // the session is under way: the database is held
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"games", []string{"games", "--db", db}, "local"},
		{"export", []string{"export", "--db", db, "--channel", "local"}, "game menara"},
		{"backup", []string{"backup", "--db", db, "-o", filepath.Join(t.TempDir(), "copy.db")}, "from the running bot"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(t, "", tc.args...)
			if code != 0 || !strings.Contains(stdout, tc.want) {
				t.Errorf("%s while local runs: exit %d, %q, %s", tc.name, code, stdout, stderr)
			}
		})
	}
	typing.Close()
	if code := <-ended; code != 0 {
		t.Errorf("local: exit %d: %s", code, errOut.String())
	}
	if _, err := store.FetchBackup(context.Background(), store.SocketPath(db), io.Discard); err == nil {
		t.Error("the socket still answers after the session ended")
	}
}
