package menara

import (
	"github.com/tablebot/tablebot/bot"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// BenchmarkSince measures what "since your last turn" adds to a post in a
// game of four (seeded random steps, few give-ups, at the start of its
// last turn; the steps metric says how many): the replay of the game for
// its history, the turns since in words, and the view that gathers their
// changes (the drawing costs the same as without).
func BenchmarkSince(b *testing.B) {
	g := New(Options{NoComputers: true})
	names := []string{"ann", "bob", "cy", "dee"}
	settings, err := bot.Configure(g, nil, len(names))
	if err != nil {
		b.Fatal(err)
	}
	setup, err := g.Setup(settings, names, 3)
	if err != nil {
		b.Fatal(err)
	}
	st, err := g.Load("game " + Kind + "\n" + strings.Join(setup.Lines, "\n") + "\n")
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 3))
	boundary := st
	for st.Moves() < 250 {
		s := positionOf(state(st)).RandomStep(rng)
		if s.Kind == mr.GiveUp && rng.IntN(8) > 0 {
			continue
		}
		next := st.Clone()
		e, err := next.Play(state(st).Line(s))
		if err != nil {
			b.Fatal(err)
		}
		if next.Over() {
			break
		}
		st = next
		if x, _ := effects(e); x.TurnOver {
			boundary = st.Clone() // the latest start of a turn
		}
	}
	st = boundary
	p := catalog(b).Printer(i18n.English)
	seat := st.ToAct()[0]
	b.ResetTimer()
	for range b.N {
		history := st.History()
		from := len(history)
		for from > 0 && g.Actor(history[from-1]) != seat {
			from--
		}
		if len(g.Recount(p, st, history[from:], names)) == 0 {
			b.Fatal("nothing since")
		}
		rmenara.SinceOf(positionOf(state(st)), bot.EffectsOf[*mr.Effects](history[from:]))
	}
	b.ReportMetric(float64(st.Moves()), "steps")
}
