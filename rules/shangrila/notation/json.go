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
	var j jsonPosition
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return shangrila.Position{}, invalid("notation.json", nil, "the state is not valid JSON of a position: %v", err)
	}
	if dec.More() {
		return shangrila.Position{}, invalid("notation.json", nil, "the state has data after its JSON object")
	}
	if j.Game != GameName {
		return shangrila.Position{}, invalid("notation.json.game", nil, "the state is not of game %q", GameName)
	}
	var s shangrila.Snapshot
	for _, w := range j.Players {
		c, ok := shangrila.ParseColour(w)
		if !ok {
			return shangrila.Position{}, invalid("notation.json.colour", nil, "players: %q is not a colour", clip(w))
		}
		s.Players = append(s.Players, c)
	}
	phase, ok := shangrila.ParsePhase(j.Phase)
	if !ok {
		return shangrila.Position{}, invalid("notation.json.phase", nil, "phase must be setup, play or over")
	}
	s.Phase = phase
	if j.Turn != nil {
		c, ok := shangrila.ParseColour(*j.Turn)
		if !ok {
			return shangrila.Position{}, invalid("notation.json.turn", nil, "turn: %q is not a colour", clip(*j.Turn))
		}
		s.Turn = c
	}
	for key, jv := range j.Villages {
		v, ok := shangrila.ParseVillage(key)
		if !ok || key != v.String() {
			return shangrila.Position{}, invalid("notation.json.village", nil, "villages: %q is not a village letter A-M", clip(key))
		}
		s.Stones[v] = jv.Stone
		for dk, js := range jv.Spaces {
			d, ok := shangrila.ParseDiscipline(dk)
			if !ok || dk != d.String() {
				return shangrila.Position{}, invalid("notation.json.discipline", nil, "village %s: %q is not a discipline key", v, clip(dk))
			}
			c, ok := shangrila.ParseColour(js.Master)
			if !ok {
				return shangrila.Position{}, invalid("notation.json.master", nil, "village %s, %s: %q is not a colour", v, d, clip(js.Master))
			}
			s.Spaces[v][d] = shangrila.MasterSpace(c, js.Student)
		}
	}
	for _, pair := range j.Bridges {
		x, ok1 := shangrila.ParseVillage(pair[0])
		y, ok2 := shangrila.ParseVillage(pair[1])
		b, ok3 := shangrila.BridgeBetween(x, y)
		if !ok1 || !ok2 || !ok3 {
			return shangrila.Position{}, invalid("notation.json.bridge", nil, "bridges: %s-%s is not a path of the board", clip(pair[0]), clip(pair[1]))
		}
		s.Standing[b] = true
	}
	for key, counts := range j.Supply {
		c, ok := shangrila.ParseColour(key)
		if !ok {
			return shangrila.Position{}, invalid("notation.json.supply", nil, "supply: %q is not a colour", clip(key))
		}
		for dk, n := range counts {
			d, ok := shangrila.ParseDiscipline(dk)
			if !ok || dk != d.String() {
				return shangrila.Position{}, invalid("notation.json.discipline", nil, "supply of %s: %q is not a discipline key", c, clip(dk))
			}
			s.Supply[c][d] = n
		}
	}
	for _, w := range j.Resigned {
		c, ok := shangrila.ParseColour(w)
		if !ok {
			return shangrila.Position{}, invalid("notation.json.resigned", nil, "resigned: %q is not a colour", clip(w))
		}
		s.Resigned = append(s.Resigned, c)
	}
	return shangrila.FromSnapshot(s)
}
