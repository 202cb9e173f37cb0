package menara

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestReadmeNumbers: the numbers the README's Menara section states are
// the engine's (issue 26: it said δ(L) = 2 mm + 1 mm a level and an amber
// band up to 10 mm while the model used 0.25 + 0.25·L and 5 mm).
func TestReadmeNumbers(t *testing.T) {
	text := readmeSection(t, "## Menara")
	m := StatModel()
	cases := []struct {
		name    string
		pattern string
		want    []float64
	}{
		{"δ(L)", `δ\(L\) = ([0-9.]+) mm \+ ([0-9.]+) mm a level`, []float64{m.Delta0MM, m.Delta1MM}},
		{"amber band", `amber band \(between δ\(L\) and ([0-9.]+) mm\)`, []float64{m.SafeMM}},
		{"level cards", `\(([0-9]+), ([0-9]+) or ([0-9]+) levels to build`,
			[]float64{float64(LevelCards(Easy)), float64(LevelCards(Medium)), float64(LevelCards(Hard))}},
		{"columns", `([0-9]+) columns: ([0-9]+) yellow, ([0-9]+) red, ([0-9]+) black, ([0-9]+) white, ([0-9]+) blue`,
			[]float64{float64(ColumnPool.Total()), float64(ColumnPool[Yellow]), float64(ColumnPool[Red]),
				float64(ColumnPool[Black]), float64(ColumnPool[White]), float64(ColumnPool[Blue])}},
		{"floors and cards", `([0-9]+) floors; ([0-9]+) cards in three piles, ([0-9]+) blue, ([0-9]+) yellow, ([0-9]+) red`,
			[]float64{NumFloors, NumCards, float64(PileSize(BluePile)), float64(PileSize(YellowPile)), float64(PileSize(RedPile))}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := regexp.MustCompile(c.pattern).FindStringSubmatch(text)
			if got == nil {
				t.Fatalf("the README's Menara section does not say %q", c.pattern)
			}
			for i, w := range c.want {
				v, err := strconv.ParseFloat(got[i+1], 64)
				if err != nil || v != w {
					t.Errorf("README says %q: number %d is %s, the engine's is %g", got[0], i+1, got[i+1], w)
				}
			}
		})
	}
}

// readmeSection returns the README's section under heading, its lines
// joined with single spaces (the README wraps its sentences).
func readmeSection(t *testing.T, heading string) string {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "\n"+heading+"\n")
	if i < 0 {
		t.Fatalf("README has no %q", heading)
	}
	s = s[i+len(heading)+2:]
	if j := strings.Index(s, "\n## "); j >= 0 {
		s = s[:j]
	}
	return strings.Join(strings.Fields(s), " ")
}
