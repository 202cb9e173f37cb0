package store

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	bolt "go.etcd.io/bbolt"
)

// Backup writes a consistent copy of the whole database to w, from one
// read transaction: writes go on meanwhile and are not in the copy. It
// returns the number of bytes written.
func (db *DB) Backup(w io.Writer) (int64, error) {
	var n int64
	err := db.view(context.Background(), func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}

// BackupFile writes a consistent copy of the database to path. The copy
// goes to a temporary file beside path, is synced and checked with
// Verify, and only then renamed to path: path is never left half written.
func (db *DB) BackupFile(path string) (int64, error) {
	return writeCopy(path, db.Backup)
}

// writeCopy writes a database copy through write into a temporary file,
// syncs and verifies it and renames it to path.
func writeCopy(path string, write func(io.Writer) (int64, error)) (n int64, err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return 0, err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if n, err = write(f); err != nil {
		return n, err
	}
	if err = f.Sync(); err != nil {
		return n, err
	}
	if err = f.Close(); err != nil {
		return n, err
	}
	if err = Verify(tmp); err != nil {
		return n, fmt.Errorf("the copy does not check: %w", err)
	}
	if err = os.Rename(tmp, path); err != nil {
		return n, err
	}
	return n, syncDir(dir)
}

// Verify checks that the file at path is a whole tablebot database of this
// version: every page reachable and every game readable (Check). It opens
// the file read-only.
func Verify(path string) error {
	db, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		return err
	}
	err = db.Check(context.Background(), nil)
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	return err
}
