package menara

import (
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// LobbyOptions says how the table is set up: the difficulty (and the
// levels it asks for), the hands, the base's side.
func (g *Game) LobbyOptions(p *i18n.Printer, settings map[string]string) string {
	s, err := readSetup(settings)
	if err != nil {
		return ""
	}
	return p.T("menara.lobby.options", "difficulty", p.T("menara.choice.difficulty."+s.difficulty.String()),
		"levels", mr.LevelCards(s.difficulty), "hands", p.T("menara.choice.hands."+s.hands.String()),
		"side", p.T("menara.choice.side."+s.side.String()))
}

// Progress is the status's first line: the steps made and the temple's
// height against the level row.
func (g *Game) Progress(p *i18n.Printer, st bot.State) string {
	s := state(st)
	return p.N("menara.status.progress", s.Moves(), "height", positionOf(s).Height(), "required", positionOf(s).Required())
}

// Status says where the game stands: the piles, the quarry, the camp,
// everyone's columns (the asker's marked), the card in play.
func (g *Game) Status(p *i18n.Printer, st bot.State, names []string, seat int) string {
	s := state(st)
	pos := positionOf(s)
	lines := []string{
		p.T("menara.status.piles", "blue", pos.PileLeft(mr.BluePile), "yellow", pos.PileLeft(mr.YellowPile), "red", pos.PileLeft(mr.RedPile),
			"quarry", pos.Quarry(), "next", nextFloor(p, pos), "bag", pos.Bag().Total()),
		p.T("menara.status.camp", "camp", pos.Camp()),
	}
	var hands []string
	for i := range pos.NumPlayers() {
		h := seatName(p, names, i) + " " + columnsCode(p, pos.Hand(i))
		if i == seat {
			h = "**" + h + "**"
		}
		hands = append(hands, h)
	}
	lines = append(lines, p.T("menara.status.hands", "hands", strings.Join(hands, " · ")))
	if line := cardLine(p, pos); line != "" {
		lines = append(lines, line)
	}
	if f, m, ok := pos.WeakestFloor(); ok {
		lines = append(lines, p.T("menara.status.weakest", "floor", f, "mm", Millimetres(p, m), "level", pos.Level(f)))
	}
	return strings.Join(lines, "\n")
}

// nextFloor names the quarry's top floor, or says the quarry is empty.
func nextFloor(p *i18n.Printer, pos *mr.Position) string {
	if f := pos.NextFloor(); f.Valid() {
		return f.String()
	}
	return "–"
}

// cardLine says what card is in play and how far it is done; "" before
// the reveal.
func cardLine(p *i18n.Printer, pos *mr.Position) string {
	card, ok := pos.Card()
	if !ok {
		return ""
	}
	line := p.T("menara.status.card", "pile", card.Pile, "card", CardWords(p, card),
		"rim", p.T("menara.render.rim."+card.Rim.String()), "progress", progress(p, card, pos.Progress()))
	if f := pos.Chosen(); f.Valid() {
		line += " · " + p.T("menara.render.on-floor", "floor", f.String())
	}
	if pos.ToLevelRow() {
		line += " · " + p.T("menara.render.to-level-row")
	}
	return line
}

// Text is the position for a terminal: the status, then the temple level
// by level from the top, every floor with its bases ("K3R+": base 3 of
// floor K is red and holds a column).
func (g *Game) Text(p *i18n.Printer, st bot.State, names []string) string {
	s := state(st)
	pos := positionOf(s)
	var b strings.Builder
	line := func(text string) { b.WriteString("  " + text + "\n") }
	line(g.Progress(p, st))
	for _, l := range strings.Split(g.Status(p, st, names, -1), "\n") {
		line(l)
	}
	top := 0
	for _, f := range pos.PlacedFloors() {
		top = max(top, pos.Level(f))
	}
	for level := top; level >= 0; level-- {
		var floors []string
		for _, f := range pos.PlacedFloors() {
			if pos.Level(f) == level {
				floors = append(floors, floorText(p, pos, f))
			}
		}
		if len(floors) == 0 {
			continue
		}
		head := p.T("menara.render.level", "level", level)
		if level == 0 {
			head = p.T("menara.render.base")
		}
		line(head + ":")
		for _, f := range floors {
			line("  " + f)
		}
	}
	return b.String()
}

// floorText is one floor for the terminal: "M (on K2 K4 L1, 9.4 mm): M1Y
// M2R+ M3K".
func floorText(p *i18n.Printer, pos *mr.Position, f mr.FloorID) string {
	var bases []string
	for i, spot := range pos.FloorBases(f) {
		base := mr.Base{Floor: f, N: uint8(i + 1)}
		mark := ""
		switch {
		case pos.ColumnFallen(base):
			mark = "×"
		case pos.Column(base):
			mark = "+"
		}
		bases = append(bases, base.String()+ColourLetter(p, spot.Colour)+mark)
	}
	head := f.String()
	switch {
	case pos.Fallen(f):
		head += " (" + p.T("menara.render.falls") + ")"
	case pos.Level(f) > 0:
		m, ok := pos.Margin(f)
		mm := "–"
		if ok {
			mm = p.T("menara.render.margin", "mm", Millimetres(p, m))
		}
		head += " (" + p.T("menara.text.on", "on", pos.Supports(f).String(), "margin", mm) + ")"
	}
	return head + ": " + strings.Join(bases, " ")
}
