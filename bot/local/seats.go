package local

import (
	"context"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/store"
)

// seatInfo is a seat of the channel's game as the terminal knows it.
type seatInfo struct {
	seat int
	// user is the person's id (their name, in a terminal); "" for a
	// computer seat.
	user string
	// computer is the level of a computer seat; "" for a person.
	computer string
}

// seatNamed finds the seat a typed word names: a person's name, the seat's
// word in records ("blue"), its name in the session's language ("azul"),
// or its number (2 for the second seat: Menara's seats are marked 2️⃣,
// not coloured).
func (s *Session) seatNamed(g *store.Game, word string) (seatInfo, bool) {
	if g == nil {
		return seatInfo{}, false
	}
	p := s.printer()
	for i, pl := range g.Players {
		names := []string{pl.UserID, pl.Colour, strconv.Itoa(i + 1)}
		if pl.Colour != "" {
			names = append(names, s.game.SeatName(p, i))
		}
		for _, n := range names {
			if n != "" && strings.EqualFold(n, word) {
				return seatInfo{seat: i, user: pl.UserID, computer: pl.Computer}, true
			}
		}
	}
	return seatInfo{}, false
}

// person finds the person a typed word names: a seat's player or, before
// the game has seats, one of the session's players. A computer's seat is
// found, with ok, but its user is "".
func (s *Session) person(ctx context.Context, word string) (seatInfo, bool) {
	g, _, err := s.table(ctx)
	if err == nil && len(g.Players) > 0 {
		return s.seatNamed(g, word)
	}
	for _, n := range s.opts.Players {
		if strings.EqualFold(n, word) {
			return seatInfo{seat: -1, user: n}, true
		}
	}
	return seatInfo{}, false
}

// names returns the seats' names in printer p's language, as the host
// names them: a person's name, a computer's ("Computer (facile)"), or the
// seat's own name.
func (s *Session) names(g *store.Game, p *i18n.Printer) []string {
	out := make([]string, len(g.Players))
	for i, pl := range g.Players {
		switch {
		case pl.Computer != "":
			out[i] = bot.ComputerName(p, pl.Computer)
		case pl.Name != "":
			out[i] = pl.Name
		default:
			out[i] = s.game.SeatName(p, i)
		}
	}
	return out
}

// computerSeat reports whether a seat is played by a computer.
func computerSeat(g *store.Game, seat int) bool {
	return seat >= 0 && seat < len(g.Players) && g.Players[seat].Computer != ""
}

// seatExample is how help shows a seat typed after as: its number ("2")
// in a cooperative game, whose seats are people marked 2️⃣ and not sides
// (Menara: "as blue" would read as a column's colour), else the second
// seat's name in the session's language ("blue").
func (s *Session) seatExample() string {
	if s.game.Seats().Cooperative {
		return "2"
	}
	return strings.ToLower(s.game.SeatName(s.printer(), 1))
}
