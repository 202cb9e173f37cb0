package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/store/etcd/etcdtest"
)

// TestStoreCommandsOnEtcd: import, games, export and stats --rebuild work
// on the etcd engine with --db etcd and the configuration's [storage]:
// records imported into etcd export the same; backup, check and reshard,
// which work on files, refuse it and say what to do instead.
func TestStoreCommandsOnEtcd(t *testing.T) {
	if !etcdtest.Available {
		t.Skip("no etcd server in the race detector's build (see etcdtest.Available); the run without -race has it")
	}
	srv, err := etcdtest.Start(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	conf := etcdConfig(t, srv.Endpoint, "commands/")
	src, _ := testDB(t)
	ids := []string{"100-1", "200-1", "300-1"}
	recs := exportAll(t, src, ids)
	dir := t.TempDir()
	for id, rec := range recs {
		os.WriteFile(filepath.Join(dir, id+".txt"), []byte(rec), 0o600)
	}
	etcd := []string{"--db", "etcd", "--config", conf}

	code, stdout, stderr := run(t, "", append(append([]string{"import"}, etcd...), dir)...)
	if code != 0 || !strings.Contains(stdout, "imported 3 games") {
		t.Fatalf("import into etcd: %d %q %q", code, stdout, stderr)
	}
	for _, id := range ids {
		code, got, stderr := run(t, "", append(append([]string{"export"}, etcd...), "--game", id)...)
		if code != 0 || got != recs[id] {
			t.Errorf("%s imported into etcd then exported: exit %d %s\n%s\nwant\n%s", id, code, stderr, got, recs[id])
		}
	}
	code, stdout, stderr = run(t, "", append([]string{"games"}, etcd...)...)
	for _, id := range ids {
		if code != 0 || !strings.Contains(stdout, id) {
			t.Errorf("games on etcd: exit %d, %q lacks %s (%s)", code, stdout, id, stderr)
		}
	}
	code, stdout, stderr = run(t, "", append([]string{"stats", "--rebuild"}, etcd...)...)
	if code != 0 || !strings.Contains(stdout, "statistics rebuilt from") {
		t.Errorf("stats --rebuild on etcd: exit %d, %q %q", code, stdout, stderr)
	}

	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"backup", "--db", "etcd", "-o", filepath.Join(t.TempDir(), "copy.db")}, "etcdctl snapshot save"},
		{[]string{"check", "--db", "etcd"}, "tablebot migrate --from etcd"},
		{[]string{"reshard", "--db", "etcd", "--shards", "2", "--out", t.TempDir()}, "change shard_count"},
	} {
		t.Run(tt.args[0], func(t *testing.T) {
			code, _, stderr := run(t, "", tt.args...)
			if code != 2 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, %q; want 2 and %q", code, stderr, tt.want)
			}
		})
	}
}
