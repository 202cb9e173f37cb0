package bot

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tablebot/tablebot/store"
)

// runtimeGosched lets other goroutines run (a test waiting for a state
// they reach).
func runtimeGosched() { runtime.Gosched() }

// owedLines returns n owed boards, each saying one line of width
// characters, with growing sequence numbers and versions.
func owedLines(n, width int) []store.Announcement {
	var out []store.Announcement
	for i := range n {
		line := fmt.Sprintf("move %03d ", i)
		line += strings.Repeat("x", max(width-len(line), 0))
		out = append(out, store.Announcement{Seq: uint64(i + 1), Version: uint64(i + 10), Lines: []string{line}})
	}
	return out
}

// TestPlan: a backlog goes out in posts within Discord's limit, the board
// with the last; more than maxBacklogPosts posts' worth is summed up in
// the first; once the first post is made, the rest plans into the same
// posts.
func TestPlan(t *testing.T) {
	tests := []struct {
		name          string
		owed          []store.Announcement
		parts, summed int
	}{
		{"one change", owedLines(1, 40), 1, 0},
		{"a few", owedLines(30, 40), 1, 0},
		{"two posts", owedLines(60, 40), 2, 0},
		{"the most", owedLines(150, 40), 4, 0},
		{"summed up", owedLines(400, 40), 4, 400 - 4*maxContent/41 + 40},
		{"a line too long", owedLines(3, 5000), 3, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parts := plan(tt.owed)
			if len(parts) != tt.parts {
				t.Fatalf("%d posts, want %d", len(parts), tt.parts)
			}
			said, skipped := 0, 0
			for i, p := range parts {
				room := maxContent - summaryRoom
				if p.board {
					room = maxContent - boardReserve
				}
				if n := utf8.RuneCountInString(strings.Join(p.lines, "\n")); n > room {
					t.Errorf("post %d says %d characters, room %d", i, n, room)
				}
				if p.board != (i == len(parts)-1) {
					t.Errorf("post %d of %d: board %v", i, len(parts), p.board)
				}
				if p.skipped > 0 && i > 0 {
					t.Errorf("post %d sums up %d changes: only the first may", i, p.skipped)
				}
				said += len(p.lines)
				skipped += p.skipped
			}
			if last := parts[len(parts)-1].last; last.Seq != tt.owed[len(tt.owed)-1].Seq {
				t.Errorf("the board goes with %d, not the last change", last.Seq)
			}
			if said+skipped != len(tt.owed) && tt.name != "a line too long" {
				t.Errorf("%d said and %d summed up of %d", said, skipped, len(tt.owed))
			}
			if tt.summed > 0 && (skipped == 0 || skipped > tt.summed) {
				t.Errorf("%d summed up, want some, at most %d", skipped, tt.summed)
			}
			// After the first post, the rest plans into the same posts.
			rest := tt.owed[indexOf(tt.owed, parts[0].last)+1:]
			if len(rest) > 0 {
				again := plan(rest)
				if len(again) != len(parts)-1 || again[0].last.Seq != parts[1].last.Seq {
					t.Errorf("after the first post: %d posts, want %d", len(again), len(parts)-1)
				}
			}
		})
	}
}

// indexOf returns the index of announcement a in owed.
func indexOf(owed []store.Announcement, a store.Announcement) int {
	for i, o := range owed {
		if o.Seq == a.Seq {
			return i
		}
	}
	return -1
}
