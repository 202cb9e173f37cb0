package menara_test

import (
	"bytes"
	"context"
	"image"
	"image/gif"
	"math/rand/v2"
	"slices"
	"testing"

	bmenara "github.com/tablebot/tablebot/bot/menara"
	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/render/timelapse"
	"github.com/tablebot/tablebot/rules/menara"
)

// playSteps plays a greedy game of o from seed (see build), of at most
// turns turns (0: to the end), and returns its start, its steps and the
// turns they make, a turn ending with the step that ends it or the game.
func playSteps(tb testing.TB, o menara.Options, seed uint64, turns int) (menara.Position, []menara.Step, int) {
	tb.Helper()
	start, err := menara.NewPosition(o, seed)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x6d656e))
	p := start
	var steps []menara.Step
	n := 0
	for p.Phase() != menara.Over && (turns == 0 || n < turns) {
		s := greedyStep(&p, rng)
		next, e, err := p.Apply(s)
		if err != nil {
			tb.Fatalf("seed %d: greedy step %v is illegal: %v", seed, s, err)
		}
		p = next
		steps = append(steps, e.Step)
		if e.TurnOver || e.GameOver {
			n++
		}
	}
	return start, steps, n
}

// filmLabels returns the timelapse's words in English, from the catalogue.
func filmLabels(tb testing.TB) *rmenara.Labels {
	tb.Helper()
	cat, err := sharedCatalog()
	if err != nil {
		tb.Fatal(err)
	}
	lb := bmenara.FilmLabels(cat.Printer(i18n.English))
	return &lb
}

// encodeFilm encodes the timelapse of the steps and decodes it again,
// with the number of bytes it took.
func encodeFilm(tb testing.TB, start menara.Position, steps []menara.Step, o rmenara.Options) (*gif.GIF, timelapse.Stats, int) {
	tb.Helper()
	var buf bytes.Buffer
	st, err := timelapse.Encode(context.Background(), &buf, renderer(tb).Timelapse(&start, steps, o), timelapse.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	n := buf.Len()
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		tb.Fatalf("the film does not decode: %v", err)
	}
	return g, st, n
}

// TestTimelapse films the first turns of a game and a step more: the
// start, a frame a turn, and one for the turn begun; each shown as long
// as its place says, all of the same size, half the image's width.
func TestTimelapse(t *testing.T) {
	turns := 3
	if testing.Short() {
		turns = 1 // every frame costs ten times as much under the race detector
	}
	start, steps, n := playSteps(t, opts(2, menara.Easy), 5, turns)
	if n != turns {
		t.Fatalf("the game has %d turns, want %d", n, turns)
	}
	steps = append(steps, nextStep(t, start, steps))
	o := options(t)
	o.Labels = filmLabels(t)
	g, st, size := encodeFilm(t, start, steps, o)
	want := turns + 2 // the start, the turns and the turn begun
	if got := len(g.Image); got != want || st.Frames != want {
		t.Fatalf("got %d frames (stats %d), want %d: the start, one a turn, one for the turn begun", got, st.Frames, want)
	}
	if got, err := rmenara.Turns(&start, steps); err != nil || got != want-1 {
		t.Errorf("Turns = %d, %v; want %d", got, err, want-1)
	}
	if int64(size) != st.Bytes {
		t.Errorf("stats say %d bytes, the file has %d", st.Bytes, size)
	}
	if g.LoopCount != 0 {
		t.Errorf("loop count %d, want 0 (for ever)", g.LoopCount)
	}
	if w := g.Config.Width; w != rmenara.Width/timelapse.DefaultScale {
		t.Errorf("width %d, want %d", w, rmenara.Width/timelapse.DefaultScale)
	}
	delays := []int{rmenara.StartDelay}
	for range want - 2 {
		delays = append(delays, rmenara.TurnDelay)
	}
	delays = append(delays, rmenara.FinalDelay)
	for i, d := range delays {
		if g.Delay[i] != d {
			t.Errorf("frame %d shows for %d cs, want %d", i, g.Delay[i], d)
		}
	}
	for i, img := range g.Image {
		if !img.Rect.In(image.Rect(0, 0, g.Config.Width, g.Config.Height)) {
			t.Errorf("frame %d (%v) leaves the film (%dx%d)", i, img.Rect, g.Config.Width, g.Config.Height)
		}
	}
	if size > 200<<10*want {
		t.Errorf("%d frames take %d bytes, more than 200 KB a frame", want, size)
	}
}

// nextStep returns the first legal step after steps from start: one step
// into the next turn.
func nextStep(tb testing.TB, start menara.Position, steps []menara.Step) menara.Step {
	tb.Helper()
	p, err := menara.Replay(start, steps)
	if err != nil {
		tb.Fatal(err)
	}
	return greedyStep(&p, rand.New(rand.NewPCG(1, 2)))
}

// TestTimelapseTurns checks what each turn's frame says and highlights,
// over a whole greedy game: the player, the card and the building steps
// of the turn, in order; the columns it placed or moved that still stand
// ringed; the last floor it placed or moved outlined; the headline of the
// position after it.
func TestTimelapseTurns(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game's views")
	}
	start, steps, n := playSteps(t, opts(3, menara.Medium), 7, 0)
	names := []string{"Ana", "Bob", "Cy"}
	views, words, err := rmenara.TurnViews(&start, steps, filmLabels(t), names)
	if err != nil || len(views) != n {
		t.Fatalf("%d turns, %v; want %d", len(views), err, n)
	}
	p := start
	turn := 0
	var builds []menara.Effects
	for _, s := range steps {
		next, e, err := p.Apply(s)
		if err != nil {
			t.Fatal(err)
		}
		if k := s.Kind; k != menara.Exchange && k != menara.Reveal && k != menara.GiveUp && k != menara.Done {
			builds = append(builds, e)
		}
		if e.Step.Kind == menara.Reveal && words[turn].Card == "" {
			t.Errorf("turn %d: no card said", turn+1)
		}
		p = next
		if !e.TurnOver && !e.GameOver {
			continue
		}
		checkTurn(t, turn, &p, builds, views[turn], words[turn], names[s.Seat])
		turn, builds = turn+1, nil
	}
}

// checkTurn checks the view and words of turn i, which ended in p and
// built with the steps whose effects are builds.
func checkTurn(t *testing.T, i int, p *menara.Position, builds []menara.Effects, v rmenara.View, w rmenara.TurnWords, player string) {
	t.Helper()
	if w.Player != player || len(w.Steps) != len(builds) {
		t.Errorf("turn %d: %s with %d steps, want %s with %d", i+1, w.Player, len(w.Steps), player, len(builds))
	}
	if len(builds) == 0 {
		if v.Change != nil {
			t.Errorf("turn %d built nothing and highlights %+v", i+1, v.Change)
		}
		return
	}
	if v.Change == nil {
		t.Fatalf("turn %d built and highlights nothing", i+1)
	}
	floor := menara.NoFloor
	for _, e := range builds {
		if e.Floor.Valid() {
			floor = e.Floor
		}
		if e.To.Valid() && !e.Failed && p.Column(e.To) && !slices.Contains(v.Change.Columns, e.To) {
			t.Errorf("turn %d: the column on %s is not highlighted (%v)", i+1, e.To, v.Change.Columns)
		}
	}
	if v.Change.Floor != floor {
		t.Errorf("turn %d: floor %s highlighted, want %s", i+1, v.Change.Floor, floor)
	}
	l := rmenara.NewLayout(&v, rmenara.Options{})
	if l.Header.Step.S != "" {
		t.Errorf("turn %d: the header says the last step: %q", i+1, l.Header.Step.S)
	}
}

// longestSeed is the seed of the longest 4-player hard game of the
// greedy team among the first 40: 35 turns (one a plan card, all used)
// and a temple of 8 levels, the film's tallest image (2603 px).
const longestSeed = 15

func TestTimelapseLongestGame(t *testing.T) {
	if testing.Short() {
		t.Skip("the longest game takes seconds to film")
	}
	start, steps, n := playSteps(t, opts(4, menara.Hard), longestSeed, 0)
	o := options(t)
	o.Labels = filmLabels(t)
	g, _, size := encodeFilm(t, start, steps, o)
	if len(g.Image) != n+1 {
		t.Errorf("got %d frames, want %d (the start and %d turns)", len(g.Image), n+1, n)
	}
	if size >= uploadLimit {
		t.Errorf("the longest game's film has %d bytes, at least the limit %d", size, uploadLimit)
	}
	t.Logf("%d turns, %d steps: %d frames of %dx%d, %d bytes", n, len(steps), len(g.Image), g.Config.Width, g.Config.Height, size)
}

// uploadLimit is the most bytes a file may have for Discord to take it
// from the bot.
const uploadLimit = 8 << 20

func TestTimelapseStopsAtAnIllegalStep(t *testing.T) {
	start, steps, _ := playSteps(t, opts(2, menara.Easy), 5, 1)
	steps = append(steps, steps[0]) // the first player's step, out of turn
	var buf bytes.Buffer
	_, err := timelapse.Encode(context.Background(), &buf, renderer(t).Timelapse(&start, steps, rmenara.Options{}), timelapse.Options{})
	if err == nil || buf.Len() != 0 {
		t.Errorf("an illegal step made a film of %d bytes (%v)", buf.Len(), err)
	}
}

// BenchmarkTimelapseLongestGame is the cost of the longest game's film,
// from the record's steps to the GIF: the steps replayed, every turn's
// temple laid out twice (the film's height first) and drawn once, shrunk
// and encoded; with the file's size.
func BenchmarkTimelapseLongestGame(b *testing.B) {
	r := renderer(b)
	start, steps, n := playSteps(b, opts(4, menara.Hard), longestSeed, 0)
	o := options(b)
	o.Labels = filmLabels(b)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if _, err := timelapse.Encode(context.Background(), &buf, r.Timelapse(&start, steps, o), timelapse.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/1e6, "MB")
	b.ReportMetric(float64(n), "turns")
}
