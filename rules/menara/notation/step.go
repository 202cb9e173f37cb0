package notation

import (
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/menara"
)

// FormatStep writes a step as a record line, the player's name first:
// "ana column R on K2". players are the names in seat order.
func FormatStep(players []string, s menara.Step) string {
	name := "?"
	if int(s.Seat) < len(players) {
		name = players[s.Seat]
	}
	return name + " " + s.String()
}

// ParseStep reads a record line's step: a player's name (one of players,
// in any case), a keyword and its arguments. The line must hold no comment.
func ParseStep(players []string, line string) (menara.Step, error) {
	words := strings.Fields(line)
	if len(words) == 0 {
		return menara.Step{}, invalid("notation.empty", nil, "an empty line is not a step")
	}
	for i, p := range players {
		if strings.EqualFold(p, words[0]) {
			return ParseAction(i, words[1:])
		}
	}
	return menara.Step{}, invalid("notation.player", []any{"word", clip(words[0])},
		"%q is not a player: a step starts with the name of one of %s", clip(words[0]), strings.Join(players, ", "))
}

// ParseAction reads the step of the player in seat from its keyword and
// arguments, as in ["column", "R", "on", "K2"].
func ParseAction(seat int, words []string) (menara.Step, error) {
	if len(words) == 0 {
		return menara.Step{}, invalid("notation.no-kind", nil,
			"a step needs a word saying what it does: exchange, reveal, column, move, floor, extend, lift, give up or done")
	}
	a := args{words: words[1:]}
	kw := strings.ToLower(words[0])
	var s menara.Step
	var err error
	switch kw {
	case "exchange":
		s, err = a.exchange(seat)
	case "reveal":
		s, err = a.reveal(seat)
	case "column":
		s, err = a.column(seat)
	case "move":
		s, err = a.move(seat)
	case "floor":
		s, err = a.floor(seat, menara.PlaceFloor)
	case "lift":
		s, err = a.floor(seat, menara.Lift)
	case "extend":
		s, err = a.extend(seat)
	case "give":
		if !a.keyword("up") {
			return menara.Step{}, invalid("notation.give", nil, "write give up, or give up renew")
		}
		s = menara.GiveUpStep(seat, a.keyword("renew"))
	case "done":
		s = menara.DoneStep(seat, a.keyword("renew"))
	default:
		return menara.Step{}, invalid("notation.kind", []any{"word", clip(words[0])},
			"%q is not a step: use exchange, reveal, column, move, floor, extend, lift, give up or done", clip(words[0]))
	}
	if err != nil {
		return menara.Step{}, err
	}
	if len(a.words) > 0 {
		return menara.Step{}, invalid("notation.extra", []any{"word", clip(a.words[0])},
			"%q is more than a %s step takes", clip(a.words[0]), kw)
	}
	return s, nil
}

// args consumes a step's words.
type args struct{ words []string }

func (a *args) next() (string, bool) {
	if len(a.words) == 0 {
		return "", false
	}
	w := a.words[0]
	a.words = a.words[1:]
	return w, true
}

// keyword consumes the next word when it is kw (in any case).
func (a *args) keyword(kw string) bool {
	if len(a.words) > 0 && strings.EqualFold(a.words[0], kw) {
		a.words = a.words[1:]
		return true
	}
	return false
}

func (a *args) expect(kw string, usage Usage) error {
	if !a.keyword(kw) {
		return invalid("notation.usage", []any{"usage", usage}, "write %s", usage)
	}
	return nil
}

func (a *args) exchange(seat int) (menara.Step, error) {
	const usage = UsageExchange
	g, ok1 := a.next()
	if err := a.expect("for", usage); err != nil || !ok1 {
		return menara.Step{}, invalid("notation.usage-exchange", nil, "write %s", usage)
	}
	t, ok2 := a.next()
	give, okg := menara.ParseColumns(g)
	take, okt := menara.ParseColumns(t)
	if !ok2 || !okg || !okt {
		return menara.Step{}, invalid("notation.columns", nil,
			"columns are written by letters: Y yellow, R red, K black, W white, B blue; write %s", usage)
	}
	return menara.ExchangeStep(seat, give, take), nil
}

func (a *args) reveal(seat int) (menara.Step, error) {
	w, _ := a.next()
	pl, ok := menara.ParsePile(w)
	if !ok {
		return menara.Step{}, invalid("notation.pile", []any{"word", clip(w)},
			"%q is not a pile: reveal blue, reveal yellow or reveal red", clip(w))
	}
	return menara.RevealStep(seat, pl), nil
}

func (a *args) base() (menara.Base, error) {
	w, ok := a.next()
	b, okb := menara.ParseBase(w)
	if !ok || !okb {
		return menara.Base{}, invalid("notation.base", []any{"word", clip(w)},
			"%q is not a base: a base is a floor letter A to R and a number, such as K3", clip(w))
	}
	return b, nil
}

func (a *args) column(seat int) (menara.Step, error) {
	w, _ := a.next()
	c, ok := menara.ParseColour(w)
	if !ok {
		return menara.Step{}, invalid("notation.colour", []any{"word", clip(w)},
			"%q is not a colour: Y yellow, R red, K black, W white, B blue; write column R on K2", clip(w))
	}
	if err := a.expect("on", UsageColumn); err != nil {
		return menara.Step{}, err
	}
	b, err := a.base()
	if err != nil {
		return menara.Step{}, err
	}
	return menara.ColumnStep(seat, c, b), nil
}

func (a *args) move(seat int) (menara.Step, error) {
	from, err := a.base()
	if err != nil {
		return menara.Step{}, err
	}
	if err := a.expect("to", UsageMove); err != nil {
		return menara.Step{}, err
	}
	to, err := a.base()
	if err != nil {
		return menara.Step{}, err
	}
	return menara.MoveStep(seat, from, to), nil
}

func (a *args) floorName() (menara.FloorID, error) {
	w, _ := a.next()
	f, ok := menara.ParseFloor(w)
	if !ok {
		return menara.NoFloor, invalid("notation.floor", []any{"word", clip(w)},
			"%q is not a floor: floors are lettered A to R", clip(w))
	}
	return f, nil
}

// placing reads what follows a floor's columns or an extension's floor:
// at q,r, turn t and a side, in any order, each at most once.
type placing struct {
	at              menara.Hex
	hasAt, hasTurn  bool
	turn            int
	side            menara.Side
	sideOK, sideSet bool
}

func (a *args) placing(sideOK bool, usage Usage) (placing, error) {
	pl := placing{sideOK: sideOK}
	for len(a.words) > 0 {
		w := a.words[0]
		switch {
		case strings.EqualFold(w, "at") && !pl.hasAt:
			a.next()
			v, _ := a.next()
			h, ok := parseHex(v)
			if !ok {
				return pl, invalid("notation.at", []any{"word", clip(v)},
					"%q is not a cell: write at q,r with two whole numbers, such as at 5,-3", clip(v))
			}
			pl.at, pl.hasAt = h, true
		case strings.EqualFold(w, "turn") && !pl.hasTurn:
			a.next()
			v, _ := a.next()
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 5 {
				return pl, invalid("notation.turn", []any{"word", clip(v)},
					"%q is not a turn: a floor turns 0 to 5 steps of 60°", clip(v))
			}
			pl.turn, pl.hasTurn = n, true
		default:
			s, ok := menara.ParseSide(w)
			if !ok || pl.sideSet {
				return pl, invalid("notation.usage", []any{"word", clip(w), "usage", usage}, "%q does not belong here: write %s", clip(w), usage)
			}
			if !sideOK {
				return pl, invalid("notation.lift.side", nil, "a moved floor keeps its side: leave out %s", w)
			}
			a.next()
			pl.side, pl.sideSet = s, true
		}
	}
	if !pl.hasTurn {
		return pl, invalid("notation.turn.missing", []any{"usage", usage}, "say how the floor turns: write %s", usage)
	}
	return pl, nil
}

func parseHex(s string) (menara.Hex, bool) {
	q, r, ok := strings.Cut(s, ",")
	if !ok {
		return menara.Hex{}, false
	}
	x, err1 := strconv.ParseInt(q, 10, 16)
	y, err2 := strconv.ParseInt(r, 10, 16)
	if err1 != nil || err2 != nil {
		return menara.Hex{}, false
	}
	return menara.Hex{Q: int16(x), R: int16(y)}, true
}

func (a *args) floor(seat int, kind menara.Kind) (menara.Step, error) {
	usage := UsageFloor
	word := "on"
	if kind == menara.Lift {
		usage, word = UsageLift, "to"
	}
	f, err := a.floorName()
	if err != nil {
		return menara.Step{}, err
	}
	if err := a.expect(word, usage); err != nil {
		return menara.Step{}, err
	}
	var on []menara.Base
	for len(a.words) > 0 {
		w := a.words[0]
		if _, side := menara.ParseSide(w); side || strings.EqualFold(w, "at") || strings.EqualFold(w, "turn") {
			break
		}
		b, err := a.base()
		if err != nil {
			return menara.Step{}, err
		}
		for _, o := range on {
			if o == b {
				return menara.Step{}, invalid("notation.base.twice", []any{"base", b}, "%s is named twice", b)
			}
		}
		on = append(on, b)
	}
	if len(on) == 0 {
		return menara.Step{}, invalid("notation.columns.none", []any{"usage", usage}, "name the columns the floor rests on: write %s", usage)
	}
	pl, err := a.placing(kind == menara.PlaceFloor, usage)
	if err != nil {
		return menara.Step{}, err
	}
	set := menara.NewBaseSet(on...)
	var s menara.Step
	switch {
	case kind == menara.Lift && pl.hasAt:
		s = menara.LiftStep(seat, f, set, pl.turn, pl.at)
	case kind == menara.Lift:
		s = menara.LiftStepOver(seat, f, set, pl.turn)
	case pl.hasAt:
		s = menara.FloorStep(seat, f, set, pl.turn, pl.side, pl.at)
	default:
		s = menara.FloorStepOver(seat, f, set, pl.turn, pl.side)
	}
	return s, nil
}

func (a *args) extend(seat int) (menara.Step, error) {
	const usage = UsageExtend
	f, err := a.floorName()
	if err != nil {
		return menara.Step{}, err
	}
	pl, err := a.placing(true, usage)
	if err != nil {
		return menara.Step{}, err
	}
	if !pl.hasAt {
		return menara.Step{}, invalid("notation.at.missing", []any{"usage", usage}, "say where the floor goes: write %s", usage)
	}
	return menara.ExtendStep(seat, f, pl.at, pl.turn, pl.side), nil
}

// invalid is an error of the notation, its key under the game's name
// ("menara.notation.colour"): a message id is one text in the catalogue
// every game shares, and Shangri-La's notation says its own
// "notation.colour".
func invalid(key string, args []any, format string, a ...any) error {
	return rules.Errorf(rules.Invalid, GameName+"."+key, args, format, a...)
}

// clip shortens what a player typed before it is quoted back.
func clip(s string) string {
	const max = 24
	if r := []rune(s); len(r) > max {
		return string(r[:max]) + "…"
	}
	return s
}
