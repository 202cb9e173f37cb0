package takeaway

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/rules"
)

// Kind is the game's name.
const Kind = "takeaway"

// The modes of a game.
const (
	Race = "race" // take the last stone to win
	Team = "team" // any seat takes; the team wins when the pile empties in time
)

// MaxTake is the most stones a move takes.
const MaxTake = 3

// Rules are a game's setup: seats in play order, the pile, the mode and,
// for a team, how many moves it has.
type Rules struct {
	Seats  []string
	Stones int
	Mode   string
	Limit  int // team games: the most moves
	// Skip, when above 0, makes a race's seat whose turn begins with
	// exactly Skip stones left pass (a move the host makes for it), unless
	// the seat before it just passed: a forced move, as Shangri-La's
	// passes are.
	Skip int
}

// Move is one move: a seat takes stones, resigns, or passes (forced).
type Move struct {
	Seat   int
	Take   int // 1..MaxTake; 0 for a resignation or a pass
	Resign bool
	Pass   bool
}

// Effect is what a move did: the move and the stones left after it.
type Effect struct {
	Move Move
	Left int
	Won  bool // this move ended the game with a win (the taker's or the team's)
}

// Position is the state of a game: a value. Invariants: 0 <= Left <=
// Rules.Stones; Turn is a seat that has not resigned unless Over.
type Position struct {
	Rules    Rules
	Left     int
	Turn     int
	Moves    int
	Resigned []bool
	Over     bool
	Winner   int // the winning seat, -1 for none (a team win, or no win)
	TeamWon  bool
	Passed   bool // the last move was a pass
}

// MustPass reports whether the seat to move must pass (Rules.Skip).
func (p *Position) MustPass() bool {
	return !p.Over && p.Rules.Mode == Race && p.Rules.Skip > 0 && p.Left == p.Rules.Skip && !p.Passed
}

// NewPosition returns the start of a game.
func NewPosition(r Rules) (Position, error) {
	if len(r.Seats) < 1 || len(r.Seats) > 4 || r.Stones < 1 || r.Mode != Race && r.Mode != Team {
		return Position{}, fmt.Errorf("takeaway: bad rules %+v", r)
	}
	if r.Mode == Race && len(r.Seats) < 2 {
		return Position{}, fmt.Errorf("takeaway: a race needs 2 players")
	}
	return Position{Rules: r, Left: r.Stones, Resigned: make([]bool, len(r.Seats)), Winner: -1}, nil
}

// ToAct returns the seats that may take now.
func (p *Position) ToAct() []int {
	if p.Over {
		return nil
	}
	if p.Rules.Mode == Team {
		var out []int
		for i := range p.Rules.Seats {
			if !p.Resigned[i] {
				out = append(out, i)
			}
		}
		return out
	}
	return []int{p.Turn}
}

// Check returns why a move is illegal, nil when it is legal.
func (p *Position) Check(m Move) error {
	if p.Over {
		return rules.Errorf(rules.GameOver, "takeaway.over", nil, "the game is over")
	}
	if m.Seat < 0 || m.Seat >= len(p.Rules.Seats) || p.Resigned[m.Seat] {
		return rules.Errorf(rules.Illegal, "takeaway.out", nil, "that seat does not play")
	}
	if m.Resign {
		return nil
	}
	if p.Rules.Mode == Race && m.Seat != p.Turn {
		return rules.Errorf(rules.NotYourTurn, "takeaway.turn", nil, "not your turn")
	}
	if m.Pass != p.MustPass() {
		return rules.Errorf(rules.Illegal, "takeaway.must-pass", nil, "a seat passes when, and only when, it must")
	}
	if m.Pass {
		return nil
	}
	if m.Take < 1 || m.Take > MaxTake || m.Take > p.Left {
		return rules.Errorf(rules.Illegal, "takeaway.take", []any{"max", min(MaxTake, p.Left)}, "take 1 to %d", min(MaxTake, p.Left))
	}
	return nil
}

// Apply returns the position after a legal move and what it did.
func (p Position) Apply(m Move) (Position, Effect, error) {
	if err := p.Check(m); err != nil {
		return p, Effect{}, err
	}
	p.Resigned = append([]bool(nil), p.Resigned...)
	p.Moves++
	e := Effect{Move: m}
	p.Passed = m.Pass
	if m.Pass {
		p.Turn = p.next(p.Turn)
		e.Left = p.Left
		return p, e, nil
	}
	if m.Resign {
		p.Resigned[m.Seat] = true
		left := p.active()
		switch {
		case len(left) == 0 || p.Rules.Mode == Race && len(left) == 1:
			p.Over = true
			if p.Rules.Mode == Race && len(left) == 1 {
				p.Winner = left[0]
			}
		case m.Seat == p.Turn:
			p.Turn = p.next(p.Turn)
		}
	} else {
		p.Left -= m.Take
		switch {
		case p.Left == 0:
			p.Over, e.Won = true, true
			if p.Rules.Mode == Race {
				p.Winner = m.Seat
			} else {
				p.TeamWon = true
			}
		case p.Rules.Mode == Team && p.Moves >= p.Rules.Limit:
			p.Over = true
		default:
			p.Turn = p.next(p.Turn)
		}
	}
	e.Left = p.Left
	return p, e, nil
}

func (p *Position) active() []int {
	var out []int
	for i, r := range p.Resigned {
		if !r {
			out = append(out, i)
		}
	}
	return out
}

// next is the seat after seat that still plays.
func (p *Position) next(seat int) int {
	n := len(p.Rules.Seats)
	for i := 1; i <= n; i++ {
		if s := (seat + i) % n; !p.Resigned[s] {
			return s
		}
	}
	return seat
}

// FormatMove writes a move as a record line.
func (p *Position) FormatMove(m Move) string {
	switch {
	case m.Resign:
		return p.Rules.Seats[m.Seat] + " resign"
	case m.Pass:
		return p.Rules.Seats[m.Seat] + " pass"
	}
	return p.Rules.Seats[m.Seat] + " take " + strconv.Itoa(m.Take)
}

// ParseMove reads a record line.
func (p *Position) ParseMove(line string) (Move, error) {
	f := strings.Fields(line)
	seat := -1
	if len(f) > 0 {
		for i, s := range p.Rules.Seats {
			if s == f[0] {
				seat = i
			}
		}
	}
	switch {
	case seat < 0:
		return Move{}, rules.Errorf(rules.Invalid, "takeaway.line", nil, "not a move: %q", line)
	case len(f) == 2 && f[1] == "resign":
		return Move{Seat: seat, Resign: true}, nil
	case len(f) == 2 && f[1] == "pass":
		return Move{Seat: seat, Pass: true}, nil
	case len(f) == 3 && f[1] == "take":
		n, err := strconv.Atoi(f[2])
		if err != nil {
			return Move{}, rules.Errorf(rules.Invalid, "takeaway.line", nil, "not a move: %q", line)
		}
		return Move{Seat: seat, Take: n}, nil
	}
	return Move{}, rules.Errorf(rules.Invalid, "takeaway.line", nil, "not a move: %q", line)
}

// ParseRecord reads a record's header and returns the start and the move
// lines.
func ParseRecord(record string) (Position, []string, error) {
	r := Rules{Stones: 21, Mode: Race, Limit: 10}
	var moves []string
	for _, line := range strings.Split(record, "\n") {
		line = strings.TrimSpace(line)
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "game":
			if len(f) != 2 || f[1] != Kind {
				return Position{}, nil, fmt.Errorf("takeaway: not a record of this game: %q", line)
			}
		case "players":
			r.Seats = f[1:]
		case "stones", "limit", "skip":
			n, err := strconv.Atoi(strings.Join(f[1:], ""))
			if err != nil {
				return Position{}, nil, fmt.Errorf("takeaway: %q", line)
			}
			switch f[0] {
			case "stones":
				r.Stones = n
			case "skip":
				r.Skip = n
			default:
				r.Limit = n
			}
		case "mode":
			r.Mode = strings.Join(f[1:], "")
		default:
			moves = append(moves, line)
		}
	}
	p, err := NewPosition(r)
	return p, moves, err
}
