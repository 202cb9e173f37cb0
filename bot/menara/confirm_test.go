package menara

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// fallingState plays hinted games until, before a step, one of the legal
// steps would make a floor fall as want says (a collapse, or a lift
// whose floor falls), and returns that state and step.
func fallingState(t *testing.T, want func(o *mr.Outlook) bool) (*State, mr.Step) {
	t.Helper()
	for seed := uint64(1); seed < 40; seed++ {
		var found *State
		var step mr.Step
		hintGame(t, 1, mr.Easy, seed, func(s *State) {
			if found != nil {
				return
			}
			pos := s.Position()
			for _, o := range pos.Outlooks(engine{}.Legal(pos)) {
				if want(&o) {
					found, step = s.Clone().(*State), o.Step
					return
				}
			}
		})
		if found != nil {
			return found, step
		}
	}
	t.Fatal("no hinted game offers such a step")
	return nil, mr.Step{}
}

// TestConfirmFalls: a step that would bring the temple down, or a lift
// whose floor would fall (the card lost), asks first in every face and
// every typed form: a short form, a record line typed in the terminal;
// only a record piped in is made as it stands (and a line ending in "!",
// which the host makes without asking: bot.Forms.Typed).
func TestConfirmFalls(t *testing.T) {
	p := catalog(t).Printer(i18n.English)
	g := New(Options{})
	for _, fall := range []struct {
		name string
		want func(o *mr.Outlook) bool
		says string
	}{
		{"collapse", func(o *mr.Outlook) bool { return o.Collapse }, "the temple collapses"},
		{"lift falls", func(o *mr.Outlook) bool { return o.LiftFalls && !o.Collapse }, "the card goes to the level row"},
	} {
		s, step := fallingState(t, fall.want)
		line := s.Line(step)
		tests := []struct {
			name    string
			confirm string
			piped   bool
			asks    bool
		}{
			{"short form", "", false, true},
			{"short form piped", "", true, true},
			{"record line typed", confirmRecord, false, true},
			{"record line piped", confirmRecord, true, false},
		}
		for _, tt := range tests {
			t.Run(fall.name+"/"+tt.name, func(t *testing.T) {
				req := &bot.Request{Kind: bot.CommandRequest, Piped: tt.piped, Options: map[string]string{}}
				if tt.confirm != "" {
					req.Options[optConfirm] = tt.confirm
				}
				a := &bot.Act{Request: req, State: s, Seat: int(step.Seat), Printer: p}
				q, err := g.Confirm(a, cmdFloor, bot.Values{}, line)
				if err != nil {
					t.Fatal(err)
				}
				if got := q != nil; got != tt.asks {
					t.Fatalf("%s: asks %v, want %v", line, got, tt.asks)
				}
				if q == nil {
					return
				}
				// The question says what would happen: "would fall", never
				// "fell".
				for _, want := range []string{fall.says, " would fall: ", "end the line with !"} {
					if !strings.Contains(q.Content, want) {
						t.Errorf("the question %q does not say %q", q.Content, want)
					}
				}
				if strings.Contains(q.Content, " fell") {
					t.Errorf("the question %q says a floor fell before the step is made", q.Content)
				}
			})
		}
	}
}

// TestMovesSteadiestFirst: moves lists the steps steadiest first, those
// that make a floor fall last and marked, each step on a floor with its
// margin; every line before its comment plays as it stands.
func TestMovesSteadiestFirst(t *testing.T) {
	g := New(Options{})
	for _, fall := range []struct {
		name string
		want func(o *mr.Outlook) bool
		mark string
	}{
		{"collapse", func(o *mr.Outlook) bool { return o.Collapse }, "# FALLS: the temple collapses"},
		{"lift falls", func(o *mr.Outlook) bool { return o.LiftFalls && !o.Collapse }, "# FALLS: not made, the card goes to the level row"},
	} {
		t.Run(fall.name, func(t *testing.T) {
			s, step := fallingState(t, fall.want)
			lines := g.MovesSaid(catalog(t).Printer(i18n.English), s)
			falling, margins := false, 0
			for i, l := range lines {
				line, comment, _ := strings.Cut(l, "  # ")
				if _, err := s.Clone().Play(line); err != nil {
					t.Errorf("line %d %q does not play: %v", i, line, err)
				}
				isFall := strings.HasPrefix(comment, "FALLS")
				if falling && !isFall {
					t.Errorf("line %d %q after a step that falls", i, l)
				}
				falling = falling || isFall
				if strings.Contains(comment, "margin ") {
					margins++
				}
				if line == s.Line(step) && !strings.HasSuffix(l, fall.mark) {
					t.Errorf("the falling step's line %q, want it marked %q", l, fall.mark)
				}
			}
			if !falling || margins == 0 {
				t.Errorf("got %d lines, a fall marked %v, %d with a margin; want a fall and margins:\n%s", len(lines), falling, margins, strings.Join(lines, "\n"))
			}
		})
	}
}

// TestMovesSaid: the moves list is written in the player's language: the
// colours by the language's codes, the comments in its words; every line
// before its comment reads typed in that language as the step it lists.
func TestMovesSaid(t *testing.T) {
	g := New(Options{})
	s, _ := fallingState(t, func(o *mr.Outlook) bool { return o.Collapse })
	record := g.Moves(s)
	tests := []struct {
		lang           i18n.Lang
		falls, margin  string
		codes, english string // a column's code in the language, and in records
	}{
		{i18n.English, "# FALLS: the temple collapses", "margin ", "YRKWB", "YRKWB"},
		{i18n.Spanish, "# CAE: el templo se derrumba", "margen ", "MRNLZ", "YRKWB"},
		{i18n.Italian, "# CADE: il tempio crolla", "margine ", "GRNIL", "YRKWB"},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang), func(t *testing.T) {
			p := catalog(t).Printer(tt.lang)
			lines := g.MovesSaid(p, s)
			if len(lines) != len(record) {
				t.Fatalf("%d lines, the record lists %d", len(lines), len(record))
			}
			all := strings.Join(lines, "\n")
			if !strings.Contains(all, tt.falls) || !strings.Contains(all, tt.margin) {
				t.Errorf("lacks %q or %q:\n%s", tt.falls, tt.margin, all)
			}
			pos := s.Position()
			seat := pos.Turn()
			for i, l := range lines {
				line, _, _ := strings.Cut(l, "  # ")
				got, ok, err := g.Typed(s, seat, strings.Fields(line)[1:], p)
				want, _, _ := g.Typed(s, seat, strings.Fields(record[i])[1:], p)
				if !ok || err != nil || got.Command != want.Command || got.Options[optColumn] != want.Options[optColumn] || got.Options[optGive] != want.Options[optGive] {
					t.Errorf("%q reads as %v %v %v; the record %q as %v", line, got, ok, err, record[i], want)
				}
				if f := strings.Fields(line); len(f) > 2 && f[1] == "column" {
					if c := strings.Index(tt.english, strings.Fields(record[i])[2]); c < 0 || f[2] != tt.codes[c:c+1] {
						t.Errorf("%q: the colour is not the language's code of %q", line, record[i])
					}
				}
			}
		})
	}
}
