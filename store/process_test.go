package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Tests that run a copy of the test binary as a child process: the child
// tests skip unless the parent set their environment variables.

const (
	envCrashDB = "TABLEBOT_STORE_CRASH_DB"
	envLockDB  = "TABLEBOT_STORE_LOCK_DB"
	crashSeed  = 42
)

// child returns a command that runs one child test of this binary.
func child(t *testing.T, test string, env ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^"+test+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	return cmd
}

// TestCrashChild appends the moves of a random game to the database named
// by its environment, and prints "committed N" after each append returns.
func TestCrashChild(t *testing.T) {
	path := os.Getenv(envCrashDB)
	if path == "" {
		t.Skip("run by TestCrash")
	}
	ctx := context.Background()
	db, err := Open(path, Options{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	_, moves := randomRecord(t, 4, crashSeed)
	g, err := db.Current(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	for n := len(g.Moves); n < len(moves); n++ {
		if _, err := db.AppendMove(ctx, "c1", g.ID, Move{N: n, Text: moves[n], By: byOf(g, moves[n])}, shangrilaCheck); err != nil {
			t.Fatal(err)
		}
		fmt.Printf("committed %d\n", n)
	}
	db.Close()
}

// TestCrash kills a child with SIGKILL while it appends moves, reopens the
// file and checks that every move the child reported is there and that
// the game replays; then lets another child continue the same game.
func TestCrash(t *testing.T) {
	ctx := context.Background()
	db, path := openTemp(t)
	setup, moves := randomRecord(t, 4, crashSeed)
	g := startGame(t, db, "c1", setup)
	db.Close()

	reported := map[int]bool{}
	for round, killAfter := range []int{7, 23, 40} {
		cmd := child(t, "TestCrashChild", envCrashDB+"="+path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		seen, killed := 0, false
		for sc.Scan() {
			num, ok := strings.CutPrefix(sc.Text(), "committed ")
			if !ok {
				continue
			}
			n, err := strconv.Atoi(num)
			if err != nil {
				t.Fatalf("child said %q", sc.Text())
			}
			reported[n] = true
			if seen++; seen == killAfter && !killed {
				// Lines already written still count: the child printed
				// them after their moves were durable.
				if err := cmd.Process.Kill(); err != nil {
					t.Fatal(err)
				}
				killed = true
			}
		}
		err = cmd.Wait()
		if killed && err == nil {
			t.Fatalf("round %d: the child survived SIGKILL", round)
		}
		if !killed && err != nil {
			t.Fatalf("round %d: the child failed: %v", round, err)
		}

		db, err := Open(path, Options{})
		if err != nil {
			t.Fatalf("round %d: reopening after the kill: %v", round, err)
		}
		stored, err := db.Game(ctx, g.ID)
		db.Close()
		if err != nil {
			t.Fatal(err)
		}
		for n := range reported {
			if n >= len(stored.Moves) || stored.Moves[n].Text != moves[n] {
				t.Fatalf("round %d: reported move %d is not stored (the game has %d moves)", round, n, len(stored.Moves))
			}
		}
		for n, m := range stored.Moves {
			if m.Text != moves[n] {
				t.Fatalf("round %d: move %d is %q, want %q", round, n, m.Text, moves[n])
			}
		}
		if len(stored.Moves) > len(reported)+1 {
			t.Errorf("round %d: %d moves stored, %d reported: at most one may be unreported", round, len(stored.Moves), len(reported))
		}
		replay(t, stored)
		t.Logf("round %d: killed after %d commits; %d moves stored", round, seen, len(stored.Moves))
	}
}

// TestLockChild tries to open the database named by its environment,
// which its parent holds, and prints the error and how long it waited.
func TestLockChild(t *testing.T) {
	path := os.Getenv(envLockDB)
	if path == "" {
		t.Skip("run by TestLockOtherProcess")
	}
	start := time.Now()
	db, err := Open(path, Options{Timeout: 200 * time.Millisecond})
	if err == nil {
		db.Close()
		fmt.Println("opened")
		return
	}
	fmt.Printf("waited %d ms; is locked: %v; error: %v\n", time.Since(start).Milliseconds(), errors.Is(err, ErrLocked), err)
}

func TestLockOtherProcess(t *testing.T) {
	_, path := openTemp(t)
	out, err := child(t, "TestLockChild", envLockDB+"="+path).Output()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	got := string(out)
	if !strings.Contains(got, "is locked: true") || !strings.Contains(got, "database is in use by another tablebot process") {
		t.Fatalf("child said %q", got)
	}
	var ms int
	if _, err := fmt.Sscanf(got, "waited %d ms", &ms); err != nil || ms > 5000 {
		t.Errorf("the child waited %d ms for a 200 ms timeout (%v)", ms, err)
	}
}

func TestLockSameProcess(t *testing.T) {
	_, path := openTemp(t)
	tests := []struct {
		name string
		opts Options
	}{
		{"for writing", Options{Timeout: 100 * time.Millisecond}},
		{"read-only", Options{Timeout: 100 * time.Millisecond, ReadOnly: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, err := Open(path, tt.opts)
			if err == nil {
				db.Close()
				t.Fatal("a second Open succeeded")
			}
			if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "database is in use by another tablebot process") {
				t.Fatalf("second Open: %v", err)
			}
		})
	}
}
