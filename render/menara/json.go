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
	s, err := decodeState(data)
	if err != nil {
		return View{}, err
	}
	// The steps read the state in the order of the first problem named.
	v := View{Players: s.Players, Chosen: menara.NoFloor, NextFloor: menara.NoFloor, Turn: -1}
	if err := readRules(&v, &s.jState); err != nil {
		return View{}, err
	}
	if err := readPhase(&v, &s.jState); err != nil {
		return View{}, err
	}
	if err := readCounts(&v, &s.jState); err != nil {
		return View{}, err
	}
	if err := readHands(&v, &s.jState); err != nil {
		return View{}, err
	}
	if err := readPiles(&v, &s.jState); err != nil {
		return View{}, err
	}
	if v.Model, err = readModel(s.Model, v.Hands); err != nil {
		return View{}, err
	}
	columns, err := readColumns(s.Columns)
	if err != nil {
		return View{}, err
	}
	moved, err := readTurn(&v, s.Turn)
	if err != nil {
		return View{}, err
	}
	if v.Floors, err = readFloors(s.Floors, columns, moved); err != nil {
		return View{}, err
	}
	return v, nil
}

// jDocument is the whole JSON state: the state and the columns on the
// temple. It is an alias of an unnamed type because the decoder's
// messages name the field at fault by its path from the type's name:
// ".jState.piles", as they always have.
type jDocument = struct {
	jState
	Columns []jColumn `json:"columns"`
}

// stateError returns the error of a state that cannot be read.
func stateError(format string, a ...any) error {
	return fmt.Errorf("menara state: "+format, a...)
}

// decodeState decodes the JSON state of a game of Menara, its numbers
// kept as written.
func decodeState(data []byte) (*jDocument, error) {
	var s jDocument
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("menara state: %w", err)
	}
	if s.Game != "menara" {
		return nil, fmt.Errorf("menara state: game %q, want \"menara\"", s.Game)
	}
	return &s, nil
}

// readRules checks the number of players and reads the difficulty and
// the hands.
func readRules(v *View, s *jState) error {
	if len(v.Players) < menara.MinPlayers || len(v.Players) > menara.MaxPlayers {
		return stateError("%d players, want 1 to 4", len(v.Players))
	}
	var ok bool
	if v.Difficulty, ok = menara.ParseDifficulty(s.Difficulty); !ok {
		return stateError("difficulty %q, want easy, medium or hard", s.Difficulty)
	}
	if v.Hands, ok = menara.ParseHands(s.Hands); !ok {
		return stateError("hands %q, want steady, shaky or shaky-wide", s.Hands)
	}
	return nil
}

// readPhase reads whether the game is over, and if so how it ended.
func readPhase(v *View, s *jState) error {
	switch s.Phase {
	case "playing":
	case "over":
		v.Over = true
		if s.Outcome == nil {
			return stateError("a game over without an outcome")
		}
		v.Outcome.Won = s.Outcome.Won
		var ok bool
		if v.Outcome.Reason, ok = parseReason(s.Outcome.Reason); !ok {
			return stateError("end reason %q, want collapse, refill, cards or floors", s.Outcome.Reason)
		}
	default:
		return stateError("phase %q, want playing or over", s.Phase)
	}
	return nil
}

// readCounts reads the temple's height, the level row and the quarry's
// count.
func readCounts(v *View, s *jState) error {
	if s.Height == nil || s.Required == nil || s.Quarry == nil {
		return stateError("height, required and quarry are required")
	}
	v.Height, v.Required, v.Quarry = *s.Height, *s.Required, *s.Quarry
	v.LevelCards = menara.LevelCards(v.Difficulty)
	return nil
}

// readHands reads the columns off the temple: the camp's, then each
// player's hand, which must be there.
func readHands(v *View, s *jState) error {
	var ok bool
	if v.Camp, ok = parseColours(s.Camp); !ok {
		return stateError("camp %v: not colour names", s.Camp)
	}
	for _, p := range v.Players {
		names, present := s.Hand[p]
		h, ok := parseColours(names)
		if !ok || !present {
			return stateError("the hand of %q: missing or not colour names", p)
		}
		v.Hand = append(v.Hand, h)
	}
	return nil
}

// readPiles reads the plan cards left in each pile (none for a pile the
// state leaves out) and the floor on top of the quarry.
func readPiles(v *View, s *jState) error {
	for pl := menara.Pile(0); pl < menara.NumPiles; pl++ {
		v.Piles[pl] = s.Piles[pl.String()]
	}
	if s.NextFloor != nil {
		var ok bool
		if v.NextFloor, ok = menara.ParseFloor(*s.NextFloor); !ok {
			return stateError("next floor %q: not a floor letter A to R", *s.NextFloor)
		}
	}
	return nil
}

// readModel reads the statics' thresholds; the engine's for hands h when
// the state has none.
func readModel(m *jModel, h menara.Hands) (Model, error) {
	if m == nil {
		return engineModel(h), nil
	}
	d0, ok0 := micrometres(string(m.Delta0))
	d1, ok1 := micrometres(string(m.Delta1))
	sf, ok2 := micrometres(string(m.Safe))
	if !ok0 || !ok1 || !ok2 {
		return Model{}, stateError("model %+v: not millimetres with at most three decimals", *m)
	}
	return Model{Delta0: d0, Delta1: d1, Safe: sf}, nil
}

// readColumns returns the columns on the temple by their bases.
func readColumns(cs []jColumn) (map[menara.Base]jColumn, error) {
	columns := map[menara.Base]jColumn{}
	for _, c := range cs {
		b, ok := menara.ParseBase(c.At)
		if !ok {
			return nil, stateError("column %q: not a base name such as K3", c.At)
		}
		columns[b] = c
	}
	return columns, nil
}

// readTurn reads the turn, which a game on has and a game over has not,
// and returns the columns moved in it.
func readTurn(v *View, t *jTurn) (map[menara.Base]bool, error) {
	if t == nil {
		if !v.Over {
			return nil, stateError("a game on without a turn")
		}
		return map[menara.Base]bool{}, nil
	}
	if v.Over {
		return nil, stateError("a game over with a turn")
	}
	seat := seatOf(v.Players, t.Player)
	if seat < 0 {
		return nil, stateError("turn of %q, who does not play", t.Player)
	}
	v.Turn, v.Progress, v.ToLevelRow = seat, t.Progress, t.ToLevelRow
	var ok bool
	if v.Stage, ok = parseStage(t.Stage); !ok {
		return nil, stateError("stage %q, want exchange, build, new-floor or close", t.Stage)
	}
	if err := readCardInPlay(v, t); err != nil {
		return nil, err
	}
	return readMoved(t.Moved)
}

// seatOf returns the seat of the player named, the last if the name is
// there twice; -1 when no one has it.
func seatOf(players []string, name string) int {
	seat := -1
	for i, p := range players {
		if p == name {
			seat = i
		}
	}
	return seat
}

// readCardInPlay reads the turn's card and the floor it builds on, if
// any.
func readCardInPlay(v *View, t *jTurn) error {
	if t.Card != nil {
		c, ok := parseCard(t.Card)
		if !ok {
			return stateError("card %+v: not a plan card", *t.Card)
		}
		v.Card, v.HasCard = c, true
	}
	if t.Chosen != nil {
		var ok bool
		if v.Chosen, ok = menara.ParseFloor(*t.Chosen); !ok {
			return stateError("chosen floor %q: not a floor letter A to R", *t.Chosen)
		}
	}
	return nil
}

// readMoved returns the set of the bases of the columns moved this turn.
func readMoved(names []string) (map[menara.Base]bool, error) {
	moved := map[menara.Base]bool{}
	for _, m := range names {
		b, ok := menara.ParseBase(m)
		if !ok {
			return nil, stateError("moved column %q: not a base name such as K3", m)
		}
		moved[b] = true
	}
	return moved, nil
}

// readFloors reads the floors in the temple, in order.
func readFloors(jfs []jFloor, columns map[menara.Base]jColumn, moved map[menara.Base]bool) ([]Floor, error) {
	var floors []Floor
	for i := range jfs {
		f, err := floorFromJSON(&jfs[i], columns, moved)
		if err != nil {
			return nil, stateError("%v", err)
		}
		floors = append(floors, f)
	}
	return floors, nil
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
	var err error
	if f.Cells, err = cellsFromJSON(jf); err != nil {
		return Floor{}, err
	}
	if f.Bases, err = basesFromJSON(jf, id, columns, moved); err != nil {
		return Floor{}, err
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

// cellsFromJSON reads the cells of a floor: at least one, at most a
// floor's, all on the table.
func cellsFromJSON(jf *jFloor) ([]menara.Hex, error) {
	if len(jf.Cells) == 0 || len(jf.Cells) > menara.MaxCells {
		return nil, fmt.Errorf("floor %s: %d cells, want 1 to %d", jf.Name, len(jf.Cells), menara.MaxCells)
	}
	var cells []menara.Hex
	for _, c := range jf.Cells {
		h, ok := hexOf(c)
		if !ok {
			return nil, fmt.Errorf("floor %s: cell %v off the table", jf.Name, c)
		}
		cells = append(cells, h)
	}
	return cells, nil
}

// basesFromJSON reads the bases of floor id, numbered from 1 in order,
// with the columns on them.
func basesFromJSON(jf *jFloor, id menara.FloorID, columns map[menara.Base]jColumn, moved map[menara.Base]bool) ([]Base, error) {
	if len(jf.Bases) > menara.MaxBases {
		return nil, fmt.Errorf("floor %s: %d bases, want at most %d", jf.Name, len(jf.Bases), menara.MaxBases)
	}
	var bases []Base
	for i, jb := range jf.Bases {
		if jb.N != i+1 {
			return nil, fmt.Errorf("floor %s: base %d numbered %d", jf.Name, i+1, jb.N)
		}
		b, err := baseFromJSON(&jb, menara.Base{Floor: id, N: uint8(jb.N)}, columns, moved)
		if err != nil {
			return nil, err
		}
		bases = append(bases, b)
	}
	return bases, nil
}

// baseFromJSON reads the base named name and the column on it, if any.
func baseFromJSON(jb *jBase, name menara.Base, columns map[menara.Base]jColumn, moved map[menara.Base]bool) (Base, error) {
	col, ok := menara.ParseColour(jb.Colour)
	if !ok || len(jb.Colour) < 2 {
		return Base{}, fmt.Errorf("base %s: colour %q, want yellow, red, black, white or blue", name, jb.Colour)
	}
	cell, ok := hexOf(jb.Cell)
	if !ok {
		return Base{}, fmt.Errorf("base %s: cell %v off the table", name, jb.Cell)
	}
	b := Base{Name: name, Cell: cell, Colour: col, Column: jb.Column, Carries: menara.NoFloor, Moved: moved[name]}
	if jc, ok := columns[name]; ok && jb.Column {
		b.Fallen = jc.Fallen
		if jc.Carries != nil {
			if b.Carries, ok = menara.ParseFloor(*jc.Carries); !ok {
				return Base{}, fmt.Errorf("column %s carries %q: not a floor letter A to R", name, *jc.Carries)
			}
		}
	}
	return b, nil
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
