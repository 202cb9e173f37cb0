package menara_test

import (
	"bytes"
	"testing"

	"github.com/tablebot/tablebot/internal/racetest"
	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/rules/menara"
)

// TestCoverageCached checks that the boards of a game drawn one after
// another by a new renderer, most of their shapes' coverage taken from
// its cache (coverage.go), are each the whole drawing without the cache
// converted to the palette, and that the cache was used.
func TestCoverageCached(t *testing.T) {
	racetest.OneGoroutine(t)
	r, err := rmenara.New()
	if err != nil {
		t.Fatal(err)
	}
	o := options(t)
	n := 0
	play(t, opts(3, menara.Easy), 3, func(p *menara.Position, e *menara.Effects) bool {
		n++
		if n < 36 || n%2 == 1 {
			return n >= 40
		}
		v := rmenara.ViewOf(p, e)
		want := r.Convert(r.Draw(rmenara.NewLayout(&v, o)))
		got := r.Image(&v, o)
		if got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("board after step %d: %v, want %v, or pixels differ from the whole drawing converted", n, got.Rect, want.Rect)
		}
		return n >= 40
	})
	if r.ShapesCached() == 0 {
		t.Error("no shape's coverage taken from the cache")
	}
}
