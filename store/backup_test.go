package store

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// TestBackupWhileWriting takes copies while many channels append moves:
// every copy checks, and holds for each game a prefix of its moves that
// replays.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	const channels = 8
	records := make([][]string, channels)
	var wg sync.WaitGroup
	done := make(chan struct{})
	for i := range channels {
		setup, moves := randomRecord(t, 4, uint64(300+i))
		records[i] = moves
		g := startGame(t, db, fmt.Sprintf("ch%d", i), setup)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n, text := range moves[:40] {
				if _, err := db.AppendMove(ctx, g.Channel, g.ID, Move{N: n, Text: text, By: byOf(g, text)}, shangrilaCheck); err != nil {
					t.Errorf("%s move %d: %v", g.Channel, n, err)
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()

	dir := t.TempDir()
	for copies := 0; ; copies++ {
		path := filepath.Join(dir, fmt.Sprintf("copy%d.db", copies))
		if _, err := db.BackupFile(path); err != nil {
			t.Fatalf("copy %d: %v", copies, err)
		}
		c, err := Open(path, Options{ReadOnly: true})
		if err != nil {
			t.Fatalf("copy %d: %v", copies, err)
		}
		all, err := c.List(ctx)
		c.Close()
		if err != nil || len(all) != channels {
			t.Fatalf("copy %d: %v, %v", copies, ids(all), err)
		}
		for i, g := range all {
			for n, m := range g.Moves {
				if m.Text != records[i][n] {
					t.Fatalf("copy %d: %s move %d is %q, want %q", copies, g.ID, n, m.Text, records[i][n])
				}
			}
			replay(t, g)
		}
		select {
		case <-done:
			t.Logf("%d copies taken while writing", copies+1)
			return
		default:
		}
	}
}

func TestBackupToWriter(t *testing.T) {
	db, _ := openTemp(t)
	startGame(t, db, "c1", []string{"players red blue yellow"})
	var buf bytes.Buffer
	n, err := db.Backup(&buf)
	if err != nil || n != int64(buf.Len()) || n == 0 {
		t.Fatalf("Backup = %d, %v with %d bytes written", n, err, buf.Len())
	}
	path := filepath.Join(t.TempDir(), "copy.db")
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Verify(path); err != nil {
		t.Fatal(err)
	}
}

// serve runs ServeBackups on socket until the test ends.
func serve(t *testing.T, db *DB, socket string) {
	t.Helper()
	ln, err := db.ListenBackups(socket)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- db.ServeBackups(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-served; err != nil {
			t.Errorf("ServeBackups: %v", err)
		}
		if _, err := os.Lstat(socket); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the socket is still there: %v", err)
		}
	})
}

func TestServeBackups(t *testing.T) {
	ctx := context.Background()
	db, path := openTemp(t)
	setup, moves := randomRecord(t, 4, 13)
	g := startGame(t, db, "c1", setup)
	for n, text := range moves[:12] {
		if _, err := db.AppendMove(ctx, "c1", g.ID, Move{N: n, Text: text, By: byOf(g, text)}, shangrilaCheck); err != nil {
			t.Fatal(err)
		}
	}
	socket := SocketPath(path)

	// A socket left behind by a process that died is replaced.
	ln, err := net.Listen("unix", socket)
	if err != nil {
		t.Fatal(err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close()

	serve(t, db, socket)
	if st, err := os.Stat(socket); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("socket mode: %v, %v", st.Mode(), err)
	}
	copyPath := filepath.Join(t.TempDir(), "copy.db")
	n, err := FetchBackupFile(ctx, socket, copyPath)
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(copyPath); err != nil || st.Size() != n {
		t.Fatalf("copy of %d bytes: %v, %v", n, st.Size(), err)
	}
	c, err := Open(copyPath, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	got, err := c.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want, err := db.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the copy holds %v, want %v", ids(got), ids(want))
	}
}

func TestFetchBackupFails(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	t.Run("nobody serves", func(t *testing.T) {
		_, err := FetchBackup(ctx, filepath.Join(dir, "none.sock"), &bytes.Buffer{})
		if !errors.Is(err, ErrNoBackupServer) {
			t.Errorf("FetchBackup: %v", err)
		}
	})
	t.Run("a stranger answers", func(t *testing.T) {
		socket := filepath.Join(dir, "stranger.sock")
		ln, err := net.Listen("unix", socket)
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		go func() {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close()
			bufio.NewReader(c).ReadString('\n')
			c.Write([]byte("HTTP/1.1 400 Bad Request\n"))
		}()
		_, err = FetchBackup(ctx, socket, &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), "not a tablebot backup server") {
			t.Errorf("FetchBackup: %v", err)
		}
	})
	t.Run("a copy cut short", func(t *testing.T) {
		socket := filepath.Join(dir, "short.sock")
		ln, err := net.Listen("unix", socket)
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		go func() {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close()
			bufio.NewReader(c).ReadString('\n')
			c.Write([]byte("tablebot-backup 100\nonly a few bytes"))
		}()
		copyPath := filepath.Join(dir, "short.db")
		_, err = FetchBackupFile(ctx, socket, copyPath)
		if err == nil || !strings.Contains(err.Error(), "cut short") {
			t.Errorf("FetchBackupFile: %v", err)
		}
		if _, err := os.Stat(copyPath); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("a failed fetch left a file: %v", err)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".short.db.tmp-*")); len(left) > 0 {
			t.Errorf("temporary files left: %v", left)
		}
	})
	t.Run("a file in the socket's place", func(t *testing.T) {
		db, path := openTemp(t)
		if err := os.WriteFile(SocketPath(path), []byte("mine"), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ListenBackups(SocketPath(path)); err == nil || !strings.Contains(err.Error(), "not a socket") {
			t.Errorf("ListenBackups: %v", err)
		}
	})
}

// TestBackupSocketMode: the socket is for its owner only from the moment
// it exists. A watcher looks at the socket's path as fast as it can while
// ListenBackups creates it, many times over: the first mode it sees is
// 0600 every time. And by construction: when the socket is bound, it is in
// a directory no one else can enter, and nothing is at the path yet.
func TestBackupSocketMode(t *testing.T) {
	db, path := openTemp(t)
	socket := SocketPath(path)
	t.Run("first seen", func(t *testing.T) {
		for round := range 50 {
			seen := make(chan os.FileMode, 1)
			go func() {
				for {
					if st, err := os.Lstat(socket); err == nil {
						seen <- st.Mode()
						return
					}
				}
			}()
			ln, err := db.ListenBackups(socket)
			if err != nil {
				t.Fatal(err)
			}
			mode := <-seen // the socket exists now: the watcher has seen it
			ln.Close()
			if mode.Type() != fs.ModeSocket || mode.Perm() != 0o600 {
				t.Fatalf("round %d: the socket appeared with mode %v, want a socket of mode 0600", round, mode)
			}
		}
		if _, err := os.Lstat(socket); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("Close left the socket: %v", err)
		}
	})
	t.Run("by construction", func(t *testing.T) {
		var checked bool
		ln, err := listenPrivate(socket, func(tmp string) {
			checked = true
			st, err := os.Stat(filepath.Dir(tmp))
			if err != nil || st.Mode().Perm() != 0o700 {
				t.Errorf("the new socket's directory: %v, %v; want mode 0700", st.Mode(), err)
			}
			if _, err := os.Lstat(socket); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("something is at the socket's path before its mode is set: %v", err)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		if !checked {
			t.Fatal("the socket was not bound through the hook")
		}
		if st, err := os.Lstat(socket); err != nil || st.Mode().Type() != fs.ModeSocket || st.Mode().Perm() != 0o600 {
			t.Errorf("the socket: %v, %v", st.Mode(), err)
		}
		if left, _ := filepath.Glob(filepath.Join(filepath.Dir(socket), ".s*")); len(left) > 0 {
			t.Errorf("temporary directories left: %v", left)
		}
	})
}

// serveCounted runs a backupServer of copies and waiting on socket until
// the test ends, its events sent to event.
func serveCounted(t *testing.T, db *DB, socket string, copies, waiting int, event func(string)) {
	t.Helper()
	ln, err := db.ListenBackups(socket)
	if err != nil {
		t.Fatal(err)
	}
	s := newBackupServer(db, copies, waiting)
	s.event = event
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-served; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
}

// TestServeBackupsBounded: many clients at once. Every copy the server
// makes is held (before it is sent) until every client is either holding
// a copy, waiting for its turn or turned away; so what the server holds at
// that moment is the most it would hold for that many clients, whatever
// the scheduling. It holds maxCopies copies at most; the clients that
// waited get whole copies, and those beyond the waiting room are told to
// try again.
func TestServeBackupsBounded(t *testing.T) {
	const clients = 40
	tests := []struct {
		name     string
		waiting  int
		wantBusy int
	}{
		{"all wait their turn", maxWaiting + clients, 0},
		{"a small waiting room", 3, clients - maxCopies - 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, path := openTemp(t)
			for i := range 4 {
				setup, _ := randomRecord(t, 4, uint64(i))
				startGame(t, db, fmt.Sprintf("c%d", i), setup)
			}
			var buf bytes.Buffer
			size, err := db.Backup(&buf)
			if err != nil {
				t.Fatal(err)
			}

			var mu sync.Mutex
			var holding, peak, waited, busy int
			all, release := make(chan struct{}), make(chan struct{})
			var once sync.Once
			serveCounted(t, db, SocketPath(path), maxCopies, tt.waiting, func(ev string) {
				mu.Lock()
				switch ev {
				case "copy":
					holding++
					peak = max(peak, holding)
				case "done":
					holding--
				case "wait":
					waited++
				case "busy":
					busy++
				}
				if holding+waited+busy == clients {
					once.Do(func() { close(all) })
				}
				mu.Unlock()
				if ev == "copy" {
					<-release
				}
			})

			dir := t.TempDir()
			errs := make([]error, clients)
			var wg sync.WaitGroup
			for i := range clients {
				wg.Go(func() {
					_, errs[i] = FetchBackupFile(context.Background(), SocketPath(path), filepath.Join(dir, fmt.Sprintf("copy%d.db", i)))
				})
			}
			<-all
			mu.Lock()
			held := holding
			mu.Unlock()
			close(release)
			wg.Wait()

			if held > maxCopies || peak > maxCopies {
				t.Errorf("the server held %d copies of %d bytes at once (%d at most over the run), want at most %d", held, size, peak, maxCopies)
			}
			t.Logf("%d clients: at most %d copies of %d bytes held at once; %d waited, %d turned away", clients, peak, size, waited, busy)
			gotBusy := 0
			for i, err := range errs {
				switch {
				case err == nil:
					if err := Verify(filepath.Join(dir, fmt.Sprintf("copy%d.db", i))); err != nil {
						t.Errorf("client %d: %v", i, err)
					}
				case strings.Contains(err.Error(), "busy") && strings.Contains(err.Error(), "try again"):
					gotBusy++
				default:
					t.Errorf("client %d: %v", i, err)
				}
			}
			if gotBusy != tt.wantBusy || busy != tt.wantBusy {
				t.Errorf("%d clients were told the bot is busy (%d by the server), want %d", gotBusy, busy, tt.wantBusy)
			}
		})
	}
}
