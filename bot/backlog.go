package bot

import (
	"strings"
	"unicode/utf8"

	"github.com/tablebot/tablebot/store"
)

// A channel that could not be posted in for a while is owed many changes.
// They go out in posts that each respect Discord's limits: the words of
// the oldest in posts of words only, the latest with the board and the
// ping; and when even that would take more than maxBacklogPosts posts,
// the oldest are summed up in one line. The posts are planned from the
// latest change back, so that once the first post is made, the rest of the
// backlog plans into the same posts as before (a post tried again is the
// same post, with the same nonce).

// Limits of the posts of a backlog.
const (
	// boardReserve is the room a board post keeps for what follows the
	// words of the changes: the prompt of the seats to act, the result and
	// the ping of everybody at the end.
	boardReserve = 700
	// maxBacklogPosts is the most posts one backlog takes.
	maxBacklogPosts = 4
)

// part is one post of a backlog: the words of some of its changes, and for
// the last part the board. Its announcements are removed once it is posted.
type part struct {
	lines []string
	// skipped counts the older changes summed up before lines (only in the
	// first part of a long backlog).
	skipped int
	// last is the latest announcement the part carries.
	last  store.Announcement
	board bool
}

// plan splits the owed boards of one game, oldest first, into posts: the
// parts in the order they are to be posted.
func plan(owed []store.Announcement) []part {
	var parts []part
	end := len(owed)
	room := maxContent - boardReserve
	for end > 0 {
		start := end
		size := 0
		for start > 0 {
			n := textSize(owed[start-1].Lines)
			if start < end && size+1+n > room {
				break
			}
			size += 1 + n
			start--
		}
		p := part{last: owed[end-1], board: len(parts) == 0}
		for _, a := range owed[start:end] {
			p.lines = append(p.lines, a.Lines...)
		}
		p.lines = clipLines(p.lines, room)
		parts = append(parts, p)
		end, room = start, maxContent-summaryRoom
		if len(parts) == maxBacklogPosts && end > 0 {
			parts[len(parts)-1].skipped = end
			break
		}
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return parts
}

// summaryRoom is the room a post of words keeps for the line that sums up
// the older changes.
const summaryRoom = 120

// textSize is the length of lines joined, in characters.
func textSize(lines []string) int {
	n := max(len(lines)-1, 0)
	for _, l := range lines {
		n += utf8.RuneCountInString(l)
	}
	return n
}

// clipLines keeps lines within room characters: a single change too long
// for a post is cut.
func clipLines(lines []string, room int) []string {
	if textSize(lines) <= room {
		return lines
	}
	text := []rune(strings.Join(lines, "\n"))
	return []string{string(text[:room-1]) + "…"}
}
