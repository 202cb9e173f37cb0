package notation

import (
	"fmt"
	"io"
	"strings"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// WriteSummary writes a short readable English summary of the position:
// phase and turn, the villages with their tiles, bridges and stones, and
// each player's score and supply. A master is written as its discipline
// letter and colour initial ("Rr" is a red rainmaker); a "+" marks a
// student on top.
func WriteSummary(w io.Writer, p *shangrila.Position) error {
	var b strings.Builder
	players := p.Players()
	names := make([]string, len(players))
	for i, c := range players {
		names[i] = c.String()
	}
	fmt.Fprintf(&b, "The Bridges of Shangri-La, %d players: %s\n", len(players), strings.Join(names, " "))
	switch p.Phase() {
	case shangrila.SetupPhase:
		fmt.Fprintf(&b, "Setup phase, %s to place a starting master\n", p.Turn().Name())
	case shangrila.PlayPhase:
		fmt.Fprintf(&b, "%s to move\n", p.Turn().Name())
	default:
		var win []string
		for _, c := range p.Winners() {
			win = append(win, c.Name())
		}
		verb := "wins"
		if len(win) > 1 {
			verb = "share the win"
		}
		fmt.Fprintf(&b, "Game over: %s %s\n", strings.Join(win, " and "), verb)
	}
	for v := shangrila.Village(0); v < shangrila.NumVillages; v++ {
		b.WriteString(VillageLine(p, v))
		b.WriteByte('\n')
	}
	var standing []string
	for _, br := range p.Bridges() {
		standing = append(standing, br.String())
	}
	fmt.Fprintf(&b, "Bridges standing (%d): %s\n", len(standing), strings.Join(standing, " "))
	for _, pl := range p.Ranking() {
		c := pl.Colour
		fmt.Fprintf(&b, "%-7s %2d masters in %2d villages  supply", c.Name(), pl.Score.Masters, pl.Score.Villages)
		for _, d := range shangrila.Disciplines {
			fmt.Fprintf(&b, " %c%d", d.Letter(), p.Supply(c, d))
		}
		if pl.Resigned {
			b.WriteString("  (resigned)")
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// VillageLine describes one village on one line: "E  [9/6]  Rr+ Pb Yy+ Dv"
// with its strength as tiles/masters, or its stone.
func VillageLine(p *shangrila.Position, v shangrila.Village) string {
	switch {
	case !p.InPlay(v):
		return v.String() + "  out of play"
	case p.Stone(v):
		return v.String() + "  stone " + VillageSpaces(p, v)
	}
	s := p.Strength(v)
	return fmt.Sprintf("%s  [%d/%d]%s", v, s.Tiles, s.Masters, VillageSpaces(p, v))
}

// VillageSpaces lists a village's occupied spaces in short form, each after
// a space: discipline letter, colour initial, "+" for a student (" Rr+ Pb").
// The letters are notation, the same in every language.
func VillageSpaces(p *shangrila.Position, v shangrila.Village) string {
	var b strings.Builder
	for _, d := range shangrila.Disciplines {
		sp := p.Space(v, d)
		if sp.Empty() {
			continue
		}
		fmt.Fprintf(&b, " %c%c", d.Letter(), sp.Master().String()[0])
		if sp.Student() {
			b.WriteByte('+')
		}
	}
	return b.String()
}
