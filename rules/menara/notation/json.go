package notation

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/tablebot/tablebot/rules/menara"
)

// MarshalState writes the state as JSON in one stable form: the same state
// always gives the same bytes. Keys come in a fixed order; lists are
// ordered (players and hands in seat order, camp and hands by colour,
// floors in the order they were placed, columns by base name).
//
// The keys the issue names, with their meanings:
//
//	game "menara", players [names], difficulty, hands, seed,
//	phase "playing"|"over",
//	outcome null | {"won": bool, "reason": "collapse"|"refill"|"cards"|"floors"},
//	height (the highest level of a standing floor), required (cards in the level row),
//	bag {colour: count}, camp [colour], hand {player: [colour]},
//	piles {"blue": n, "yellow": n, "red": n}, quarry n (floors left),
//	floors [{"name", "side", "level", "cells": [[q,r],...] (world axial),
//	         "bases": [{"n", "cell": [q,r], "colour", "column": bool}],
//	         "supports": ["K3", ...] (before lift-off), "margin_mm": number|null,
//	         "holds": bool, "fallen": bool}],
//	columns [{"at": "K3", "colour", "cell": [q,r], "level", "fallen": bool}],
//	model {"pitch_mm", "column_g", "floor_g_per_cell", "delta0_mm", "delta1_mm", "safe_mm"},
//	turn null | {"player", "card": null | {"pile", "type", "n", "rim"}, ...}
//
// Beyond them: "side" (the base's side) after seed; "next_floor" (the top
// of the quarry, or null) after quarry; in each floor "turn" (0-5) and "at"
// (its reference cell); in each column "carries" (the floor resting on it,
// or null) and "load_g" (the load it takes from that floor); in turn
// "stage" ("exchange", "build", "new-floor", "close"), "progress" (columns
// placed or moved for the card), "from_hand" (columns placed from the hand:
// the refill), "chosen" (the floor a one-floor or fill card builds on, or
// null), "new_floor" (the floor to place now, or null), "exchanged",
// "to_level_row", "failed" and "moved" (columns moved this turn).
//
// seed is written exactly; readers that hold JSON numbers as float64 read
// seeds above 2^53 rounded (RandomGame's seeds stay below).
//
// margin_mm is the margin of design §3 computed with the model's constants,
// rounded down to the micrometre, null on level 0 and for a floor on fewer
// than three columns or on columns in one line. A floor holds when its
// margin is at least delta0_mm + delta1_mm·level. Loads go down from the
// top level; a floor that does not hold passes nothing down.
func MarshalState(p *menara.Position) []byte {
	var b bytes.Buffer
	players := p.Players()
	b.WriteString(`{"game":"` + GameName + `","players":`)
	stringList(&b, players)
	b.WriteString(`,"difficulty":"` + p.Difficulty().String())
	b.WriteString(`","hands":"` + p.Hands().String())
	b.WriteString(`","seed":` + strconv.FormatUint(p.Seed(), 10))
	b.WriteString(`,"side":"` + p.BaseSide().String())
	b.WriteString(`","phase":"` + p.Phase().String() + `","outcome":`)
	if p.Phase() == menara.Over {
		o := p.Outcome()
		b.WriteString(`{"won":` + strconv.FormatBool(o.Won) + `,"reason":"` + o.Reason.String() + `"}`)
	} else {
		b.WriteString("null")
	}
	b.WriteString(`,"height":` + strconv.Itoa(p.Height()))
	b.WriteString(`,"required":` + strconv.Itoa(p.Required()))
	b.WriteString(`,"bag":{`)
	for i, c := range menara.Colours {
		comma(&b, i)
		b.WriteString(`"` + c.String() + `":` + strconv.Itoa(int(p.Bag()[c])))
	}
	b.WriteString(`},"camp":`)
	colourList(&b, p.Camp())
	b.WriteString(`,"hand":{`)
	for i, name := range players {
		comma(&b, i)
		quote(&b, name)
		b.WriteByte(':')
		colourList(&b, p.Hand(i))
	}
	b.WriteString(`},"piles":{`)
	for pl := menara.Pile(0); pl < menara.NumPiles; pl++ {
		comma(&b, int(pl))
		b.WriteString(`"` + pl.String() + `":` + strconv.Itoa(p.PileLeft(pl)))
	}
	b.WriteString(`},"quarry":` + strconv.Itoa(p.Quarry()) + `,"next_floor":`)
	floorOrNull(&b, p.NextFloor())
	b.WriteString(`,"floors":[`)
	for i, f := range p.PlacedFloors() {
		comma(&b, i)
		writeFloor(&b, p, f)
	}
	b.WriteString(`],"columns":[`)
	for i, base := range p.Columns().Bases() {
		comma(&b, i)
		c, _ := p.BaseColour(base)
		cell, _ := p.BaseCell(base)
		b.WriteString(`{"at":"` + base.String() + `","colour":"` + c.String() + `","cell":`)
		hex(&b, cell)
		b.WriteString(`,"level":` + strconv.Itoa(p.Level(base.Floor)))
		b.WriteString(`,"fallen":` + strconv.FormatBool(p.ColumnFallen(base)) + `,"carries":`)
		floorOrNull(&b, p.Carrier(base))
		b.WriteString(`,"load_g":` + milli(p.Carried(base)) + `}`)
	}
	m := menara.StatModel()
	m.SafeMM = float64(p.Hands().Safe()) / 1000
	b.WriteString(`],"model":{"pitch_mm":` + num(m.PitchMM) + `,"column_g":` + num(m.ColumnG) +
		`,"floor_g_per_cell":` + num(m.FloorGPerCell) + `,"delta0_mm":` + num(m.Delta0MM) +
		`,"delta1_mm":` + num(m.Delta1MM) + `,"safe_mm":` + num(m.SafeMM) + `},"turn":`)
	writeTurn(&b, p)
	b.WriteString(`}`)
	return b.Bytes()
}

func writeFloor(b *bytes.Buffer, p *menara.Position, f menara.FloorID) {
	w, _ := p.Where(f)
	b.WriteString(`{"name":"` + f.String() + `","side":"` + w.Side.String() + `","level":` + strconv.Itoa(w.Level))
	b.WriteString(`,"turn":` + strconv.Itoa(w.Turn) + `,"at":`)
	hex(b, w.At)
	b.WriteString(`,"cells":[`)
	for i, c := range p.FloorCells(f) {
		comma(b, i)
		hex(b, c)
	}
	b.WriteString(`],"bases":[`)
	for i, s := range p.FloorBases(f) {
		comma(b, i)
		base := menara.Base{Floor: f, N: uint8(i + 1)}
		b.WriteString(`{"n":` + strconv.Itoa(i+1) + `,"cell":`)
		hex(b, s.Cell)
		b.WriteString(`,"colour":"` + s.Colour.String() + `","column":` + strconv.FormatBool(p.Column(base)) + `}`)
	}
	b.WriteString(`],"supports":[`)
	for i, s := range p.Supports(f).Bases() {
		comma(b, i)
		b.WriteString(`"` + s.String() + `"`)
	}
	b.WriteString(`],"margin_mm":`)
	if m, ok := p.Margin(f); ok {
		b.WriteString(milli(m))
	} else {
		b.WriteString("null")
	}
	b.WriteString(`,"holds":` + strconv.FormatBool(p.Holds(f)) + `,"fallen":` + strconv.FormatBool(p.Fallen(f)) + `}`)
}

func writeTurn(b *bytes.Buffer, p *menara.Position) {
	if p.Phase() == menara.Over {
		b.WriteString("null")
		return
	}
	b.WriteString(`{"player":`)
	quote(b, p.Player(p.Turn()))
	b.WriteString(`,"card":`)
	if c, ok := p.Card(); ok {
		b.WriteString(`{"pile":"` + c.Pile.String() + `","type":"` + c.Type.String() + `","n":` + strconv.Itoa(int(c.N)) + `,"rim":"` + c.Rim.String() + `"}`)
	} else {
		b.WriteString("null")
	}
	b.WriteString(`,"stage":"` + p.Stage().String() + `","progress":` + strconv.Itoa(p.Progress()) +
		`,"from_hand":` + strconv.Itoa(p.FromHand()) + `,"chosen":`)
	floorOrNull(b, p.Chosen())
	b.WriteString(`,"new_floor":`)
	if p.Stage() == menara.NewFloor {
		floorOrNull(b, p.NextFloor())
	} else {
		b.WriteString("null")
	}
	b.WriteString(`,"exchanged":` + strconv.FormatBool(p.Exchanged()) + `,"to_level_row":` + strconv.FormatBool(p.ToLevelRow()) +
		`,"failed":` + strconv.FormatBool(p.Failed()) + `,"moved":[`)
	n := 0
	for _, base := range p.Columns().Bases() {
		if p.Moved(base) {
			comma(b, n)
			n++
			b.WriteString(`"` + base.String() + `"`)
		}
	}
	b.WriteString(`]}`)
}

func comma(b *bytes.Buffer, i int) {
	if i > 0 {
		b.WriteByte(',')
	}
}

// quote writes s as a JSON string.
func quote(b *bytes.Buffer, s string) {
	q, _ := json.Marshal(s)
	b.Write(q)
}

func stringList(b *bytes.Buffer, ss []string) {
	b.WriteByte('[')
	for i, s := range ss {
		comma(b, i)
		quote(b, s)
	}
	b.WriteByte(']')
}

func colourList(b *bytes.Buffer, c menara.Columns) {
	b.WriteByte('[')
	for i, col := range c.List() {
		comma(b, i)
		b.WriteString(`"` + col.String() + `"`)
	}
	b.WriteByte(']')
}

func hex(b *bytes.Buffer, h menara.Hex) {
	b.WriteString("[" + strconv.Itoa(int(h.Q)) + "," + strconv.Itoa(int(h.R)) + "]")
}

func floorOrNull(b *bytes.Buffer, f menara.FloorID) {
	if f.Valid() {
		b.WriteString(`"` + f.String() + `"`)
	} else {
		b.WriteString("null")
	}
}

// milli writes a count of thousandths (µm, mg) as a decimal number of
// units (mm, g), exactly and without trailing zeros: 12345 → 12.345,
// -2500 → -2.5, 3000 → 3.
func milli(n int) string {
	neg := n < 0
	if neg {
		n = -n
	}
	s := strconv.Itoa(n / 1000)
	if f := n % 1000; f != 0 {
		frac := strconv.Itoa(f + 1000)[1:]
		for frac[len(frac)-1] == '0' {
			frac = frac[:len(frac)-1]
		}
		s += "." + frac
	}
	if neg {
		s = "-" + s
	}
	return s
}

// num writes a model constant (a whole number of thousandths) as milli
// does.
func num(x float64) string {
	if x < 0 {
		return "-" + milli(int(-x*1000+0.5))
	}
	return milli(int(x*1000 + 0.5))
}
