// Package clitest checks a game's registration with the binary (a
// cli.Game) for the tests of its bot/<game>/tools package: what the
// binary takes from it must agree with the game it hosts.
package clitest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/i18n"
)

// Check fails t where g does not hold together: a name of one lower-case
// word that is the hosted game's kind, a title, a catalogue that loads
// with the host's, and a terminal setup (if any) whose players, seats,
// names, words and flags fit the hosted game (see CheckLocal).
func Check(t testing.TB, g cli.Game) {
	t.Helper()
	name := g.Name()
	if name == "" || strings.ToLower(name) != name || strings.ContainsAny(name, " \t-_,|=") {
		t.Errorf("name %q: a game's name is one lower-case word", name)
	}
	if g.Title() == "" {
		t.Errorf("%s has no title", name)
	}
	cat, err := i18n.New(g.Source())
	if err != nil {
		t.Fatalf("%s's catalogue: %v", name, err)
	}
	hosted, err := g.Host(cat, cli.HostOptions{})
	if err != nil {
		t.Fatalf("hosting %s: %v", name, err)
	}
	if hosted.Kind() != name {
		t.Errorf("%s hosts a game of kind %q", name, hosted.Kind())
	}
	if l := g.Local(); l != nil {
		for _, problem := range CheckLocal(l, hosted.Seats(), hosted.NewOptions()) {
			t.Errorf("%s's Local: %s", name, problem)
		}
	}
}

// CheckLocal lists what is wrong with a game's terminal setup, whose
// hosted game takes seats: its players' default among them, n distinct
// seat names for every n of them that the game's own CheckName takes, its
// words in lower case, and its flags (the options opts of its new)
// described and distinct, their defaults among their values.
func CheckLocal(l *cli.Local, seats bot.Seats, opts []bot.OptionSpec) []string {
	var problems []string
	fail := func(format string, a ...any) { problems = append(problems, fmt.Sprintf(format, a...)) }
	if l.Players < seats.Min || l.Players > seats.Max {
		fail("%d players by default, not %d to %d", l.Players, seats.Min, seats.Max)
	}
	if l.NamesHelp == "" || l.Seats == nil {
		fail("NamesHelp and Seats are needed")
		return problems
	}
	checkSeats(l, seats, fail)
	for _, w := range l.Words {
		if w == "" || strings.ToLower(w) != w || strings.ContainsAny(w, " \t") {
			fail("word %q: words are single lower-case words", w)
		}
	}
	checkFlags(cli.OptionFlags(opts), fail)
	return problems
}

// checkSeats checks the seats' default names for every number of seats.
func checkSeats(l *cli.Local, seats bot.Seats, fail func(string, ...any)) {
	for n := seats.Min; n <= seats.Max; n++ {
		names := l.Seats(n)
		if len(names) != n || len(slices.Compact(slices.Sorted(slices.Values(names)))) != n {
			fail("Seats(%d) = %q: %d different names", n, names, n)
			continue
		}
		for i := range names {
			if l.CheckName == nil {
				break
			}
			if err := l.CheckName(names, i); err != nil {
				fail("its own seat name %q is refused: %v", names[i], err)
			}
		}
	}
}

// checkFlags checks the game's flags and their defaults.
func checkFlags(flags []cli.Flag, fail func(string, ...any)) {
	seen := map[string]bool{}
	for _, f := range flags {
		if f.Name == "" || strings.HasPrefix(f.Name, "-") || f.Usage == "" {
			fail("flag %+v: a flag has a name without dashes and a usage (the option's Help or values)", f)
		}
		if seen[f.Name] {
			fail("flag --%s twice", f.Name)
		}
		seen[f.Name] = true
		if f.Default == "" {
			continue
		}
		if v, err := f.Read(f.Default); err != nil || v != f.Default {
			fail("--%s's default %q is refused: %v", f.Name, f.Default, err)
		}
	}
}
