package menara

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/rules/menara"
)

// The JSON state (rules/menara/notation.MarshalState) read into a View,
// for tablebot render --from STATE.json: the engine cannot rebuild a
// position from it (the seeded stream and the order of the piles are not
// in it), but everything the image shows is.

type jState struct {
	Game       string              `json:"game"`
	Players    []string            `json:"players"`
	Difficulty string              `json:"difficulty"`
	Hands      string              `json:"hands"`
	Phase      string              `json:"phase"`
	Outcome    *jOutcome           `json:"outcome"`
	Height     *int                `json:"height"`
	Required   *int                `json:"required"`
	Camp       []string            `json:"camp"`
	Hand       map[string][]string `json:"hand"`
	Piles      map[string]int      `json:"piles"`
	Quarry     *int                `json:"quarry"`
	NextFloor  *string             `json:"next_floor"`
	Floors     []jFloor            `json:"floors"`
	Model      *jModel             `json:"model"`
	Turn       *jTurn              `json:"turn"`
}

type jOutcome struct {
	Won    bool   `json:"won"`
	Reason string `json:"reason"`
}

type jFloor struct {
	Name     string       `json:"name"`
	Side     string       `json:"side"`
	Level    int          `json:"level"`
	Cells    [][2]int     `json:"cells"`
	Bases    []jBase      `json:"bases"`
	Supports []string     `json:"supports"`
	Margin   *json.Number `json:"margin_mm"`
	Holds    bool         `json:"holds"`
	Fallen   bool         `json:"fallen"`
}

type jBase struct {
	N      int    `json:"n"`
	Cell   [2]int `json:"cell"`
	Colour string `json:"colour"`
	Column bool   `json:"column"`
}

type jColumn struct {
	At      string  `json:"at"`
	Fallen  bool    `json:"fallen"`
	Carries *string `json:"carries"`
}

type jModel struct {
	Delta0 json.Number `json:"delta0_mm"`
	Delta1 json.Number `json:"delta1_mm"`
	Safe   json.Number `json:"safe_mm"`
}

type jCard struct {
	Pile string `json:"pile"`
	Type string `json:"type"`
	N    int    `json:"n"`
	Rim  string `json:"rim"`
}

type jTurn struct {
	Player     string   `json:"player"`
	Card       *jCard   `json:"card"`
	Stage      string   `json:"stage"`
	Progress   int      `json:"progress"`
	Chosen     *string  `json:"chosen"`
	ToLevelRow bool     `json:"to_level_row"`
	Moved      []string `json:"moved"`
}

// ViewFromJSON reads the JSON state of a game (tablebot replay --json)
// into a View. It checks what the drawing relies on (names of floors,
// bases, colours, players, sides, stages and card types; cells of the
// lattice; one hand per player) and fails with a message naming the first
// problem. What the JSON cannot say, the last step, is not shown.
func ViewFromJSON(data []byte) (View, error) {
	var s struct {
		jState
		Columns []jColumn `json:"columns"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&s); err != nil {
		return View{}, fmt.Errorf("menara state: %w", err)
	}
	if s.Game != "menara" {
		return View{}, fmt.Errorf("menara state: game %q, want \"menara\"", s.Game)
	}
	v := View{Players: s.Players, Chosen: menara.NoFloor, NextFloor: menara.NoFloor, Turn: -1}
	fail := func(format string, a ...any) (View, error) {
		return View{}, fmt.Errorf("menara state: "+format, a...)
	}
	if len(v.Players) < menara.MinPlayers || len(v.Players) > menara.MaxPlayers {
		return fail("%d players, want 1 to 4", len(v.Players))
	}
	var ok bool
	if v.Difficulty, ok = menara.ParseDifficulty(s.Difficulty); !ok {
		return fail("difficulty %q, want easy, medium or hard", s.Difficulty)
	}
	if v.Hands, ok = menara.ParseHands(s.Hands); !ok {
		return fail("hands %q, want steady or shaky", s.Hands)
	}
	switch s.Phase {
	case "playing":
	case "over":
		v.Over = true
		if s.Outcome == nil {
			return fail("a game over without an outcome")
		}
		v.Outcome.Won = s.Outcome.Won
		if v.Outcome.Reason, ok = parseReason(s.Outcome.Reason); !ok {
			return fail("end reason %q, want collapse, refill, cards or floors", s.Outcome.Reason)
		}
	default:
		return fail("phase %q, want playing or over", s.Phase)
	}
	if s.Height == nil || s.Required == nil || s.Quarry == nil {
		return fail("height, required and quarry are required")
	}
	v.Height, v.Required, v.Quarry = *s.Height, *s.Required, *s.Quarry
	v.LevelCards = menara.LevelCards(v.Difficulty)
	if v.Camp, ok = parseColours(s.Camp); !ok {
		return fail("camp %v: not colour names", s.Camp)
	}
	for _, p := range v.Players {
		names, present := s.Hand[p]
		h, ok := parseColours(names)
		if !ok || !present {
			return fail("the hand of %q: missing or not colour names", p)
		}
		v.Hand = append(v.Hand, h)
	}
	for pl := menara.Pile(0); pl < menara.NumPiles; pl++ {
		v.Piles[pl] = s.Piles[pl.String()]
	}
	if s.NextFloor != nil {
		if v.NextFloor, ok = menara.ParseFloor(*s.NextFloor); !ok {
			return fail("next floor %q: not a floor letter A to R", *s.NextFloor)
		}
	}
	v.Model = engineModel()
	if s.Model != nil {
		d0, ok0 := micrometres(string(s.Model.Delta0))
		d1, ok1 := micrometres(string(s.Model.Delta1))
		sf, ok2 := micrometres(string(s.Model.Safe))
		if !ok0 || !ok1 || !ok2 {
			return fail("model %+v: not millimetres with at most three decimals", *s.Model)
		}
		v.Model = Model{Delta0: d0, Delta1: d1, Safe: sf}
	}
	columns := map[menara.Base]jColumn{}
	for _, c := range s.Columns {
		b, ok := menara.ParseBase(c.At)
		if !ok {
			return fail("column %q: not a base name such as K3", c.At)
		}
		columns[b] = c
	}
	moved := map[menara.Base]bool{}
	if t := s.Turn; t != nil {
		if v.Over {
			return fail("a game over with a turn")
		}
		seat := -1
		for i, p := range v.Players {
			if p == t.Player {
				seat = i
			}
		}
		if seat < 0 {
			return fail("turn of %q, who does not play", t.Player)
		}
		v.Turn, v.Progress, v.ToLevelRow = seat, t.Progress, t.ToLevelRow
		if v.Stage, ok = parseStage(t.Stage); !ok {
			return fail("stage %q, want exchange, build, new-floor or close", t.Stage)
		}
		if t.Card != nil {
			c, ok := parseCard(t.Card)
			if !ok {
				return fail("card %+v: not a plan card", *t.Card)
			}
			v.Card, v.HasCard = c, true
		}
		if t.Chosen != nil {
			if v.Chosen, ok = menara.ParseFloor(*t.Chosen); !ok {
				return fail("chosen floor %q: not a floor letter A to R", *t.Chosen)
			}
		}
		for _, m := range t.Moved {
			b, ok := menara.ParseBase(m)
			if !ok {
				return fail("moved column %q: not a base name such as K3", m)
			}
			moved[b] = true
		}
	} else if !v.Over {
		return fail("a game on without a turn")
	}
	for _, jf := range s.Floors {
		f, err := floorFromJSON(&jf, columns, moved)
		if err != nil {
			return fail("%v", err)
		}
		v.Floors = append(v.Floors, f)
	}
	return v, nil
}

// floorFromJSON reads one floor.
func floorFromJSON(jf *jFloor, columns map[menara.Base]jColumn, moved map[menara.Base]bool) (Floor, error) {
	id, ok := menara.ParseFloor(jf.Name)
	if !ok {
		return Floor{}, fmt.Errorf("floor %q: not a floor letter A to R", jf.Name)
	}
	f := Floor{ID: id, Level: jf.Level, Holds: jf.Holds, Fallen: jf.Fallen}
	if f.Side, ok = menara.ParseSide(jf.Side); !ok {
		return Floor{}, fmt.Errorf("floor %s: side %q, want light or dark", jf.Name, jf.Side)
	}
	if jf.Level < 0 || jf.Level > menara.NumFloors {
		return Floor{}, fmt.Errorf("floor %s: level %d, want 0 to %d", jf.Name, jf.Level, menara.NumFloors)
	}
	if len(jf.Cells) == 0 || len(jf.Cells) > menara.MaxCells {
		return Floor{}, fmt.Errorf("floor %s: %d cells, want 1 to %d", jf.Name, len(jf.Cells), menara.MaxCells)
	}
	for _, c := range jf.Cells {
		h, ok := hexOf(c)
		if !ok {
			return Floor{}, fmt.Errorf("floor %s: cell %v off the table", jf.Name, c)
		}
		f.Cells = append(f.Cells, h)
	}
	if len(jf.Bases) > menara.MaxBases {
		return Floor{}, fmt.Errorf("floor %s: %d bases, want at most %d", jf.Name, len(jf.Bases), menara.MaxBases)
	}
	for i, jb := range jf.Bases {
		if jb.N != i+1 {
			return Floor{}, fmt.Errorf("floor %s: base %d numbered %d", jf.Name, i+1, jb.N)
		}
		name := menara.Base{Floor: id, N: uint8(jb.N)}
		col, ok := menara.ParseColour(jb.Colour)
		if !ok || len(jb.Colour) < 2 {
			return Floor{}, fmt.Errorf("base %s: colour %q, want yellow, red, black, white or blue", name, jb.Colour)
		}
		cell, ok := hexOf(jb.Cell)
		if !ok {
			return Floor{}, fmt.Errorf("base %s: cell %v off the table", name, jb.Cell)
		}
		b := Base{Name: name, Cell: cell, Colour: col, Column: jb.Column, Carries: menara.NoFloor, Moved: moved[name]}
		if jc, ok := columns[name]; ok && jb.Column {
			b.Fallen = jc.Fallen
			if jc.Carries != nil {
				if b.Carries, ok = menara.ParseFloor(*jc.Carries); !ok {
					return Floor{}, fmt.Errorf("column %s carries %q: not a floor letter A to R", name, *jc.Carries)
				}
			}
		}
		f.Bases = append(f.Bases, b)
	}
	for _, s := range jf.Supports {
		b, ok := menara.ParseBase(s)
		if !ok {
			return Floor{}, fmt.Errorf("floor %s: support %q: not a base name such as K3", jf.Name, s)
		}
		f.Supports = append(f.Supports, b)
	}
	if jf.Margin != nil {
		m, ok := micrometres(string(*jf.Margin))
		if !ok {
			return Floor{}, fmt.Errorf("floor %s: margin %q: not millimetres with at most three decimals", jf.Name, *jf.Margin)
		}
		f.Margin, f.HasMargin = m, true
	}
	return f, nil
}

// hexOf returns a cell of the JSON, if it lies within the table.
func hexOf(c [2]int) (menara.Hex, bool) {
	h := menara.Hex{Q: int16(c[0]), R: int16(c[1])}
	if int(h.Q) != c[0] || int(h.R) != c[1] || menara.Distance(h, menara.Hex{}) > menara.TableRadius {
		return menara.Hex{}, false
	}
	return h, true
}

// micrometres reads a decimal number of millimetres (at most three
// decimals, as the JSON writes them) exactly as µm.
func micrometres(s string) (int, bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 3 || whole == "" || len(whole) > 6 {
		return 0, false
	}
	w, err := strconv.Atoi(whole)
	if err != nil || w < 0 {
		return 0, false
	}
	f := 0
	if frac != "" {
		f, err = strconv.Atoi((frac + "00")[:3])
		if err != nil || f < 0 {
			return 0, false
		}
	}
	n := w*1000 + f
	if neg {
		n = -n
	}
	return n, true
}

// parseColours reads a list of colour names.
func parseColours(names []string) (menara.Columns, bool) {
	var c menara.Columns
	for _, n := range names {
		col, ok := menara.ParseColour(n)
		if !ok || len(n) < 2 || c[col] == 255 {
			return menara.Columns{}, false
		}
		c[col]++
	}
	return c, true
}

func parseReason(s string) (menara.EndReason, bool) {
	for r := menara.Collapse; r <= menara.FloorsUsed; r++ {
		if r.String() == s {
			return r, true
		}
	}
	return 0, false
}

func parseStage(s string) (menara.Stage, bool) {
	for st := menara.Exchanging; st <= menara.Closing; st++ {
		if st.String() == s {
			return st, true
		}
	}
	return 0, false
}

func parseCard(j *jCard) (menara.Card, bool) {
	c := menara.Card{N: uint8(j.N)}
	var ok bool
	if c.Pile, ok = menara.ParsePile(j.Pile); !ok || j.N < 1 || j.N > 4 {
		return c, false
	}
	found := false
	for t := menara.PlaceCard; t <= menara.LiftCard; t++ {
		if t.String() == j.Type {
			c.Type, found = t, true
		}
	}
	if !found {
		return c, false
	}
	for r := menara.FreeRim; r <= menara.DarkRim; r++ {
		if r.String() == j.Rim {
			c.Rim = r
			return c, true
		}
	}
	return c, false
}
