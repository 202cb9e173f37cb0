package bot

import (
	"unicode/utf8"

	"github.com/tablebot/tablebot/i18n"
)

// Since your last turn. Whoever a board post asks to act (the channel's
// post and their turn DM) reads, above their prompt, what the others did
// since they last acted, and the board highlights every change since
// then, not only the latest move. The host knows no game: a game that
// implements Recounter says whose each move was and puts a run of moves
// in words; the host finds the moves since a seat's latest own move
// (since the start when it has not moved yet) and hands them to the
// board's drawing as BoardView.Since. A game without it shows the latest
// move alone, as before.

// SinceMark begins what a post says since a player's last turn: a line,
// and the lines under it that begin with "- ".
const SinceMark = "🕘 "

// Recounter is implemented by a game that tells a player whose turn comes
// what happened since they last acted.
type Recounter interface {
	// Actor returns the seat that chose the move that did e; -1 for a
	// move no seat chose (a pass the host made for a seat without a
	// choice), which does not end anybody's "since".
	Actor(e Effect) int
	// Recount says what the moves since a seat last acted did, in a few
	// short lines in p's language, oldest first: since are their effects
	// in order (at least one), st the state after them, names the seats'
	// names. The post already says the latest move (State.Last) and the
	// passes after it, so a game whose turn is one move leaves those out;
	// a game whose turn is many moves may say whole turns. Nil when there
	// is nothing more to say.
	Recount(p *i18n.Printer, st State, since []Effect, names []string) []string
}

// recap is what happened since the seats to act last acted: the lines
// saying it to each seat, and what the board highlights.
type recap struct {
	lines map[int][]string
	// since are the effects of the moves since the earliest of those
	// seats last acted, when more than the latest move: the board's
	// BoardView.Since.
	since []Effect
}

// recapOf is the recap of the seats of t to act that people play (a
// computer is told nothing), when t's game is a Recounter; the board
// highlights the moves since the earliest of them last acted, or, for
// one seat (user's, when user is not ""), since that seat did.
func recapOf(t *table, pub *i18n.Printer, names []string, user string) recap {
	rc, ok := t.game.(Recounter)
	if !ok || t.state == nil || t.state.Over() || t.state.Moves() == 0 {
		return recap{}
	}
	var seats []int
	for _, seat := range t.toAct() {
		pl := t.seat(seat)
		if level(pl) == "" && pl.Away == "" && pl.UserID != "" {
			seats = append(seats, seat)
		}
	}
	if len(seats) == 0 {
		return recap{}
	}
	history := t.state.History()
	r := recap{lines: map[int][]string{}}
	first := len(history)
	for _, seat := range seats {
		from := sinceFrom(rc, history, seat)
		if from == len(history) {
			continue // the seat made the latest move: its turn goes on
		}
		if user == "" || t.seat(seat).UserID == user {
			first = min(first, from)
		}
		r.lines[seat] = rc.Recount(pub, t.state, history[from:], names)
	}
	if len(history)-first > 1 {
		r.since = history[first:]
	}
	return r
}

// sinceFrom is the number of moves made when seat last acted: the moves
// of history from there on are the others'. 0 when it has not acted.
func sinceFrom(rc Recounter, history []Effect, seat int) int {
	for i := len(history) - 1; i >= 0; i-- {
		if rc.Actor(history[i]) == seat {
			return i + 1
		}
	}
	return 0
}

// recapRoom is the most characters the recap of one seat takes in a post,
// recapAfter the room a post keeps after it for the prompts, the result
// and the mentions, and recapNote the room kept in the recap for saying
// how many lines were left out.
const (
	recapRoom  = 700
	recapAfter = 400
	recapNote  = 40
)

// recapText is lines as they go above a seat's prompt in a post that says
// content so far: "Since your last turn:" and the lines, the latest ones
// that fit when they do not all ("" for no lines).
func recapText(pub *i18n.Printer, lines []string, content string) string {
	room := min(recapRoom, maxContent-recapAfter-utf8.RuneCountInString(content))
	head := SinceMark + pub.T("bot.since")
	size := utf8.RuneCountInString(head) + recapNote
	start := len(lines)
	for start > 0 {
		n := 3 + utf8.RuneCountInString(lines[start-1])
		if size+n > room {
			break
		}
		size += n
		start--
	}
	switch kept := lines[start:]; {
	case len(kept) == 0:
		return ""
	case len(kept) == 1 && start == 0:
		return head + " " + kept[0]
	default:
		s := head
		if start > 0 {
			s += " " + pub.N("bot.since.more", start)
		}
		for _, l := range kept {
			s += "\n- " + l
		}
		return s
	}
}
