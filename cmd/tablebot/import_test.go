package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/store"
)

// exportAll exports every game of a test database, each as its own
// record, keyed by game id.
func exportAll(t *testing.T, db string, ids []string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, id := range ids {
		code, stdout, stderr := run(t, "", "export", "--db", db, "--game", id)
		if code != 0 {
			t.Fatalf("export %s: %s", id, stderr)
		}
		out[id] = stdout
	}
	return out
}

// TestExportHostLines: an exported game says, after its game line, its
// server, channel and seats' people ("-" for a computer), and its status
// when it did not end by its rules; replay reads it all the same.
func TestExportHostLines(t *testing.T) {
	db, _ := testDB(t)
	recs := exportAll(t, db, []string{"100-1", "200-1"})
	for id, rec := range recs {
		lines := strings.Split(rec, "\n")
		if lines[1] != "game shangrila" || lines[2] != "guild g" || lines[4] != "seats u1 u2 u3 -" {
			t.Errorf("%s: the record begins %q", id, lines[:6])
		}
		path := filepath.Join(t.TempDir(), "rec.txt")
		os.WriteFile(path, []byte(rec), 0o600)
		if code, _, stderr := run(t, "", "replay", path); code != 0 {
			t.Errorf("%s: replay refuses the export: %s", id, stderr)
		}
	}
	if !strings.Contains(recs["100-1"], "\nchannel 100\n") || strings.Contains(recs["200-1"], "status") {
		t.Errorf("channel or status lines: %q", recs["200-1"][:120])
	}
	// A cancelled game says so.
	ctx := context.Background()
	d, err := store.Open(db, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Finish(ctx, "100", "100-1", store.Cancelled); err != nil {
		t.Fatal(err)
	}
	d.Close()
	if rec := exportAll(t, db, []string{"100-1"})["100-1"]; !strings.Contains(rec, "\nstatus cancelled\n") {
		t.Errorf("a cancelled game's record: %q", rec[:160])
	}
}

// TestImport: exported records imported into another database are the
// same games: ended ones archived, the live one its channel's current game;
// importing them again stores nothing; a second live game for a channel and
// a record naming no channel are refused with their names.
func TestImport(t *testing.T) {
	src, _ := testDB(t)
	ids := []string{"100-1", "200-1", "300-1"}
	recs := exportAll(t, src, ids)
	dir := t.TempDir()
	for id, rec := range recs {
		os.WriteFile(filepath.Join(dir, id+".txt"), []byte(rec), 0o600)
	}
	dst := filepath.Join(t.TempDir(), "new.db")
	code, stdout, stderr := run(t, "", "import", "--db", dst, dir)
	if code != 0 || !strings.Contains(stdout, "imported 3 games") {
		t.Fatalf("import: %d %q %q", code, stdout, stderr)
	}
	for _, id := range ids {
		if got := exportAll(t, dst, []string{id})[id]; got != recs[id] {
			t.Errorf("%s imported then exported:\n%s\nwant\n%s", id, got, recs[id])
		}
	}
	// Again, as one stream on standard input: nothing new.
	stream := recs["100-1"] + recs["200-1"] + recs["300-1"]
	code, stdout, _ = run(t, stream, "import", "--db", dst, "-")
	if code != 0 || !strings.Contains(stdout, "imported 0 games (3 imported before") {
		t.Errorf("imported again: %d %q", code, stdout)
	}
	// A second live game in channel 100, and a record without host lines.
	live := strings.Replace(recs["100-1"], "seats u1 u2 u3 -", "seats u4 u2 u3 -", 1)
	bare := "game shangrila\nplayers red blue yellow\nred setup A healer\n"
	code, _, stderr = run(t, live+bare, "import", "--db", dst, "-")
	if code != 1 || !strings.Contains(stderr, "stdin:2: ") || !strings.Contains(stderr, "already running") ||
		!strings.Contains(stderr, "--channel ID") {
		t.Errorf("refusals: %d %q", code, stderr)
	}
	code, stdout, stderr = run(t, bare, "import", "--db", dst, "--channel", "900", "-")
	if code != 0 || !strings.Contains(stdout, "imported 1 game") {
		t.Errorf("with --channel: %d %q %q", code, stdout, stderr)
	}
}

// TestReshard: the games of a server go to the shard Discord sends it to,
// with their channels' settings.
func TestReshard(t *testing.T) {
	ctx := context.Background()
	src := filepath.Join(t.TempDir(), "src.db")
	db, err := store.Open(src, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Guild ids whose shard of 3 is 0, 1 and 2: (id >> 22) % 3.
	guilds := []string{"0", "4194304", "8388608"}
	var games []*store.Game
	for i, g := range guilds {
		for c := range 2 {
			games = append(games, &store.Game{Guild: g, Channel: g + "-" + string(rune('a'+c)), Kind: "shangrila", Status: store.Cancelled,
				Setup: []string{"players red blue yellow"}, Players: []store.Player{{UserID: "u", Colour: "red"}, {Colour: "blue"}, {Colour: "yellow"}}})
		}
		if err := db.SetChannelSetting(ctx, g+"-a", "lang", []string{"en", "es", "it"}[i]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Import(ctx, games); err != nil {
		t.Fatal(err)
	}
	db.Close()
	out := t.TempDir()
	code, stdout, stderr := run(t, "", "reshard", "--db", src, "--shards", "3", "--out", out)
	if code != 0 {
		t.Fatalf("reshard: %q", stderr)
	}
	for k, g := range guilds {
		shard, err := store.Open(filepath.Join(out, "shard-"+string(rune('0'+k))+".db"), store.Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		all, _ := shard.List(ctx)
		lang, _ := shard.ChannelSetting(ctx, g+"-a", "lang")
		shard.Close()
		if len(all) != 2 || all[0].Guild != g || lang != []string{"en", "es", "it"}[k] {
			t.Errorf("shard %d: %d games (%v), lang %q", k, len(all), all, lang)
		}
	}
	if !strings.Contains(stdout, "shard-2.db: 0 live and 2 ended games") {
		t.Errorf("reshard said %q", stdout)
	}
	if code, _, stderr := run(t, "", "reshard", "--db", src, "--shards", "3", "--out", out); code == 0 || !strings.Contains(stderr, "exists") {
		t.Errorf("resharding over existing shards: %d %q", code, stderr)
	}
}

// TestCheckCommand: check reads the whole file and says what it holds; a
// damaged one fails.
func TestCheckCommand(t *testing.T) {
	db, _ := testDB(t)
	code, stdout, stderr := run(t, "", "check", "--db", db)
	if code != 0 || !strings.Contains(stdout, "checks: 2 live and 2 ended games") {
		t.Errorf("check: %d %q %q", code, stdout, stderr)
	}
	data, _ := os.ReadFile(db)
	for i := 3 * 4096; i < len(data); i += 97 {
		data[i] ^= 0x5a
	}
	bad := filepath.Join(t.TempDir(), "bad.db")
	os.WriteFile(bad, data, 0o600)
	if code, _, stderr := run(t, "", "check", "--db", bad); code == 0 {
		t.Errorf("a damaged file checks: %q", stderr)
	}
}
