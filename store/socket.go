package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Hot copies for other processes. The process that holds the database
// file (the bot) is the only one that can read it, so it serves copies on
// a Unix socket beside the file. The protocol is one exchange a
// connection: the client sends "backup\n"; the server answers
// "tablebot-backup SIZE\n" and SIZE bytes of database, or "error MESSAGE\n".

// ErrNoBackupServer means no process serves copies on the socket: the
// database is not open anywhere, or its holder does not serve copies.
var ErrNoBackupServer = errors.New("no tablebot process serves copies of this database")

const (
	backupRequest = "backup"
	backupHeader  = "tablebot-backup"
	// backupStall bounds how long a connection may take to ask and to read
	// its copy, so that a stuck client cannot keep a goroutine for ever.
	backupStall = 10 * time.Minute
)

// SocketPath returns the socket on which the holder of the database at
// dbPath serves copies.
func SocketPath(dbPath string) string { return dbPath + ".sock" }

// ListenBackups listens on the Unix socket at path (see SocketPath) for
// ServeBackups. A socket file left at path by a process that died is
// removed first: holding the database means no other process serves it.
// The socket is for the file's owner only.
func (db *DB) ListenBackups(path string) (net.Listener, error) {
	if st, err := os.Lstat(path); err == nil {
		if st.Mode().Type() != fs.ModeSocket {
			return nil, fmt.Errorf("store: %s exists and is not a socket", path)
		}
		if err := os.Remove(path); err != nil {
			return nil, err
		}
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, err
	}
	return ln, nil
}

// ServeBackups serves hot copies of db to the connections of ln until ctx
// ends; it then closes ln (which removes a Unix socket) and waits for the
// copies in progress.
func (db *DB) ServeBackups(ctx context.Context, ln net.Listener) error {
	stop := context.AfterFunc(ctx, func() { ln.Close() })
	defer stop()
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		conn, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			ln.Close()
			return err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer conn.Close()
			db.serveBackup(conn)
		}()
	}
}

// serveBackup answers one connection. The copy is taken into an unlinked
// temporary file first, so that the read transaction lasts as long as a
// local copy and not as long as a slow client: bbolt cannot grow its map
// while a read transaction is open, and writes would wait.
func (db *DB) serveBackup(conn net.Conn) {
	conn.SetDeadline(time.Now().Add(backupStall))
	line, err := bufio.NewReader(io.LimitReader(conn, 64)).ReadString('\n')
	if err != nil || strings.TrimSpace(line) != backupRequest {
		fmt.Fprintf(conn, "error expected %q\n", backupRequest)
		return
	}
	f, err := os.CreateTemp(filepath.Dir(db.path), ".backup-*")
	if err != nil {
		fmt.Fprintf(conn, "error %s\n", oneLine(err.Error()))
		return
	}
	os.Remove(f.Name())
	defer f.Close()
	n, err := db.Backup(f)
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err != nil {
		fmt.Fprintf(conn, "error %s\n", oneLine(err.Error()))
		return
	}
	bw := bufio.NewWriter(conn)
	fmt.Fprintf(bw, "%s %d\n", backupHeader, n)
	if _, err := io.CopyN(bw, f, n); err == nil {
		bw.Flush()
	}
}

// FetchBackup asks the process serving the socket at path for a hot copy
// and writes it to w. It fails with ErrNoBackupServer when nobody serves
// the socket, and with an error when the copy arrives short.
func FetchBackup(ctx context.Context, path string, w io.Writer) (int64, error) {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "unix", path)
	if err != nil {
		return 0, fmt.Errorf("%s: %w (%v)", path, ErrNoBackupServer, err)
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.SetDeadline(time.Now()) })
	defer stop()
	if _, err := io.WriteString(conn, backupRequest+"\n"); err != nil {
		return 0, err
	}
	br := bufio.NewReader(conn)
	line, err := br.ReadString('\n')
	if err != nil {
		return 0, fmt.Errorf("%s: no answer: %w", path, err)
	}
	line = strings.TrimSuffix(line, "\n")
	if msg, ok := strings.CutPrefix(line, "error "); ok {
		return 0, fmt.Errorf("%s: the server failed: %s", path, msg)
	}
	word, num, _ := strings.Cut(line, " ")
	size, err := strconv.ParseInt(num, 10, 64)
	if word != backupHeader || err != nil || size < 0 {
		return 0, fmt.Errorf("%s: not a tablebot backup server (it said %q)", path, clipText(line))
	}
	n, err := io.CopyN(w, br, size)
	if err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return n, fmt.Errorf("%s: copy cut short after %d of %d bytes: %w", path, n, size, err)
	}
	return n, nil
}

// FetchBackupFile is FetchBackup into a file, written like BackupFile: a
// verified copy appears at path, or nothing does.
func FetchBackupFile(ctx context.Context, socket, path string) (int64, error) {
	return writeCopy(path, func(w io.Writer) (int64, error) { return FetchBackup(ctx, socket, w) })
}

func clipText(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
