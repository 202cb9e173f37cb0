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
	// whose swatch is drawn at StatusMark; at the end it is NoColour and a
	// star is drawn there.
	StatusColour shangrila.Colour
	StatusMark   image.Rectangle
	// Bridges counts the bridges standing, after its icon; ToGo says how
	// close the end is (empty once the game is over).
	Bridges    render.Text
	BridgeIcon image.Rectangle
	ToGo       render.Text
	// LastMove spells out the move that led to the position, on up to two
	// lines in a band of its own (empty without one).
	LastMove     render.Text
	LastMoveBand image.Rectangle
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
	// Swatch is the player's colour in their tiles' shape.
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
	LastSign
	HomeSign
)

// The panel's grid, in pixels.
const (
	panelPad     = 24
	panelHeight  = 684 // with four players; a row less with three
	legendHeight = 172
	rowHeight    = 54
	rowGap       = 6
	colMarker    = panelPad
	colSwatch    = 76
	colName      = 132
	colMasters   = 470
	colVillages  = 580
	colSupply    = 690
	supplyWidth  = (Width - panelPad - colSupply) / shangrila.NumDisciplines
	swatchSize   = 38
	legendIcon   = 28
	supplyIcon   = 26
	statusHeight = 52
	lastMoveLine = 34 // a line of the last move's text
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

	// Status line: whose turn, or who won; the bridges standing on the
	// right, and how close the end is below.
	y := top + 18
	pn.StatusMark = image.Rect(panelPad+2, y+7, panelPad+2+swatchSize, y+7+swatchSize)
	statusX := panelPad + swatchSize + 16
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
	pn.Status = text(pn.Status.S, image.Rect(statusX, y, 900, y+statusHeight), 34, 20, true, colText, render.AlignLeft)
	pn.BridgeIcon = image.Rect(920, y+12, 956, y+40)
	pn.Bridges = text(callN(lb.Bridges, p.NumBridges()), image.Rect(964, y, Width-panelPad, y+statusHeight), 28, 16, true, colText, render.AlignLeft)
	y += statusHeight
	if p.Phase() != shangrila.Over {
		pn.ToGo = text(callN(lb.ToGo, max(p.NumBridges()-1, 0)), image.Rect(statusX, y, Width-panelPad, y+32), 26, 16, false, colText, render.AlignLeft)
	}
	y += 40

	// The last move, in a band of its own: what players look for first.
	band := lastMoveBand(pn.Rect)
	if opts.Last != nil && lb.LastMove != nil {
		if s := lb.LastMove(moveWords(opts.Last, lb, name)); s != "" {
			pn.LastMoveBand = band
			pn.LastMove = text(s, image.Rect(band.Min.X+24, band.Min.Y+6, band.Max.X-14, band.Max.Y-6), 28, 20, false, colText, render.AlignLeft)
			pn.LastMove.Lines = 2
		}
	}
	y = band.Max.Y + 12

	// Column headings.
	pn.Headings = []render.Text{
		text(lb.Masters, image.Rect(colMasters, y, colVillages-6, y+40), 20, 12, false, colTextDim, render.AlignCentre),
		text(lb.Villages, image.Rect(colVillages, y, colSupply-10, y+40), 20, 12, false, colTextDim, render.AlignCentre),
		text(lb.Supply, image.Rect(colSupply, y-4, Width-panelPad, y+16), 18, 12, false, colTextDim, render.AlignCentre),
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
		row.Swatch = image.Rect(colSwatch, mid-swatchSize/2-1, colSwatch+swatchSize, mid+swatchSize/2-1)
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
			row.Rank = text(callN(lb.Rank, pl.Rank), image.Rect(colMarker-4, y, colSwatch-4, y+rowHeight), 24, 12, true, colTextDim, render.AlignLeft)
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

	// Legend: the disciplines, then the signs, three to a line.
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
			Text: text(lb.Disciplines[d], image.Rect(x+4, y+legendIcon+2, x+cell-4, y+legendIcon+28), 19, 12, false, colText, render.AlignCentre),
		})
	}
	y += legendIcon + 40
	signs := []struct {
		sign LegendSign
		s    string
		w    int
	}{
		{StrengthSign, lb.LegendStrength, 64}, {StudentSign, lb.LegendStudent, 44}, {StoneSign, lb.LegendStone, 30},
		{BrokenSign, lb.LegendBroken, 64}, {LastSign, lb.LegendLast, 44}, {HomeSign, lb.LegendHome, 36},
	}
	const perLine = 3
	cell = (Width - 2*panelPad) / perLine
	for i, sg := range signs {
		x := panelPad + i%perLine*cell
		top := y + i/perLine*48
		it := LegendItem{
			Sign: sg.sign,
			Icon: image.Rect(x, top+2, x+sg.w, top+38),
			Text: text(sg.s, image.Rect(x+sg.w+12, top, x+cell-8, top+40), 20, 13, false, colText, render.AlignLeft),
		}
		if sg.sign == StrengthSign && lb.Strength != nil {
			it.Sample = text(lb.Strength(8, 5), it.Icon.Inset(4), 22, 12, true, colInk, render.AlignCentre)
		}
		pn.Legend = append(pn.Legend, it)
	}
	return pn
}

// lastMoveBand returns where the band of the last move's words lies in a
// panel at r: below the status line and what is left to go.
func lastMoveBand(r image.Rectangle) image.Rectangle {
	y := r.Min.Y + 18 + statusHeight + 40
	return image.Rect(panelPad-8, y, Width-panelPad+8, y+2*lastMoveLine+12)
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
