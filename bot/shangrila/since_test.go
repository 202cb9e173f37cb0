package shangrila

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	sl "github.com/tablebot/tablebot/rules/shangrila"
)

// recapLines returns the lines of a post's "Since your last turn" (nil
// for none).
func recapLines(content string) []string {
	const head = "🕘 Since your last turn:"
	i := strings.Index(content, head)
	if i < 0 {
		return nil
	}
	lines := strings.Split(content[i+len(head):], "\n")
	if first := strings.TrimSpace(lines[0]); first != "" {
		return []string{first}
	}
	var out []string
	for _, l := range lines[1:] {
		s, ok := strings.CutPrefix(l, "- ")
		if !ok {
			break
		}
		out = append(out, s)
	}
	return out
}

// said reports whether line says move m of player name, in English.
func said(line, name string, m sl.Move) bool {
	if !strings.HasPrefix(line, name+" ") {
		return false
	}
	switch m.Kind {
	case sl.Setup, sl.Place:
		return strings.HasSuffix(line, " in "+m.Sites[0].Village.String())
	case sl.Recruit:
		return strings.Contains(line, " recruited ") && strings.Contains(line, " in "+m.Sites[0].Village.String())
	case sl.Journey:
		return strings.Contains(line, " of "+m.From.String()+" to "+m.To.String())
	case sl.Pass:
		return strings.HasSuffix(line, " passed")
	}
	return false
}

// TestSinceYourLastTurn plays a scripted game of four through the host
// (seeded random moves, typed as a terminal does, the host making the
// passes) and checks every move's post: it recounts, to the player it
// gives the turn, each other player's move since that player's previous
// move, in order, but the move the post says already (none in a player's
// first turn but the setup's others); and the board it draws highlights
// exactly those moves and the latest.
func TestSinceYourLastTurn(t *testing.T) {
	var mu sync.Mutex
	var drawn bot.BoardView
	draw := func(_ context.Context, v bot.BoardView) ([]byte, error) {
		mu.Lock()
		defer mu.Unlock()
		drawn = v
		return []byte("png"), nil
	}
	cat := catalog(t)
	db := openDB(t)
	game := New(Options{Board: draw})
	b, err := bot.New(bot.Config{Store: db, Catalog: cat, Games: []bot.Game{game}, KeepSeatOrder: true})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ctx := context.Background()
	players := []string{"ann", "bo", "cy", "di"}
	handle := func(user, command string, options map[string]string) bot.Reply {
		t.Helper()
		rep := b.Handle(ctx, bot.Request{Kind: bot.CommandRequest, User: bot.User{ID: user, Name: user}, Channel: "c", Guild: "g",
			Game: Kind, Command: command, Options: options})
		if rep.Failed {
			t.Fatalf("%s %s %v: %s", user, command, options, rep.Message.Content)
		}
		if rep.Message.Sent != nil {
			rep.Message.Sent(ctx, "m")
		}
		return rep
	}
	handle("ann", "new", map[string]string{"players": "4", "start": startSuggest})
	for _, p := range players[1:] {
		handle(p, "join", nil)
	}
	handle("ann", "start", nil)
	rng := rand.New(rand.NewPCG(5, 5))
	p := cat.Printer(i18n.English)
	recounted := 0
	moves := 24
	if testing.Short() {
		moves = 10 // the race detector's run
	}
	for n := 0; n < moves; n++ {
		_, st, err := b.Table(ctx, "c")
		if err != nil {
			t.Fatal(err)
		}
		pos := state(st).Position()
		if pos.Phase() == sl.Over {
			break
		}
		m := pos.RandomMove(rng)
		seat := st.ToAct()[0]
		typed, ok, err := game.Typed(st, seat, strings.Fields(m.String()), p)
		if !ok || err != nil {
			t.Fatalf("%v typed: %v %v", m, ok, err)
		}
		rep := handle(players[seat], typed.Command, typed.Options)

		_, st, err = b.Table(ctx, "c")
		if err != nil {
			t.Fatal(err)
		}
		if st.Over() {
			break
		}
		next := st.ToAct()[0]
		history := state(st).Effects()
		from := len(history)
		for from > 0 && (history[from-1].Move.Player != sl.Colours[next] || history[from-1].Move.Kind == sl.Pass) {
			from--
		}
		end := len(history) - 1 // the latest move that is not a pass: said above
		for end > from && history[end].Move.Kind == sl.Pass {
			end--
		}
		got := recapLines(rep.Message.Content)
		if want := max(end-from, 0); len(got) != want {
			t.Fatalf("move %d, %s to act: recap %q, want %d moves", n, players[next], got, want)
		}
		for i, line := range got {
			e := history[from+i]
			if who := players[slices.Index(sl.Colours[:], e.Move.Player)]; !said(line, who, e.Move) {
				t.Errorf("move %d: recap line %q does not say %s's %v", n, line, who, e.Move)
			}
		}
		if len(got) >= 2 {
			recounted++
		}
		if _, err := rep.Message.Image.Render(ctx); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		v := drawn
		mu.Unlock()
		want := history[from:]
		if len(want) < 2 {
			want = nil
		}
		if len(v.Since) != len(want) {
			t.Fatalf("move %d: the board highlights %d moves, want %d", n, len(v.Since), len(want))
		}
		for i, e := range v.Since {
			if x, ok := effects(e); !ok || x.Move.String() != want[i].Move.String() {
				t.Errorf("move %d: highlight %d is %v, want %v", n, i, e, want[i].Move)
			}
		}
	}
	if recounted == 0 {
		t.Error("no post recounted two moves: the test shows nothing")
	}
}

// TestLabelsOf: a printer's board words are built once and are its own
// language's.
func TestLabelsOf(t *testing.T) {
	cat := catalog(t)
	g := New(Options{})
	for _, l := range i18n.Langs {
		t.Run(string(l), func(t *testing.T) {
			p := cat.Printer(l)
			got := g.labelsOf(p)
			if again := g.labelsOf(p); again != got {
				t.Error("built again")
			}
			if want := Labels(p); got.OutOfPlay != want.OutOfPlay || got.Masters != want.Masters {
				t.Errorf("words %q, %q; want %q, %q", got.OutOfPlay, got.Masters, want.OutOfPlay, want.Masters)
			}
		})
	}
}
