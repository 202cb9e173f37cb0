package shangrila

import (
	"image"
	"strconv"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// Panel is the table of players under the map.
type Panel struct {
	Rect image.Rectangle
	// Status says whose turn it is, or who won.
	Status render.Text
	// StatusColour is the player named in Status (the player to move),
	// whose colour and mark are drawn at StatusMark; at the end it is
	// NoColour and a star is drawn there.
	StatusColour shangrila.Colour
	StatusMark   image.Rectangle
	// Bridges and Stones count the bridges standing and the stones left,
	// each after its icon.
	Bridges, Stones       render.Text
	BridgeIcon, StoneIcon image.Rectangle
	// LastMove spells out the move that led to the position (empty without
	// one).
	LastMove render.Text
	// Headings head the columns of masters, villages and supply;
	// SupplyIcons show the discipline of each supply column.
	Headings    []render.Text
	SupplyIcons [shangrila.NumDisciplines]image.Rectangle
	// Rows holds one row per player: in seat order during the game, in the
	// order of the final ranking once it is over.
	Rows []PanelRow
	// Legend explains the icons and signs of the map.
	Legend []LegendItem
}

// PanelRow is one player's row.
type PanelRow struct {
	Colour shangrila.Colour
	Rect   image.Rectangle
	// ToMove marks the player whose turn it is, with Marker.
	ToMove bool
	Marker image.Rectangle
	// Rank is the player's place in the final ranking (empty during the
	// game); Winner marks the winners, whose rows are outlined.
	Rank   render.Text
	Winner bool
	// Swatch is a tile of the player's colour with their mark.
	Swatch image.Rectangle
	Name   render.Text
	// Resigned dims the row; Name then comes from Labels.Resigned.
	Resigned bool
	// Masters and Villages are the player's score: masters on the board and
	// villages holding one of them.
	Masters, Villages render.Text
	// Supply counts the tiles of each discipline the player has off the
	// board, indexed by shangrila.Discipline.
	Supply [shangrila.NumDisciplines]render.Text
}

// LegendItem explains one sign of the map: a discipline's icon, or one of
// the signs below.
type LegendItem struct {
	Sign       LegendSign
	Discipline shangrila.Discipline // for DisciplineSign
	Icon       image.Rectangle
	Text       render.Text
	// Sample is the text inside the sign, for the strength badge's example.
	Sample render.Text
}

// LegendSign is what a legend item shows.
type LegendSign uint8

// The signs the legend explains.
const (
	DisciplineSign LegendSign = iota
	StrengthSign
	StudentSign
	StoneSign
	BrokenSign
)

// The panel's grid, in pixels.
const (
	panelPad     = 24
	panelHeight  = 526 // with four players; a row less with three
	legendHeight = 124
	rowHeight    = 54
	rowGap       = 6
	colMarker    = panelPad
	colSwatch    = 76
	colName      = 130
	colMasters   = 470
	colVillages  = 580
	colSupply    = 690
	supplyWidth  = (Width - panelPad - colSupply) / shangrila.NumDisciplines
	swatchSize   = 40
	legendIcon   = 28
	supplyIcon   = 26
	statusHeight = 50
)

func layoutPanel(p *shangrila.Position, opts Options, lb Labels) Panel {
	top := mapHeight
	rows := p.NumPlayers()
	pn := Panel{Rect: image.Rect(0, top, Width, top+panelHeight-(4-rows)*(rowHeight+rowGap))}
	name := func(c shangrila.Colour) string { return displayName(opts.Names[c], lb, c) }
	text := func(s string, r image.Rectangle, size, minSize int, bold bool, c render.Hex, a render.Align) render.Text {
		return render.Text{S: s, Rect: r, Size: size, MinSize: minSize, Bold: bold, Colour: c.Colour(), Align: a}
	}
	call1 := func(f func(string) string, s string) string {
		if f == nil {
			return ""
		}
		return f(s)
	}
	callN := func(f func(int) string, n int) string {
		if f == nil {
			return ""
		}
		return f(n)
	}

	// Status line: whose turn, or who won; counters on the right.
	y := top + 16
	pn.StatusMark = image.Rect(panelPad, y+5, panelPad+swatchSize, y+5+swatchSize)
	statusX := panelPad + swatchSize + 10
	switch p.Phase() {
	case shangrila.Over:
		var ws []string
		for _, c := range p.Winners() {
			ws = append(ws, name(c))
		}
		if lb.Winners != nil {
			pn.Status.S = lb.Winners(ws)
		}
	default:
		pn.StatusColour = p.Turn()
		if p.Phase() == shangrila.SetupPhase {
			pn.Status.S = call1(lb.SetupToMove, name(p.Turn()))
		} else {
			pn.Status.S = call1(lb.ToMove, name(p.Turn()))
		}
	}
	pn.Status = text(pn.Status.S, image.Rect(statusX, y, 750, y+statusHeight), 32, 20, true, colText, render.AlignLeft)
	pn.BridgeIcon = image.Rect(770, y+12, 800, y+38)
	pn.Bridges = text(callN(lb.Bridges, p.NumBridges()), image.Rect(806, y, 970, y+statusHeight), 24, 14, false, colText, render.AlignLeft)
	pn.StoneIcon = image.Rect(980, y+11, 1008, y+39)
	pn.Stones = text(callN(lb.StonesLeft, stonesLeft(p)), image.Rect(1014, y, Width-panelPad, y+statusHeight), 24, 14, false, colText, render.AlignLeft)

	y += statusHeight
	if opts.Last != nil && lb.LastMove != nil {
		pn.LastMove = text(lb.LastMove(moveWords(opts.Last, lb, name)), image.Rect(panelPad, y, Width-panelPad, y+34), 21, 14, false, colTextDim, render.AlignLeft)
	}

	// Column headings.
	y += 44
	pn.Headings = []render.Text{
		text(lb.Masters, image.Rect(colMasters, y, colVillages-6, y+40), 18, 12, false, colTextDim, render.AlignCentre),
		text(lb.Villages, image.Rect(colVillages, y, colSupply-10, y+40), 18, 12, false, colTextDim, render.AlignCentre),
		text(lb.Supply, image.Rect(colSupply, y-4, Width-panelPad, y+16), 16, 12, false, colTextDim, render.AlignCentre),
	}
	for _, d := range shangrila.Disciplines {
		x := colSupply + int(d)*supplyWidth + (supplyWidth-supplyIcon)/2
		pn.SupplyIcons[d] = image.Rect(x, y+16, x+supplyIcon, y+16+supplyIcon)
	}

	// Player rows.
	y += 46
	for _, pl := range panelOrder(p) {
		c := pl.Colour
		r := image.Rect(panelPad-8, y, Width-panelPad+8, y+rowHeight)
		mid := y + rowHeight/2
		row := PanelRow{Colour: c, Rect: r, Resigned: pl.Resigned}
		row.Marker = image.Rect(colMarker, mid-14, colMarker+28, mid+14)
		row.Swatch = image.Rect(colSwatch, mid-swatchSize/2, colSwatch+swatchSize, mid+swatchSize/2)
		nm := name(c)
		if pl.Resigned && lb.Resigned != nil {
			nm = lb.Resigned(nm)
		}
		ink := colText
		if pl.Resigned {
			ink = colTextDim
		}
		row.Name = text(nm, image.Rect(colName, y, colMasters-10, y+rowHeight), 26, 16, true, ink, render.AlignLeft)
		sc := p.Score(c)
		row.Masters = text(strconv.Itoa(sc.Masters), image.Rect(colMasters, y, colVillages-6, y+rowHeight), 30, 30, true, ink, render.AlignCentre)
		row.Villages = text(strconv.Itoa(sc.Villages), image.Rect(colVillages, y, colSupply-10, y+rowHeight), 30, 30, false, ink, render.AlignCentre)
		for _, d := range shangrila.Disciplines {
			n := p.Supply(c, d)
			x := colSupply + int(d)*supplyWidth
			sink := ink
			if n == 0 {
				sink = colTextFaint
			}
			row.Supply[d] = text(strconv.Itoa(n), image.Rect(x, y, x+supplyWidth, y+rowHeight), 26, 26, false, sink, render.AlignCentre)
		}
		if p.Phase() == shangrila.Over {
			row.Rank = text(callN(lb.Rank, pl.Rank), image.Rect(colMarker-4, y, colSwatch-4, y+rowHeight), 22, 12, true, colTextDim, render.AlignLeft)
			row.Winner = pl.Rank == 1 && !pl.Resigned
			if row.Winner {
				row.Rank.Colour = colAccent.Colour()
			}
		} else {
			row.ToMove = c == p.Turn()
		}
		pn.Rows = append(pn.Rows, row)
		y += rowHeight + rowGap
	}

	// Legend: the disciplines, then the signs.
	// Each discipline's name has a whole column under its icon, since the
	// names run long in some languages.
	y = pn.Rect.Max.Y - legendHeight
	cell := (Width - 2*panelPad) / shangrila.NumDisciplines
	for _, d := range shangrila.Disciplines {
		x := panelPad + int(d)*cell
		mid := x + cell/2
		pn.Legend = append(pn.Legend, LegendItem{
			Sign: DisciplineSign, Discipline: d,
			Icon: image.Rect(mid-legendIcon/2, y, mid+legendIcon/2, y+legendIcon),
			Text: text(lb.Disciplines[d], image.Rect(x+4, y+legendIcon+2, x+cell-4, y+legendIcon+26), 19, 12, false, colText, render.AlignCentre),
		})
	}
	y += legendIcon + 38
	signs := []struct {
		sign LegendSign
		s    string
		w    int
	}{{StrengthSign, lb.LegendStrength, 64}, {StudentSign, lb.LegendStudent, 36}, {StoneSign, lb.LegendStone, 30}, {BrokenSign, lb.LegendBroken, 48}}
	cell = (Width - 2*panelPad) / len(signs)
	for i, sg := range signs {
		x := panelPad + i*cell
		it := LegendItem{
			Sign: sg.sign,
			Icon: image.Rect(x, y+4, x+sg.w, y+36),
			Text: text(sg.s, image.Rect(x+sg.w+8, y, x+cell-8, y+40), 19, 12, false, colText, render.AlignLeft),
		}
		if sg.sign == StrengthSign && lb.Strength != nil {
			it.Sample = text(lb.Strength(8, 5), it.Icon.Inset(4), 20, 12, true, colInk, render.AlignCentre)
		}
		pn.Legend = append(pn.Legend, it)
	}
	return pn
}

// panelOrder returns the players in the order of the panel's rows: seat
// order during the game, the ranking at the end.
func panelOrder(p *shangrila.Position) []shangrila.Placing {
	if p.Phase() == shangrila.Over {
		return p.Ranking()
	}
	var out []shangrila.Placing
	for _, c := range p.Players() {
		out = append(out, shangrila.Placing{Colour: c, Score: p.Score(c), Resigned: p.Resigned(c)})
	}
	return out
}

// stonesLeft is how many stones are still to be placed: the game ends when
// only two villages in play are left without one (with three players the
// stone on village C counts).
func stonesLeft(p *shangrila.Position) int {
	return max(shangrila.NumVillages-2-p.NumStones(), 0)
}

// displayName returns the name to draw for colour c: the given name made
// drawable (see render.CleanName), or the colour's label when nothing is
// left.
func displayName(s string, lb Labels, c shangrila.Colour) string {
	name := render.CleanName(s)
	if name == "" && c.Valid() {
		return lb.Colours[c]
	}
	return name
}
