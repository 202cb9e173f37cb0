package menara

import (
	"strings"
	"testing"
)

// TestFloorData checks every count and constraint design §5 puts on the
// floors we invented.
func TestFloorData(t *testing.T) {
	var maxPerColour Columns // per colour, summed over floors, the side with more
	var sideTotals [2]Columns
	bases := 0
	roofs := 0
	big := 0
	for f := FloorID(0); f < NumFloors; f++ {
		t.Run(f.String(), func(t *testing.T) {
			light, dark := Cells(f, Light), Cells(f, Dark)
			n := len(light)
			if n < 5 || n > 24 {
				t.Errorf("%d cells, want 5 to 24", n)
			}
			if n <= 7 {
				roofs++
			}
			if n >= 19 {
				big++
			}
			if !connected(light) {
				t.Errorf("the floor is not one piece")
			}
			if light[0] != (Hex{}) && !contains(light, Hex{}) {
				t.Errorf("the reference cell (0,0) is not a cell")
			}
			// Both sides have the same outline, the dark one turned over.
			for _, c := range light {
				if !contains(dark, c.Mirror()) {
					t.Errorf("dark side lacks the mirror of %s", c)
				}
			}
			var per [2]Columns
			for i, s := range []Side{Light, Dark} {
				bs := Bases(f, s)
				if len(bs) < 3 || len(bs) > 6 {
					t.Errorf("%s side has %d bases, want 3 to 6", s, len(bs))
				}
				bases += len(bs)
				for j, b := range bs {
					if !contains(Cells(f, s), b.Cell) {
						t.Errorf("%s base %d is not on a cell", s, j+1)
					}
					for _, o := range bs[:j] {
						if Distance(o.Cell, b.Cell) < 2 {
							t.Errorf("%s bases at %s and %s touch", s, o.Cell, b.Cell)
						}
					}
					if j > 0 && !readingLess(bs[j-1].Cell, b.Cell) {
						t.Errorf("%s bases are not numbered in reading order", s)
					}
					per[i][b.Colour]++
				}
				sideTotals[i].add(per[i])
			}
			// The light and dark layouts differ: as cells of the slab with
			// their colours, the dark bases are not the light ones.
			same := 0
			for _, b := range Bases(f, Dark) {
				for _, l := range Bases(f, Light) {
					if l.Cell.Mirror() == b.Cell && l.Colour == b.Colour {
						same++
					}
				}
			}
			if same == NumBases(f, Dark) && NumBases(f, Dark) == NumBases(f, Light) {
				t.Errorf("the dark side's bases sit where the light side's do")
			}
			for c := range NumColours {
				maxPerColour[c] += max(per[0][c], per[1][c])
			}
		})
	}
	if roofs < 4 || big < 3 {
		t.Errorf("%d roof pieces (≤7 cells) and %d big floors (≥19): want a few of each", roofs, big)
	}
	mean := float64(bases) / (2 * NumFloors)
	if mean < 3.9 || mean > 4.6 {
		t.Errorf("mean bases per side %.2f, want about 4 to 4.5", mean)
	}
	for c := range NumColours {
		if maxPerColour[c] > ColumnPool[c] {
			t.Errorf("%s: %d bases on the sides with more, but %d columns", Colour(c), maxPerColour[c], ColumnPool[c])
		}
	}
	// Colours follow the pool: yellow most, blue least, in pool order.
	for _, tot := range sideTotals {
		for c := 1; c < NumColours; c++ {
			if tot[c] > tot[c-1] {
				t.Errorf("side totals %v do not follow the pool's order", tot)
			}
		}
	}
}

func contains(cells []Hex, h Hex) bool {
	for _, c := range cells {
		if c == h {
			return true
		}
	}
	return false
}

func connected(cells []Hex) bool {
	seen := map[Hex]bool{cells[0]: true}
	stack := []Hex{cells[0]}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for d := range 6 {
			n := c.Neighbour(d)
			if contains(cells, n) && !seen[n] {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	return len(seen) == len(cells)
}

// TestFloorsPlaceable checks that every floor, either side up, can extend
// the base, and can rest on columns and hold: on one of a few seeded bases
// of the starting kind with a column on every base, some position of it on
// three or more free columns keeps every floor standing.
func TestFloorsPlaceable(t *testing.T) {
	for f := FloorID(0); f < NumFloors; f++ {
		for _, s := range []Side{Light, Dark} {
			t.Run(f.String()+"-"+s.String(), func(t *testing.T) {
				var g grid
				holds, tries := false, 0
				for seed := uint64(1); !holds && seed < 40; seed++ {
					p := baseWith(t, f, seed)
					p.fillBases(t, 0)
					ext := 0
					p.extensions(&g, f, []Side{s}, func(*candidate) bool { ext++; return false })
					if ext == 0 {
						t.Errorf("seed %d: no base extension", seed)
					}
					p.onColumns(&g, f, []Side{s}, NoFloor, 0, true, func(c *candidate) bool {
						holds = !p.tryPlace(c, NoFloor).Collapse
						return !holds
					})
					tries++
				}
				if !holds {
					t.Errorf("no position on columns where it holds, over %d bases", tries)
				}
			})
		}
	}
}

func TestFloorPictureErrors(t *testing.T) {
	valid := "floor A\nlight\n  Y . R\n   . K\ndark\n    . K\n   Y . R\n"
	tests := []struct {
		name, text, want string
	}{
		{"off the grid", "floor A\nlight\n  Y. R\n", "off the grid"},
		{"unknown letter", "floor A\nlight\n  Y . Q\n", "neither a cell"},
		{"out of order", "floor B\n", "in order A to R"},
		{"not mirrored", "floor A\nlight\n  Y . R\n   . K\ndark\n  Y . R\n   . K\n", "not the light one turned over"},
		{"garbage", "hello\n", "expected floor X"},
		{"missing floors", valid, "floor B needs a light and a dark picture"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseFloors(tt.text)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestFloorPictureMessages pins every refusal of parseFloors: which check
// answers first, on which line, with its exact message.
func TestFloorPictureMessages(t *testing.T) {
	valid := "floor A\nlight\n  Y . R\n   . K\ndark\n    . K\n   Y . R\n"
	tests := []struct {
		name, text, want string
	}{
		{"off the grid", "floor A\nlight\n  Y. R\n",
			"line 3: a cell off the grid: in line 1 of a picture, cells sit at characters of the other parity"},
		{"off the grid on the second line", "floor A\nlight\n  . .\n  .\n",
			"line 4: a cell off the grid: in line 2 of a picture, cells sit at characters of the other parity"},
		{"rows count again on the dark side", "floor A\nlight\n  .\n   .\ndark\n   .\n",
			"line 6: a cell off the grid: in line 1 of a picture, cells sit at characters of the other parity"},
		{"unknown letter", "floor A\nlight\n  Y . Q\n", "line 3: 'Q' is neither a cell (.) nor a base (Y R K W B)"},
		{"lower-case base", "floor A\nlight\n  Y . r\n", "line 3: 'r' is neither a cell (.) nor a base (Y R K W B)"},
		{"a comment in a picture", "floor A\nlight\n  . # x\n", "line 3: '#' is neither a cell (.) nor a base (Y R K W B)"},
		{"not ASCII", "floor A\nlight\n  é\n", "line 3: 'é' is neither a cell (.) nor a base (Y R K W B)"},
		{"out of order", "floor B\n", `line 1: floors must come in order A to R, got "B"`},
		{"lower-case floor", "floor a\n", `line 1: floors must come in order A to R, got "a"`},
		{"no such floor", "# the floors\nfloor AB\n", `line 2: floors must come in order A to R, got "AB"`},
		{"floor twice", "floor A # first\nfloor A\n", `line 2: floors must come in order A to R, got "A"`},
		{"two light pictures", "floor A\nlight\n  .\n\nlight\n", "line 5: floor A has two light pictures"},
		{"two dark pictures", "floor A\ndark\n  .\ndark\n", "line 4: floor A has two dark pictures"},
		{"garbage", "hello\n", "line 1: expected floor X, light, dark or a picture line indented by two spaces"},
		{"a side before any floor", "light\n", "line 1: expected floor X, light, dark or a picture line indented by two spaces"},
		{"a floor with more words", "floor A B\n", "line 1: expected floor X, light, dark or a picture line indented by two spaces"},
		{"a picture line without a side", "floor A\n  . .\n", "line 2: expected floor X, light, dark or a picture line indented by two spaces"},
		{"a picture line after a blank line", "floor A\nlight\n  .\n\n  .\n",
			"line 5: expected floor X, light, dark or a picture line indented by two spaces"},
		{"a tab", "floor A\nlight\n\t.\n", "line 3: expected floor X, light, dark or a picture line indented by two spaces"},
		{"no dark picture", "floor A\nlight\n  .\n", "floor A needs a light and a dark picture"},
		{"no light picture", "floor A\ndark\n  .\n", "floor A needs a light and a dark picture"},
		{"empty pictures", "floor A\nlight\ndark\n", "floor A: 0 cells, want 1 to 24"},
		{"not mirrored", "floor A\nlight\n  Y . R\n   . K\ndark\n  Y . R\n   . K\n",
			"floor A: the dark picture's outline is not the light one turned over"},
		{"missing floors", valid, "floor B needs a light and a dark picture"},
		{"an empty text", "", "floor A needs a light and a dark picture"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseFloors(tt.text)
			if err == nil {
				t.Fatalf("got no error, want %q", tt.want)
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestDeck checks the plan cards: 35 in three piles of 9, 12 and 14 (red
// the largest), the five types, exactly one move-a-floor card and it red,
// place-N cards in every pile, about a third of each pile with each rim.
func TestDeck(t *testing.T) {
	var perPile [NumPiles]int
	var placeIn [NumPiles]bool
	var rims [NumPiles][3]int
	types := map[CardType]int{}
	for i, c := range Deck() {
		if i < int(pileStart[c.Pile]) || i >= int(pileStart[c.Pile+1]) {
			t.Errorf("card %d (%s) is outside its pile's range", i, c)
		}
		perPile[c.Pile]++
		types[c.Type]++
		rims[c.Pile][c.Rim]++
		if c.Type == PlaceCard {
			placeIn[c.Pile] = true
		}
		want := map[CardType][2]uint8{PlaceCard: {1, 4}, OneFloorCard: {2, 3}, MoveCard: {1, 3}, FillCard: {1, 1}, LiftCard: {1, 1}}[c.Type]
		if c.N < want[0] || c.N > want[1] {
			t.Errorf("card %d: %s has N %d", i, c, c.N)
		}
		if c.Type == LiftCard && c.Pile != RedPile {
			t.Errorf("the move-a-floor card is in the %s pile", c.Pile)
		}
	}
	if perPile != [NumPiles]int{9, 12, 14} {
		t.Errorf("piles hold %v, want [9 12 14]", perPile)
	}
	for pl := Pile(0); pl < NumPiles; pl++ {
		if PileSize(pl) != perPile[pl] {
			t.Errorf("PileSize(%s) = %d", pl, PileSize(pl))
		}
		if !placeIn[pl] {
			t.Errorf("the %s pile has no place-N card", pl)
		}
		for r, n := range rims[pl] {
			third := float64(perPile[pl]) / 3
			if float64(n) < third-1 || float64(n) > third+1 {
				t.Errorf("the %s pile has %d cards with a %s rim, want about %.0f", pl, n, Rim(r), third)
			}
		}
	}
	if types[LiftCard] != 1 || len(types) != 5 {
		t.Errorf("card types %v: want all five and one move-a-floor card", types)
	}
}

func TestSetupTables(t *testing.T) {
	if ColumnPool.Total() != 76 || ColumnPool != (Columns{30, 20, 12, 8, 6}) {
		t.Errorf("pool %v", ColumnPool)
	}
	for d := Easy; d <= Hard; d++ {
		if got := LevelCards(d); got != 3+int(d) {
			t.Errorf("%s: %d level cards", d, got)
		}
		for n := MinPlayers; n <= MaxPlayers; n++ {
			h := HandSize(d, n)
			if h < 4 || h > 8 {
				t.Errorf("%s, %d players: %d columns each, want 4 to 8", d, n, h)
			}
			if n > 1 && h > HandSize(d, n-1) {
				t.Errorf("%s: more players hold more columns each", d)
			}
			if d > Easy && h > HandSize(d-1, n) {
				t.Errorf("%d players: %s holds more than %s", n, d, d-1)
			}
			// Every hand and the camp can always be dealt.
			if h*n+CampSize > ColumnPool.Total() {
				t.Errorf("%s, %d players: the bag cannot deal the hands", d, n)
			}
		}
	}
	if HandSize(Medium, 4) != 4 {
		t.Errorf("4-player medium: %d columns each, want 4", HandSize(Medium, 4))
	}
	if HandSize(Medium, 0) != 0 || HandSize(Difficulty(9), 2) != 0 {
		t.Errorf("out-of-range hand sizes are not 0")
	}
}
