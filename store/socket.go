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
	"sync/atomic"
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
// The socket is for the file's owner only, from the moment it exists (see
// listenPrivate). Closing the listener removes the socket.
func (db *DB) ListenBackups(path string) (net.Listener, error) {
	if st, err := os.Lstat(path); err == nil {
		if st.Mode().Type() != fs.ModeSocket {
			return nil, fmt.Errorf("store: %s exists and is not a socket", path)
		}
		if err := os.Remove(path); err != nil {
			return nil, err
		}
	}
	return listenPrivate(path, nil)
}

// listenPrivate creates the socket at path with mode 0600 and no moment
// of a wider one. A socket gets its mode from the umask when it is bound,
// and changing the umask would change it for every goroutine's files; so
// the socket is bound in a new directory of mode 0700 beside path, which
// no one else can enter, made 0600 there and renamed into place (rename
// is atomic). bound, when not nil, is called with the socket just bound,
// before its chmod (tests look at it then).
func listenPrivate(path string, bound func(tmp string)) (net.Listener, error) {
	// A short name: a socket's path has a length limit (108 bytes on
	// Linux), and the temporary one must fit if path does.
	dir, err := os.MkdirTemp(filepath.Dir(path), ".s")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	tmp := filepath.Join(dir, "s")
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: tmp, Net: "unix"})
	if err != nil {
		return nil, err
	}
	ln.SetUnlinkOnClose(false) // it is unlinked at path, by socketListener
	if bound != nil {
		bound(tmp)
	}
	if err := os.Chmod(tmp, 0o600); err != nil {
		ln.Close()
		return nil, err
	}
	if err := os.Rename(tmp, path); err != nil {
		ln.Close()
		return nil, err
	}
	return &socketListener{UnixListener: ln, path: path}, nil
}

// socketListener is a Unix listener whose socket was renamed to path:
// Close removes it there, once.
type socketListener struct {
	*net.UnixListener
	path string
	once sync.Once
}

// Close removes the socket and closes the listener, in this order (as
// net.UnixListener does): once Accept fails, the socket is gone.
func (l *socketListener) Close() error {
	l.once.Do(func() { os.Remove(l.path) })
	return l.UnixListener.Close()
}

// Bounds on the copies served at once. Each copy is a whole copy of the
// database in a temporary file (and in the page cache while it is sent),
// so N clients at once used to cost N copies. Copies are made one at a
// time: a copy of a local file is quick, and the clients are people's
// commands (games, export, backup), which would rather wait a moment than
// be told to try again. A client that finds maxWaiting others waiting is
// told at once that the bot is busy, so that a runaway script cannot make
// the bot keep a goroutine and a socket for each of its connections.
const (
	maxCopies  = 1
	maxWaiting = 32
)

// errBusy answers a client that finds too many others waiting.
var errBusy = errors.New("busy: too many copies asked for at once; try again in a moment")

// ServeBackups serves hot copies of db to the connections of ln until ctx
// ends; it then closes ln (which removes a Unix socket) and waits for the
// copies in progress. It makes one copy at a time; the others wait their
// turn, up to maxWaiting of them.
func (db *DB) ServeBackups(ctx context.Context, ln net.Listener) error {
	return newBackupServer(db, maxCopies, maxWaiting).serve(ctx, ln)
}

// backupServer serves copies to the connections of one listener.
type backupServer struct {
	db *DB
	// slots holds a value for each copy in progress.
	slots      chan struct{}
	waiting    atomic.Int32
	maxWaiting int32
	// event, when not nil, hears what each connection does (tests):
	// "wait" when it must wait for its turn, "busy" when it is turned
	// away, "copy" while it holds a copy (before sending it) and "done"
	// once the copy is released.
	event func(string)
}

func newBackupServer(db *DB, copies, waiting int) *backupServer {
	return &backupServer{db: db, slots: make(chan struct{}, copies), maxWaiting: int32(waiting)}
}

func (s *backupServer) note(event string) {
	if s.event != nil {
		s.event(event)
	}
}

// serve accepts connections until ctx ends, then waits for their copies.
func (s *backupServer) serve(ctx context.Context, ln net.Listener) error {
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
		wg.Go(func() {
			defer conn.Close()
			s.serveConn(ctx, conn)
		})
	}
}

// turn waits for a copy's slot and returns its release; it fails when too
// many wait already, or when ctx ends first.
func (s *backupServer) turn(ctx context.Context) (release func(), err error) {
	select {
	case s.slots <- struct{}{}:
	default:
		defer s.waiting.Add(-1)
		if s.waiting.Add(1) > s.maxWaiting {
			s.note("busy")
			return nil, errBusy
		}
		s.note("wait")
		select {
		case s.slots <- struct{}{}:
		case <-ctx.Done():
			return nil, errors.New("the bot is stopping, or the copy waited too long; try again")
		}
	}
	return func() { <-s.slots }, nil
}

// serveConn answers one connection. The copy is taken into an unlinked
// temporary file first, so that the read transaction lasts as long as a
// local copy and not as long as a slow client: bbolt cannot grow its map
// while a read transaction is open, and writes would wait.
func (s *backupServer) serveConn(ctx context.Context, conn net.Conn) {
	ctx, cancel := context.WithTimeout(ctx, backupStall)
	defer cancel()
	conn.SetDeadline(time.Now().Add(backupStall))
	line, err := bufio.NewReader(io.LimitReader(conn, 64)).ReadString('\n')
	if err != nil || strings.TrimSpace(line) != backupRequest {
		fmt.Fprintf(conn, "error expected %q\n", backupRequest)
		return
	}
	release, err := s.turn(ctx)
	if err != nil {
		fmt.Fprintf(conn, "error %s\n", err)
		return
	}
	defer release()
	f, err := os.CreateTemp(filepath.Dir(s.db.path), ".backup-*")
	if err != nil {
		fmt.Fprintf(conn, "error %s\n", oneLine(err.Error()))
		return
	}
	os.Remove(f.Name())
	defer f.Close()
	n, err := s.db.Backup(f)
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err != nil {
		fmt.Fprintf(conn, "error %s\n", oneLine(err.Error()))
		return
	}
	s.note("copy")
	defer s.note("done")
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
