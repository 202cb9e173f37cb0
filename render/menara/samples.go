package menara

import (
	"github.com/tablebot/tablebot/rules/menara"
)

// The images are 8-bit paletted PNGs (see render.Quantizer). The palette is
// built once, in New, from sample images the renderer draws itself, so
// that it holds the theme's flat colours exactly and the blends of edges
// and letters closely. The samples are views made up here, not games
// played: they show every kind of thing the images hold (both sides of
// floors at several levels, every column colour, every badge, what a step
// did, a proposal, a collapse), whatever the engine's data, and cost no
// play.

// sampleLabels returns labels with text in every place, so that the
// samples hold the blends of letters on every background. The words do
// not matter, only their pixels.
func sampleLabels() *Labels {
	s := func(string) string { return "Mmm Éxà 12,5" }
	lb := &Labels{
		ToPlay:     s,
		Won:        func(int, int) string { return "Wwww 5 / 5" },
		Lost:       func(menara.EndReason, int, int) string { return "Llll 3 / 6" },
		Height:     func(int, int) string { return "Hhhh 3 / 5" },
		LevelRow:   "Mmmm éxà",
		PlanCards:  "Mmmm éxà",
		Quarry:     "Mmmm éxà",
		FloorsLeft: func(int) string { return "12 ffff" },
		NextFloor:  s,
		Light:      "Mmmm éxà", Dark: "Mmmm éxà",
		Camp: "Mmmm éxà", Hands: "Mmmm éxà",
		InPlay: "Mmmm éxà", NoCard: "Mmmm éxà",
		Card:       func(menara.Card) string { return "Pppp 3 cccc" },
		Rim:        func(menara.Rim) string { return "rrrr" },
		Progress:   func(menara.Card, int) string { return "1 pppp, 2 tttt" },
		OnFloor:    s,
		PlaceFloor: s,
		ToLevelRow: "llll",
		Level:      func(int) string { return "Mmmm 2" },
		Base:       "Mmmm éxà",
		Margin:     func(int) string { return "12,3 mm" },
		Falls:      "fff",
		LastStep:   func(StepWords) string { return "Llll ssss: Ana pppp K3" },
		Preview:    func(StepWords) string { return "Pppp: M on K2 K4 L1" },
		Collapse:   "Cccc",
		Risk:       func(int) string { return "Rrrr 35 %" },
		LegendSafe: "Mmmm éxà", LegendShaky: "Mmmm éxà", LegendFalls: "Mmmm éxà", LegendFree: "Mmmm éxà",
		LegendLast: "Mmmm éxà", LegendProposed: "Mmmm éxà",
	}
	copy(lb.ColourLetters[:], []string{"Y", "R", "K", "W", "B"})
	copy(lb.Colours[:], []string{"yyyy", "rrr", "kkkk", "wwww", "bbbb"})
	copy(lb.Piles[:], []string{"bbbb", "yyyy", "rrr"})
	return lb
}

// sampleViews returns the views the palette is learnt from.
func sampleViews() []View {
	build := func(proposed bool) View {
		v := View{
			Players:    []string{"Ana María", "Niccolò", "Zoë", "Björn"},
			Required:   6,
			LevelCards: 4,
			Height:     3,
			Piles:      [menara.NumPiles]int{5, 0, 11},
			Quarry:     9,
			NextFloor:  menara.FloorID(7),
			Camp:       menara.Columns{2, 1, 1, 1, 1},
			Hand:       []menara.Columns{{3, 1, 0, 0, 1}, {1, 2, 1, 1, 0}, {2, 0, 2, 0, 0}, {0, 1, 1, 1, 1}},
			Turn:       1,
			Stage:      menara.Building,
			HasCard:    true,
			Card:       menara.Card{Pile: menara.YellowPile, Type: menara.OneFloorCard, N: 3, Rim: menara.FreeRim},
			Progress:   1,
			Chosen:     menara.FloorID(3),
			Model:      engineModel(menara.Shaky),
		}
		// Floors in rows, both sides, levels 0 to 3, every colour of base,
		// some with columns; overlaps do not matter here.
		places := []struct {
			at     menara.Hex
			level  int
			side   menara.Side
			margin int
		}{
			{menara.Hex{Q: 0, R: 0}, 0, menara.Light, 0},
			{menara.Hex{Q: 6, R: 0}, 0, menara.Dark, 0},
			{menara.Hex{Q: -3, R: 5}, 0, menara.Light, 0},
			{menara.Hex{Q: 1, R: 1}, 1, menara.Dark, 14000},
			{menara.Hex{Q: 5, R: 2}, 1, menara.Light, 6000},
			{menara.Hex{Q: 2, R: 0}, 2, menara.Light, 11000},
			{menara.Hex{Q: 3, R: 1}, 3, menara.Dark, 2500},
		}
		colour := 0
		for i, pl := range places {
			f := menara.FloorID(i)
			fl := Floor{ID: f, Side: pl.side, Level: pl.level, Holds: true, Margin: pl.margin, HasMargin: pl.level > 0}
			for _, c := range menara.Cells(f, pl.side) {
				fl.Cells = append(fl.Cells, pl.at.Add(c))
			}
			for n, b := range menara.Bases(f, pl.side) {
				base := Base{Name: menara.Base{Floor: f, N: uint8(n + 1)}, Cell: pl.at.Add(b.Cell), Colour: menara.Colour(colour % menara.NumColours),
					Column: (n+i)%2 == 0, Carries: menara.NoFloor}
				colour++
				if base.Column && n == 0 {
					base.Carries = menara.FloorID(i + 1)
				}
				fl.Bases = append(fl.Bases, base)
			}
			if i == len(places)-1 && !proposed {
				fl.Fallen, fl.Holds = true, false
				for n := range fl.Bases {
					fl.Bases[n].Fallen = fl.Bases[n].Column
				}
			}
			v.Floors = append(v.Floors, fl)
		}
		top := &v.Floors[len(v.Floors)-1]
		c := &Change{Floor: top.ID, Proposed: proposed, Collapse: true, Risk: menara.Risk{Num: 1, Den: 3},
			Step:     menara.Step{Kind: menara.PlaceFloor, Floor: top.ID},
			Supports: []menara.Base{v.Floors[2].Bases[0].Name}}
		if !proposed {
			c = &Change{Step: menara.Step{Kind: menara.MoveColumn, From: v.Floors[0].Bases[1].Name, To: v.Floors[3].Bases[0].Name},
				From: v.Floors[0].Bases[1].Name, Columns: []menara.Base{v.Floors[3].Bases[0].Name}, Floor: menara.NoFloor,
				Margins: []menara.MarginChange{{Floor: v.Floors[4].ID}}}
			v.Over, v.Outcome = true, menara.Outcome{Reason: menara.Collapse}
		}
		v.Change = c
		return v
	}
	return []View{build(true), build(false)}
}
