package etcd_test

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/etcd"
	"github.com/tablebot/tablebot/store/etcd/etcdtest"
	"github.com/tablebot/tablebot/store/storetest"
)

// envServerDir names the data directory of the etcd server that
// TestServerChild runs, as a child process of TestServerCrash.
const envServerDir = "TABLEBOT_ETCD_SERVER_DIR"

// TestServerChild runs an etcd server on the data directory its
// environment names, prints "endpoint ADDR" and serves until it is killed
// or its standard input closes.
func TestServerChild(t *testing.T) {
	dir := os.Getenv(envServerDir)
	if dir == "" {
		t.Skip("run by TestServerCrash")
	}
	srv, err := etcdtest.Start(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	os.Stdout.WriteString("endpoint " + srv.Endpoint + "\n")
	_, _ = io.Copy(io.Discard, os.Stdin)
}

// serverChild starts an etcd server in a child process on dir, and
// returns it with its endpoint.
func serverChild(t *testing.T, dir string) (*exec.Cmd, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestServerChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), envServerDir+"="+dir)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		cmd.Process.Kill()
		cmd.Wait()
	})
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if ep, ok := strings.CutPrefix(sc.Text(), "endpoint "); ok {
			go io.Copy(io.Discard, out)
			return cmd, ep
		}
	}
	t.Fatal("the etcd child did not start")
	return nil, ""
}

// TestServerCrash kills the etcd server (SIGKILL) while moves are being
// appended, starts it again on its data directory, and checks that every
// move whose append returned is stored, in order, with at most the one in
// flight besides, and that the game goes on.
func TestServerCrash(t *testing.T) {
	if testing.Short() || !etcdtest.Available {
		t.Skip("starts etcd servers in child processes; the full run has it")
	}
	ctx := context.Background()
	dir := t.TempDir()
	cmd, ep := serverChild(t, dir)
	db, err := etcd.Open(ctx, etcd.Config{Endpoints: []string{ep}})
	if err != nil {
		t.Fatal(err)
	}
	g := storetest.StartGame(t, db, "c1")
	moves := storetest.Moves(t)
	acked := 0
	const killAfter = 12
	for n, text := range moves {
		if n == killAfter {
			if err := cmd.Process.Kill(); err != nil {
				t.Fatal(err)
			}
		}
		// After the kill, an append fails or waits for a server that
		// will not come back: it is given up on after a while (either
		// way it was not acknowledged).
		actx, cancel := ctx, context.CancelFunc(func() {})
		if n >= killAfter {
			actx, cancel = context.WithTimeout(ctx, 2*time.Second)
		}
		_, err := db.AppendMove(actx, "c1", g.ID, store.Move{N: n, Text: text, By: store.Computer}, nil)
		cancel()
		if err != nil {
			break
		}
		acked++
	}
	db.Close()
	if acked < killAfter {
		t.Fatalf("only %d moves were stored before the kill", acked)
	}
	_, ep = serverChild(t, dir)
	db, err = etcd.Open(ctx, etcd.Config{Endpoints: []string{ep}})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cur, err := db.Current(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if len(cur.Moves) < acked || len(cur.Moves) > acked+1 {
		t.Fatalf("%d moves stored after the crash; %d were acknowledged", len(cur.Moves), acked)
	}
	for n, m := range cur.Moves {
		if m.Text != moves[n] {
			t.Fatalf("move %d is %q, want %q", n, m.Text, moves[n])
		}
	}
	n := len(cur.Moves)
	if _, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: n, Text: moves[n], By: store.Computer}, nil); err != nil {
		t.Fatalf("the game does not go on after the restart: %v", err)
	}
	t.Logf("%d moves acknowledged before the kill, %d stored", acked, len(cur.Moves))
}
