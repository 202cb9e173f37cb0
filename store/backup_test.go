package store

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
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
