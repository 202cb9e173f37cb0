package menara

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/internal/racetest"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// testThinking caps the tests' computer teammates and hints: a node cap
// that makes a step take milliseconds, and a time cap long enough never to
// cut it (a step then depends on the position alone, even under -race).
var testThinking = ai.Options{Nodes: 2000, Think: time.Minute}

// aiDoc is rules/menara/ai's package documentation, which lists the
// reason keys and their arguments: the contract of the hints' messages.
var aiDoc = filepath.Join("..", "..", "rules", "menara", "ai", "doc.go")

// docKey reads a key's line of the list: "//	hint.giveup.cannot     renew (bool)".
var docKey = regexp.MustCompile(`^//\t(hint\.[a-z.]+)\s*(.*)$`)

// reasonKeys returns the reason keys rules/menara/ai documents, each with
// whether it takes a "renew" argument.
func reasonKeys(t *testing.T) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(aiDoc)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for line := range strings.SplitSeq(string(data), "\n") {
		if m := docKey.FindStringSubmatch(line); m != nil {
			keys[m[1]] = strings.Contains(m[2], "renew")
		}
	}
	if len(keys) < 25 {
		t.Fatalf("%s lists %d reason keys; expected about thirty", aiDoc, len(keys))
	}
	return keys
}

// TestReasonKeysHaveMessages: every reason key the teammates document has
// its message under "menara." (and its ".renew" message when it takes
// renew); TestTranslationsComplete then holds them to all three languages
// and TestPlaceholdersMatchEnglish to the same placeholders.
func TestReasonKeysHaveMessages(t *testing.T) {
	c := catalog(t)
	for key, renew := range reasonKeys(t) {
		ids := []string{Kind + "." + key}
		if renew {
			ids = append(ids, Kind+"."+key+renewSuffix)
		}
		for _, id := range ids {
			for _, l := range i18n.Langs {
				if !c.Has(l, id) {
					t.Errorf("%s: no message %q for the teammates' reason %q", l, id, key)
				}
			}
		}
	}
}

// reasonSamples returns a reason of every key the teammates document,
// with arguments of the engine's types, and the step it explains.
func reasonSamples(t *testing.T) []struct {
	r    ai.Reason
	step mr.Step
} {
	t.Helper()
	k3 := mr.Base{Floor: 10, N: 3}
	m1 := mr.Base{Floor: 12, N: 1}
	col := mr.ColumnStep(0, mr.Black, k3)
	move := mr.MoveStep(0, k3, m1)
	floor := mr.FloorStep(0, 12, mr.NewBaseSet(mr.Base{Floor: 10, N: 2}, mr.Base{Floor: 10, N: 4}, mr.Base{Floor: 11, N: 1}), 2, mr.Light, mr.Hex{})
	ext := mr.ExtendStep(0, 1, mr.Hex{Q: 5, R: -3}, 1, mr.Dark)
	lift := mr.LiftStep(0, 12, mr.NewBaseSet(mr.Base{Floor: 5, N: 1}, mr.Base{Floor: 6, N: 2}, mr.Base{Floor: 6, N: 4}), 0, mr.Hex{})
	a := func(kv ...any) map[string]any {
		m := map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	type sample = struct {
		r    ai.Reason
		step mr.Step
	}
	out := []sample{
		{ai.Reason{Key: ai.ReasonExchange, Args: a("give", mr.Columns{2, 0, 0, 0, 0}, "take", mr.Columns{0, 1, 0, 0, 1}, "pile", mr.YellowPile)},
			mr.ExchangeStep(0, mr.Columns{2, 0, 0, 0, 0}, mr.Columns{0, 1, 0, 0, 1})},
		{ai.Reason{Key: ai.ReasonRevealSafe, Args: a("pile", mr.BluePile)}, mr.RevealStep(0, mr.BluePile)},
		{ai.Reason{Key: ai.ReasonRevealColour, Args: a("pile", mr.BluePile, "other", mr.YellowPile, "colour", mr.Red)}, mr.RevealStep(0, mr.BluePile)},
		{ai.Reason{Key: ai.ReasonRevealRisk, Args: a("pile", mr.YellowPile, "other", mr.RedPile, "percent", 40)}, mr.RevealStep(0, mr.YellowPile)},
		{ai.Reason{Key: ai.ReasonRevealFinish, Args: a("pile", mr.YellowPile)}, mr.RevealStep(0, mr.YellowPile)},
		{ai.Reason{Key: ai.ReasonReveal, Args: a("pile", mr.RedPile, "percent", 60)}, mr.RevealStep(0, mr.RedPile)},
		{ai.Reason{Key: ai.ReasonColumnFill, Args: a("colour", mr.Black, "base", k3, "floor", mr.FloorID(10), "next", mr.FloorID(3))}, col},
		{ai.Reason{Key: ai.ReasonColumnPush, Args: a("colour", mr.Black, "base", k3, "floor", mr.FloorID(12))}, col},
		{ai.Reason{Key: ai.ReasonColumnSupport, Args: a("colour", mr.Black, "base", k3, "level", 2)}, col},
		{ai.Reason{Key: ai.ReasonColumnSteady, Args: a("colour", mr.Black, "base", k3)}, col},
		{ai.Reason{Key: ai.ReasonColumn, Args: a("colour", mr.Black, "base", k3)}, col},
		{ai.Reason{Key: ai.ReasonMoveSupport, Args: a("from", k3, "to", m1, "level", 1)}, move},
		{ai.Reason{Key: ai.ReasonMoveFill, Args: a("from", k3, "to", m1, "floor", mr.FloorID(12), "next", mr.FloorID(3))}, move},
		{ai.Reason{Key: ai.ReasonMove, Args: a("from", k3, "to", m1)}, move},
		{ai.Reason{Key: ai.ReasonFloorUp, Args: a("floor", mr.FloorID(12), "level", 3)}, floor},
		{ai.Reason{Key: ai.ReasonFloorSteady, Args: a("floor", mr.FloorID(12), "level", 1)}, floor},
		{ai.Reason{Key: ai.ReasonExtendNowhere, Args: a("floor", mr.FloorID(1))}, ext},
		{ai.Reason{Key: ai.ReasonExtend, Args: a("floor", mr.FloorID(1))}, ext},
		{ai.Reason{Key: ai.ReasonLiftUp, Args: a("floor", mr.FloorID(12), "level", 4)}, lift},
		{ai.Reason{Key: ai.ReasonLift, Args: a("floor", mr.FloorID(12), "level", 1)}, lift},
	}
	for _, renew := range []bool{false, true} {
		out = append(out,
			sample{ai.Reason{Key: ai.ReasonGiveUpCannot, Args: a("renew", renew)}, mr.GiveUpStep(0, renew)},
			sample{ai.Reason{Key: ai.ReasonGiveUpCollapse, Args: a("renew", renew)}, mr.GiveUpStep(0, renew)},
			sample{ai.Reason{Key: ai.ReasonGiveUpStuck, Args: a("floor", mr.FloorID(2), "renew", renew)}, mr.GiveUpStep(0, renew)},
			sample{ai.Reason{Key: ai.ReasonGiveUpBetter, Args: a("renew", renew)}, mr.GiveUpStep(0, renew)},
			sample{ai.Reason{Key: ai.ReasonDone, Args: a("renew", renew)}, mr.DoneStep(0, renew)})
	}
	out = append(out, sample{ai.Reason{Key: ai.ReasonNone}, mr.Step{}})
	covered := map[string]bool{}
	for _, s := range out {
		covered[s.r.Key] = true
	}
	for key := range reasonKeys(t) {
		if !covered[key] {
			t.Errorf("no sample of the reason %q", key)
		}
	}
	return out
}

// untranslated reports what in a hint's text shows a message left
// unsaid: an id, a placeholder, a template's or fmt's complaint.
func untranslated(text string) string {
	for _, bad := range []string{"menara.", "hint.", "{", "}", "<no value>", "%!", "<nil>"} {
		if strings.Contains(text, bad) {
			return bad
		}
	}
	return ""
}

// TestReasonText says a reason of every key in every language: English as
// rules/menara/ai's own wording (Reason.String) followed by the step as a
// record writes it; Spanish and Italian in their own words, the piles and
// colours translated, the renew variant differing from the plain one.
func TestReasonText(t *testing.T) {
	cat := catalog(t)
	pos, err := mr.NewPosition(mr.Options{Players: notation.PlayerNames(2)}, 1)
	if err != nil {
		t.Fatal(err)
	}
	words := map[i18n.Lang][]string{
		i18n.English: {"yellow pile", "blue", "black column"},
		i18n.Spanish: {"mazo amarillo", "mazo azul", "columna negra", "campamento"},
		i18n.Italian: {"mazzo giallo", "mazzo blu", "colonna nera", "accampamento"},
	}
	for _, l := range i18n.Langs {
		p := cat.Printer(l)
		t.Run(string(l), func(t *testing.T) {
			seen := map[string]string{}
			all := ""
			for _, s := range reasonSamples(t) {
				if s.r.Key == ai.ReasonNone {
					continue // hintText says the game is over from the position
				}
				got := reasonText(p, &pos, s.step, s.r)
				all += got + "\n"
				if bad := untranslated(got); bad != "" {
					t.Errorf("%s: %q has %q", s.r.Key, got, bad)
				}
				if !strings.HasSuffix(got, " (`"+s.step.String()+"`)") {
					t.Errorf("%s: %q does not end with the step's record line", s.r.Key, got)
				}
				if l == i18n.English {
					if want := s.r.String() + " (`" + s.step.String() + "`)"; got != want {
						t.Errorf("%s:\n got %q\nwant %q", s.r.Key, got, want)
					}
				} else if en := reasonText(cat.Printer(i18n.English), &pos, s.step, s.r); got == en {
					t.Errorf("%s: %q is the English text", s.r.Key, got)
				}
				if renew, ok := s.r.Args["renew"].(bool); ok {
					if other, done := seen[s.r.Key]; done && other == got {
						t.Errorf("%s: renew %v reads as the other: %q", s.r.Key, renew, got)
					}
					seen[s.r.Key] = got
				}
			}
			for _, w := range words[l] {
				if !strings.Contains(all, w) {
					t.Errorf("no hint says %q:\n%s", w, all)
				}
			}
		})
	}
}

// TestTeammateHints asks the game for hints, with the teammates plugged
// in, at positions all through real games of 1 to 4 players: each one is
// the hard teammate's step (ai.HintWith), legal, said in every language as a
// sentence with nothing left untranslated; in English its reason is the
// teammates' own wording. At the end the game says it is over.
func TestTeammateHints(t *testing.T) {
	racetest.OneGoroutine(t)
	cat := catalog(t)
	g := New(Options{Computers: testThinking})
	keys := map[string]int{}
	games := 4
	if testing.Short() {
		games = 2
	}
	for i := range games {
		players := 1 + i%4
		positions := 0
		s := hintGame(t, players, mr.Difficulty(i%3), uint64(20+i), func(s *State) {
			if s.Moves()%7 != 3 {
				return
			}
			positions++
			seed := uint64(100 + s.Moves())
			step, r := ai.HintWith(t.Context(), positionOf(s), seed, testThinking)
			if err := positionOf(s).Check(step); err != nil {
				t.Fatalf("the hint %s is illegal: %v", step, err)
			}
			keys[r.Key]++
			for _, l := range i18n.Langs {
				text, err := g.Hint(t.Context(), s, positionOf(s).Turn(), seed, cat.Printer(l))
				if err != nil {
					t.Fatal(err)
				}
				if bad := untranslated(text); bad != "" || text == "" {
					t.Errorf("%s, after %d steps: %q has %q", l, s.Moves(), text, bad)
				}
				if !strings.HasSuffix(text, "(`"+step.String()+"`)") {
					t.Errorf("%s, after %d steps: %q is not the hard teammate's %s", l, s.Moves(), text, step)
				}
				if l == i18n.English && !strings.HasPrefix(text, r.String()+" (`") {
					t.Errorf("after %d steps: %q, want %q", s.Moves(), text, r.String())
				}
			}
		})
		if positions == 0 {
			t.Fatalf("game %d: no position asked", i)
		}
		for _, l := range i18n.Langs {
			text, _ := g.Hint(t.Context(), s, 0, 1, cat.Printer(l))
			if want := cat.Printer(l).T(tipNone); text != want {
				t.Errorf("%s: the hint of an ended game is %q, want %q", l, text, want)
			}
		}
	}
	if len(keys) < 3 {
		t.Errorf("the hints gave only the reasons %v", keys)
	}
	t.Logf("reasons: %v", keys)
}

// TestTeammateSeats: with teammates the game offers easy, medium and hard
// seats, whose computers play legal steps deterministically per seed and
// seat; without, none.
func TestTeammateSeats(t *testing.T) {
	if got := New(Options{NoComputers: true}).Levels(); len(got) != 0 {
		t.Errorf("without teammates the game offers %v", got)
	}
	g := New(Options{Computers: testThinking})
	if _, ok := g.Computer("random", 1, 0); ok {
		t.Error("a random teammate is offered")
	}
	st, err := g.Load("game menara\nplayers ana bob\ndifficulty medium\nhands steady\nseed 9\n")
	if err != nil {
		t.Fatal(err)
	}
	seat := positionOf(state(st)).Turn()
	for _, lv := range []string{"easy", "medium", "hard"} {
		c, ok := g.Computer(lv, 7, seat)
		if !ok {
			t.Fatalf("no %s teammate", lv)
		}
		line, err := c.Move(t.Context(), st)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := c.Move(t.Context(), st.Clone())
		if line != again {
			t.Errorf("%s: %q, then %q", lv, line, again)
		}
		if _, err := st.Clone().Play(line); err != nil {
			t.Errorf("%s: %q: %v", lv, line, err)
		}
	}
}
