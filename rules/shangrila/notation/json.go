package notation

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// MarshalPosition writes the position as JSON in one stable form: the same
// position always gives the same bytes, and reading them back with
// UnmarshalPosition and writing again gives them again. Keys come in a
// fixed order (villages A to M, disciplines in rulebook order, players in
// seat order); only occupied spaces are listed; score always holds the
// current counts; winners is empty until the game is over; resigned
// appears only when someone has resigned. The README documents the form.
func MarshalPosition(p *shangrila.Position) []byte {
	var b bytes.Buffer
	players := p.Players()
	b.WriteString(`{"game":"` + GameName + `","players":[`)
	for i, c := range players {
		comma(&b, i)
		quote(&b, c.String())
	}
	b.WriteString(`],"phase":`)
	quote(&b, p.Phase().String())
	b.WriteString(`,"turn":`)
	if t := p.Turn(); t == shangrila.NoColour {
		b.WriteString("null")
	} else {
		quote(&b, t.String())
	}
	b.WriteString(`,"villages":{`)
	for v := shangrila.Village(0); v < shangrila.NumVillages; v++ {
		comma(&b, int(v))
		quote(&b, v.String())
		b.WriteString(`:{"stone":` + strconv.FormatBool(p.Stone(v)) + `,"spaces":{`)
		n := 0
		for _, d := range shangrila.Disciplines {
			sp := p.Space(v, d)
			if sp.Empty() {
				continue
			}
			comma(&b, n)
			n++
			quote(&b, d.String())
			b.WriteString(`:{"master":`)
			quote(&b, sp.Master().String())
			b.WriteString(`,"student":` + strconv.FormatBool(sp.Student()) + `}`)
		}
		b.WriteString(`}}`)
	}
	b.WriteString(`},"bridges":[`)
	for i, br := range p.Bridges() {
		comma(&b, i)
		x, y := br.Ends()
		b.WriteString(`["` + x.String() + `","` + y.String() + `"]`)
	}
	b.WriteString(`],"supply":{`)
	for i, c := range players {
		comma(&b, i)
		quote(&b, c.String())
		b.WriteString(`:{`)
		for j, d := range shangrila.Disciplines {
			comma(&b, j)
			quote(&b, d.String())
			b.WriteString(":" + strconv.Itoa(p.Supply(c, d)))
		}
		b.WriteString(`}`)
	}
	b.WriteString(`},"score":{`)
	for i, c := range players {
		comma(&b, i)
		quote(&b, c.String())
		s := p.Score(c)
		fmt.Fprintf(&b, `:{"masters":%d,"villages":%d}`, s.Masters, s.Villages)
	}
	b.WriteString(`},"winners":[`)
	for i, c := range p.Winners() {
		comma(&b, i)
		quote(&b, c.String())
	}
	b.WriteString(`]`)
	var resigned []shangrila.Colour
	for _, c := range players {
		if p.Resigned(c) {
			resigned = append(resigned, c)
		}
	}
	if len(resigned) > 0 {
		b.WriteString(`,"resigned":[`)
		for i, c := range resigned {
			comma(&b, i)
			quote(&b, c.String())
		}
		b.WriteString(`]`)
	}
	b.WriteString(`}`)
	return b.Bytes()
}

func comma(b *bytes.Buffer, i int) {
	if i > 0 {
		b.WriteByte(',')
	}
}

// quote writes s as a JSON string; the engine's keys need no escaping, but
// the writer stays correct for any string.
func quote(b *bytes.Buffer, s string) {
	q, _ := json.Marshal(s)
	b.Write(q)
}

// jsonPosition is the JSON form as read. Score and winners are derived
// from the rest and are recomputed, not trusted.
type jsonPosition struct {
	Game     string                    `json:"game"`
	Players  []string                  `json:"players"`
	Phase    string                    `json:"phase"`
	Turn     *string                   `json:"turn"`
	Villages map[string]jsonVillage    `json:"villages"`
	Bridges  [][2]string               `json:"bridges"`
	Supply   map[string]map[string]int `json:"supply"`
	Score    map[string]map[string]int `json:"score"`
	Winners  []string                  `json:"winners"`
	Resigned []string                  `json:"resigned"`
}

type jsonVillage struct {
	Stone  bool                 `json:"stone"`
	Spaces map[string]jsonSpace `json:"spaces"`
}

type jsonSpace struct {
	Master  string `json:"master"`
	Student bool   `json:"student"`
}

// UnmarshalPosition reads a position written by MarshalPosition (or by
// hand in the same form) and checks that it is a possible position.
func UnmarshalPosition(data []byte) (shangrila.Position, error) {
	j, err := decodePosition(data)
	if err != nil {
		return shangrila.Position{}, err
	}
	s, err := j.snapshot()
	if err != nil {
		return shangrila.Position{}, err
	}
	return shangrila.FromSnapshot(s)
}

// decodePosition decodes data as exactly one JSON object of this game's
// form, no field unknown and nothing after it.
func decodePosition(data []byte) (*jsonPosition, error) {
	var j jsonPosition
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, invalid("notation.json", nil, "the state is not valid JSON of a position: %v", err)
	}
	if dec.More() {
		return nil, invalid("notation.json", nil, "the state has data after its JSON object")
	}
	if j.Game != GameName {
		return nil, invalid("notation.json.game", nil, "the state is not of game %q", GameName)
	}
	return &j, nil
}

// snapshot reads j's words into the engine's types, field by field in the
// order of the form, without checking that they make a possible position
// (FromSnapshot does).
func (j *jsonPosition) snapshot() (shangrila.Snapshot, error) {
	var s shangrila.Snapshot
	steps := [...]func(*shangrila.Snapshot) error{
		j.readPlayers, j.readPhase, j.readTurn, j.readVillages, j.readBridges, j.readSupply, j.readResigned,
	}
	for _, step := range steps {
		if err := step(&s); err != nil {
			return s, err
		}
	}
	return s, nil
}

// readColours reads a list of colour keys; field and key name the list in
// the message and its key.
func readColours(words []string, field, key string) ([]shangrila.Colour, error) {
	var out []shangrila.Colour
	for _, w := range words {
		c, ok := shangrila.ParseColour(w)
		if !ok {
			return out, invalid(key, nil, "%s: %q is not a colour", field, clip(w))
		}
		out = append(out, c)
	}
	return out, nil
}

// readDiscipline reads a discipline key exactly as MarshalPosition writes
// it (not a letter, nor another case).
func readDiscipline(key string) (shangrila.Discipline, bool) {
	d, ok := shangrila.ParseDiscipline(key)
	return d, ok && key == d.String()
}

// readPlayers reads the players in seat order.
func (j *jsonPosition) readPlayers(s *shangrila.Snapshot) error {
	var err error
	s.Players, err = readColours(j.Players, "players", "notation.json.colour")
	return err
}

// readPhase reads the phase.
func (j *jsonPosition) readPhase(s *shangrila.Snapshot) error {
	phase, ok := shangrila.ParsePhase(j.Phase)
	if !ok {
		return invalid("notation.json.phase", nil, "phase must be setup, play or over")
	}
	s.Phase = phase
	return nil
}

// readTurn reads the player to move; null leaves nobody to move.
func (j *jsonPosition) readTurn(s *shangrila.Snapshot) error {
	if j.Turn == nil {
		return nil
	}
	c, ok := shangrila.ParseColour(*j.Turn)
	if !ok {
		return invalid("notation.json.turn", nil, "turn: %q is not a colour", clip(*j.Turn))
	}
	s.Turn = c
	return nil
}

// readVillages reads every village's stone and spaces, keyed by its
// capital letter.
func (j *jsonPosition) readVillages(s *shangrila.Snapshot) error {
	for key, jv := range j.Villages {
		v, ok := shangrila.ParseVillage(key)
		if !ok || key != v.String() {
			return invalid("notation.json.village", nil, "villages: %q is not a village letter A-M", clip(key))
		}
		s.Stones[v] = jv.Stone
		if err := readSpaces(&s.Spaces[v], v, jv.Spaces); err != nil {
			return err
		}
	}
	return nil
}

// readSpaces reads the occupied spaces of village v, keyed by discipline.
func readSpaces(out *[shangrila.NumDisciplines]shangrila.Space, v shangrila.Village, spaces map[string]jsonSpace) error {
	for dk, js := range spaces {
		d, ok := readDiscipline(dk)
		if !ok {
			return invalid("notation.json.discipline", nil, "village %s: %q is not a discipline key", v, clip(dk))
		}
		c, ok := shangrila.ParseColour(js.Master)
		if !ok {
			return invalid("notation.json.master", nil, "village %s, %s: %q is not a colour", v, d, clip(js.Master))
		}
		out[d] = shangrila.MasterSpace(c, js.Student)
	}
	return nil
}

// readBridges reads the standing bridges, each as the letters of its
// villages.
func (j *jsonPosition) readBridges(s *shangrila.Snapshot) error {
	for _, pair := range j.Bridges {
		x, ok1 := shangrila.ParseVillage(pair[0])
		y, ok2 := shangrila.ParseVillage(pair[1])
		b, ok3 := shangrila.BridgeBetween(x, y)
		if !ok1 || !ok2 || !ok3 {
			return invalid("notation.json.bridge", nil, "bridges: %s-%s is not a path of the board", clip(pair[0]), clip(pair[1]))
		}
		s.Standing[b] = true
	}
	return nil
}

// readSupply reads each player's supply, keyed by colour then discipline.
func (j *jsonPosition) readSupply(s *shangrila.Snapshot) error {
	for key, counts := range j.Supply {
		c, ok := shangrila.ParseColour(key)
		if !ok {
			return invalid("notation.json.supply", nil, "supply: %q is not a colour", clip(key))
		}
		for dk, n := range counts {
			d, ok := readDiscipline(dk)
			if !ok {
				return invalid("notation.json.discipline", nil, "supply of %s: %q is not a discipline key", c, clip(dk))
			}
			s.Supply[c][d] = n
		}
	}
	return nil
}

// readResigned reads the players who have resigned.
func (j *jsonPosition) readResigned(s *shangrila.Snapshot) error {
	var err error
	s.Resigned, err = readColours(j.Resigned, "resigned", "notation.json.resigned")
	return err
}
