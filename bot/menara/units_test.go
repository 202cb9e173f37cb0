package menara

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/internal/racetest"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// TestSeatNames: a seat is never named as one of the commands' words
// (notation.SeatNames makes the rest of a seat's name).
func TestSeatNames(t *testing.T) {
	tests := []struct {
		display, want []string
	}{
		{[]string{"ana", "Bob"}, []string{"ana", "Bob"}},
		{[]string{"Help", "moves", "history", "done"}, []string{"Help2", "moves2", "history2", "done2"}},
		{[]string{"game", "Computer", "place", "giveup"}, []string{"game2", "Computer2", "place2", "giveup2"}},
	}
	for _, tt := range tests {
		if got := SeatNames(tt.display); !slices.Equal(got, tt.want) {
			t.Errorf("SeatNames(%q) = %q, want %q", tt.display, got, tt.want)
		}
	}
}

// hintGame plays a game of steps the engine's hint suggests, calling each
// before every step.
func hintGame(t *testing.T, players int, d mr.Difficulty, seed uint64, each func(s *State)) *State {
	t.Helper()
	o := mr.Options{Players: notation.PlayerNames(players), Difficulty: d}
	g, err := mr.NewGame(o, seed)
	if err != nil {
		t.Fatal(err)
	}
	s := bot.NewReplay[mr.Position, mr.Step, *mr.Effects](engine{players: o.Players}, g.Start())
	for !s.Over() {
		each(s)
		step, _ := ai.Plain(positionOf(s))
		if _, err := s.Play(s.Line(step)); err != nil {
			t.Fatalf("hint %s: %v", step, err)
		}
	}
	return s
}

// TestMenusWithinDiscordLimits opens, before every step of whole games,
// every menu the board's buttons open and every autocomplete list: each
// menu holds at most 25 options with labels, values and descriptions
// within Discord's 100 characters, each custom id at most 100
// characters, each suggestion within 100 characters.
func TestMenusWithinDiscordLimits(t *testing.T) {
	racetest.OneGoroutine(t)
	cat := catalog(t)
	g := New(Options{NoComputers: true})
	games := 3
	if testing.Short() {
		games = 1
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		for _, lang := range i18n.Langs {
			p := cat.Printer(lang)
			checked := 0
			hintGame(t, 2, mr.Easy, seed, func(s *State) {
				board := bot.Action{Kind: Kind, Game: "abc123", Position: uint64(s.Moves())}
				req := &bot.Request{Kind: bot.ComponentRequest}
				act := func(a bot.Action, values ...string) (bot.Outcome, error) {
					req.Values = values
					return g.Act(t.Context(), &bot.Act{Request: req, Action: &a, Board: board, State: s, Seat: positionOf(s).Turn(), Printer: p, Names: playersOf(s)})
				}
				var visit func(m bot.Message, depth int)
				visit = func(m bot.Message, depth int) {
					checked++
					checkMessage(t, m)
					if depth > 2 {
						return
					}
					for _, row := range m.Rows {
						if row.Menu == nil || len(row.Menu.Options) == 0 {
							continue
						}
						a, _ := bot.ParseAction(row.Menu.ID)
						if out, err := act(a, row.Menu.Options[0].Value); err == nil && out.Move == "" {
							visit(out.Reply.Message, depth+1)
						}
					}
				}
				for _, row := range g.Buttons(p, s, board) {
					for _, b := range row.Buttons {
						a, _ := bot.ParseAction(b.ID)
						if b.Disabled || a.Step == bot.StepHint {
							continue
						}
						out, err := act(a)
						if err != nil {
							t.Fatalf("%s at step %d: %v", a.Step, s.Moves(), err)
						}
						visit(out.Reply.Message, 0)
					}
				}
				for _, c := range g.Commands() {
					for _, o := range c.Options {
						if !o.Autocomplete {
							continue
						}
						// The host keeps the first 25: the game lists the best first.
						for _, ch := range g.Choices(s, positionOf(s).Turn(), c.Name, o.Name, map[string]string{}, p) {
							if utf8.RuneCountInString(ch.Name) > 100 || utf8.RuneCountInString(ch.Value) > 100 || ch.Name == "" {
								t.Errorf("%s %s: choice %q = %q", c.Name, o.Name, ch.Name, ch.Value)
							}
						}
					}
				}
			})
			if checked < 100 {
				t.Errorf("%s: checked %d menus", lang, checked)
			}
		}
	}
}

// checkMessage checks a private message against Discord's limits.
func checkMessage(t *testing.T, m bot.Message) {
	t.Helper()
	if len([]rune(m.Content)) > 2000 || m.Content == "" {
		t.Errorf("content of %d characters: %q", len([]rune(m.Content)), m.Content)
	}
	if len(m.Rows) > 5 {
		t.Errorf("%d rows", len(m.Rows))
	}
	for _, row := range m.Rows {
		if len(row.Buttons) > 5 {
			t.Errorf("%d buttons in a row", len(row.Buttons))
		}
		for _, b := range row.Buttons {
			if len(b.ID) > 100 || len([]rune(b.Label)) > 80 {
				t.Errorf("button %q (%s)", b.Label, b.ID)
			}
		}
		if mu := row.Menu; mu != nil {
			if len(mu.Options) > 25 || len(mu.Options) == 0 || len(mu.ID) > 100 || len([]rune(mu.Placeholder)) > 150 {
				t.Errorf("menu %s of %d options", mu.ID, len(mu.Options))
			}
			values := map[string]bool{}
			for _, o := range mu.Options {
				if len([]rune(o.Label)) > 100 || len(o.Value) > 100 || len([]rune(o.Description)) > 100 || o.Label == "" || values[o.Value] {
					t.Errorf("menu option %q = %q (%q)", o.Label, o.Value, o.Description)
				}
				values[o.Value] = true
			}
			if mu.Max > len(mu.Options) {
				t.Errorf("menu %s takes %d of %d options", mu.ID, mu.Max, len(mu.Options))
			}
		}
	}
}

// TestUndoFrom: within a turn the steps since the reveal may be taken
// back; a reveal, a floor placed, a turn's end and a shaky roll may not.
func TestUndoFrom(t *testing.T) {
	g := New(Options{NoComputers: true})
	o := mr.Options{Players: notation.PlayerNames(1), Difficulty: mr.Easy}
	game, _ := mr.NewGame(o, 11)
	s := bot.NewReplay[mr.Position, mr.Step, *mr.Effects](engine{players: o.Players}, game.Start())
	barrier := 0
	for steps := 0; !s.Over() && steps < 200; steps++ {
		step, _ := ai.Plain(positionOf(s))
		e, err := s.Play(s.Line(step))
		if err != nil {
			t.Fatal(err)
		}
		x := e.(*mr.Effects)
		switch {
		case step.Kind == mr.Reveal, step.Kind == mr.PlaceFloor, step.Kind == mr.Extend, x.TurnOver, x.GameOver, x.Risk.Num > 0:
			barrier = s.Moves()
		}
		if got := g.UndoFrom(s); got != barrier {
			t.Fatalf("after %s (step %d): UndoFrom %d, want %d", step, s.Moves(), got, barrier)
		}
	}
}

// TestTyped reads the terminal's forms of every step.
func TestTyped(t *testing.T) {
	g := New(Options{NoComputers: true})
	p := catalog(t).Printer(i18n.English)
	st := bot.NewReplay[mr.Position, mr.Step, *mr.Effects](engine{}, mr.Position{})
	tests := []struct {
		line    string
		command string
		opts    map[string]string
	}{
		{"exchange YY for RB", cmdExchange, map[string]string{optGive: "YY", optTake: "RB", optConfirm: "record"}},
		{"exchange YY RB", cmdExchange, map[string]string{optGive: "YY", optTake: "RB"}},
		{"reveal yellow", cmdReveal, map[string]string{optPile: "yellow", optConfirm: "record"}},
		{"column R on K2", cmdPlace, map[string]string{optColumn: "R", optBase: "K2", optConfirm: "record"}},
		{"place R K2", cmdPlace, map[string]string{optColumn: "R", optBase: "K2"}},
		{"move K2 to M3", cmdMove, map[string]string{optFrom: "K2", optTo: "M3", optConfirm: "record"}},
		{"move K2 M3", cmdMove, map[string]string{optFrom: "K2", optTo: "M3"}},
		{"floor M on K2 K4 L1 at 3,-1 turn 2 dark", cmdFloor, map[string]string{optPlacement: "M on K2 K4 L1 at 3,-1 turn 2 dark", optConfirm: "record"}},
		{"floor on K2 K4 L1 turn 2", cmdFloor, map[string]string{optPlacement: "on K2 K4 L1 turn 2"}},
		{"extend N at 5,-3 turn 1", cmdExtend, map[string]string{optPlacement: "N at 5,-3 turn 1", optConfirm: "record"}},
		{"lift M to F1 G2 G4 turn 0", cmdLift, map[string]string{optFloor: "M", optPlacement: "to F1 G2 G4 turn 0", optConfirm: "record"}},
		{"give up", cmdGiveUp, map[string]string{optConfirm: "record"}},
		{"give up renew", cmdGiveUp, map[string]string{optRenew: "true", optConfirm: "record"}},
		{"giveup renew", cmdGiveUp, map[string]string{optRenew: "true"}},
		{"done renew", cmdDone, map[string]string{optRenew: "true", optConfirm: "record"}},
	}
	for _, tt := range tests {
		got, ok, err := g.Typed(st, 0, strings.Fields(tt.line), p)
		if !ok || err != nil || got.Command != tt.command || fmt.Sprint(got.Options) != fmt.Sprint(tt.opts) {
			t.Errorf("Typed(%q) = %+v, %v, %v; want %s %v", tt.line, got, ok, err, tt.command, tt.opts)
		}
	}
	for _, bad := range []string{"exchange YY", "column R K2 K3 K4", "give in", "lift M", "done renew now", "giveup now"} {
		if _, ok, err := g.Typed(st, 0, strings.Fields(bad), p); !ok || err == nil {
			t.Errorf("Typed(%q): %v, %v", bad, ok, err)
		}
	}
	if _, ok, _ := g.Typed(st, 0, []string{"dance"}, p); ok {
		t.Error("dance is a step")
	}
}

// TestHintPlaysLegally: the engine's hints, played whole games long, are
// always legal steps and never bring the temple down, and their words
// read in every language.
func TestHintPlaysLegally(t *testing.T) {
	cat := catalog(t)
	g := New(Options{NoComputers: true})
	rng := rand.New(rand.NewPCG(1, 1))
	for seed := uint64(1); seed <= 4; seed++ {
		s := hintGame(t, 1+int(seed%4), mr.Difficulty(seed%3), seed, func(s *State) {
			p := cat.Printer(i18n.Langs[rng.IntN(len(i18n.Langs))])
			text, err := g.Hint(t.Context(), s, positionOf(s).Turn(), 0, p)
			if err != nil || text == "" || strings.Contains(text, "menara.") || strings.Contains(text, "<no value>") {
				t.Fatalf("hint %q, %v", text, err)
			}
		})
		if positionOf(s).Outcome().Reason == mr.Collapse {
			t.Errorf("seed %d: the hints brought the temple down", seed)
		}
	}
}

// TestReadRenew: yes to renewing the camp is "renew", "yes" or the
// option's name in the asker's language; nothing is no (the forms' read
// of the option, bot.ReadYes).
func TestReadRenew(t *testing.T) {
	cat := catalog(t)
	var readRenew func(*i18n.Printer, string) (string, bool)
	for _, f := range New(Options{}).List {
		for _, q := range f.Params {
			if f.Name == cmdDone && q.Name == optRenew {
				readRenew = q.Read
			}
		}
	}
	tests := []struct {
		lang  i18n.Lang
		typed string
		want  string
		reads bool
	}{
		{i18n.English, "renew", "true", true},
		{i18n.English, "", "false", true},
		{i18n.Spanish, "Renovar", "true", true},
		{i18n.Spanish, "renew", "true", true},
		{i18n.Italian, "rinnova", "true", true},
		{i18n.Italian, "maybe", "maybe", false},
		{i18n.Italian, " Sì ", " Sì ", false},
		{i18n.English, "TRUE", "true", true},
		{i18n.English, "0", "false", true},
	}
	for _, tt := range tests {
		got, reads := readRenew(cat.Printer(tt.lang), tt.typed)
		if got != tt.want || reads != tt.reads {
			t.Errorf("%s %q: %q, %v; want %q, %v", tt.lang, tt.typed, got, reads, tt.want, tt.reads)
		}
	}
}
