package shangrila

import (
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/i18n"
	sl "github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// Standing describes in words where every player stands, one line each in
// seat order (mark, name, colour, masters, villages), then the bridges still
// standing, how many journeys the game has to go, and the stones. name
// gives a colour's player name. /shangrila status and the position
// tablebot local prints share it.
func Standing(p *i18n.Printer, pos *sl.Position, name func(sl.Colour) string) string {
	var s strings.Builder
	for _, c := range pos.Players() {
		sc := pos.Score(c)
		key := "bot.status.player"
		if pos.Resigned(c) {
			key = "bot.status.player-resigned"
		}
		s.WriteString(p.T(key, "mark", mark(c), "name", name(c), "colour", c,
			"masters", counted(p, "masters", sc.Masters), "villages", counted(p, "villages", sc.Villages)))
		s.WriteString("\n")
	}
	s.WriteString(bridgeLines(p, pos))
	return s.String()
}

// VillageLine describes one village on one line in the printer's language:
// "E  [9/6]  Rr+ Pb Yy+ Dv" with its strength as tiles/masters, or its
// stone, or that it is out of play. The space codes are notation.
func VillageLine(p *i18n.Printer, pos *sl.Position, v sl.Village) string {
	switch {
	case !pos.InPlay(v):
		return v.String() + "  " + p.T("render.out-of-play")
	case pos.Stone(v):
		return v.String() + "  " + p.T("bot.village.stone") + notation.VillageSpaces(pos, v)
	}
	st := pos.Strength(v)
	return fmt.Sprintf("%s  [%s]%s", v, p.T("render.strength", "tiles", st.Tiles, "masters", st.Masters), notation.VillageSpaces(pos, v))
}

// bridgeLines lists the bridges standing, how close the end is (the game
// ends when one bridge is left, and every journey breaks one) and the
// villages with a stone.
func bridgeLines(p *i18n.Printer, pos *sl.Position) string {
	var standing []string
	for _, b := range pos.Bridges() {
		standing = append(standing, b.String())
	}
	lines := []string{p.N("bot.status.bridges", len(standing), "list", strings.Join(standing, " "))}
	if pos.Phase() != sl.Over {
		lines = append(lines, p.N("bot.status.to-go", max(len(standing)-1, 0)))
	}
	var stones []string
	for v := sl.Village(0); v < sl.NumVillages; v++ {
		if pos.Stone(v) {
			stones = append(stones, v.String())
		}
	}
	if len(stones) > 0 {
		lines = append(lines, p.N("bot.status.stones", len(stones), "villages", strings.Join(stones, " ")))
	}
	return strings.Join(lines, "\n")
}
