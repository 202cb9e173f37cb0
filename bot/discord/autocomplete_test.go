package discord

import (
	"slices"
	"testing"

	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// TestAutocomplete: options autocomplete with the asker's legal choices
// only, narrowed by what is already filled in.
func TestAutocomplete(t *testing.T) {
	h := newHarness(t, discordfake.Options{}, "ann", "bob", "cat")
	h.openTable("suggested")
	g, pos := h.game()
	mover := userOf(g, pos.Turn())
	other := userOf(g, shangrila.Colours[1])
	values := func(r *discordfake.Response) []string {
		var out []string
		for _, c := range r.Choices {
			out = append(out, c.Value.(string))
		}
		return out
	}
	ask := func(user, sub, focused, typed string, others ...discordfake.Option) []string {
		t.Helper()
		return values(h.fake.Autocomplete(user, h.world.Channel.ID, command, sub, focused, typed, others...).Wait(h.ctx))
	}
	// Where the mover may place: the villages of their masters with an empty
	// space and a tile in supply.
	var want []string
	seen := map[string]bool{}
	for _, m := range pos.LegalMoves(nil) {
		if m.Kind == shangrila.Place && !seen[m.Sites[0].Village.String()] {
			seen[m.Sites[0].Village.String()] = true
			want = append(want, m.Sites[0].Village.String())
		}
	}
	slices.Sort(want)
	if got := ask(mover, "place", "village", ""); !slices.Equal(got, want) {
		t.Errorf("place villages: got %v, want %v", got, want)
	}
	if got := ask(other, "place", "village", ""); len(got) != 0 {
		t.Errorf("someone not to move gets suggestions: %v", got)
	}
	v := want[0]
	var masters []string
	for _, m := range pos.LegalMoves(nil) {
		if m.Kind == shangrila.Place && m.Sites[0].Village.String() == v {
			masters = append(masters, m.Sites[0].Discipline.String())
		}
	}
	if got := ask(mover, "place", "master", "", discordfake.Opt("village", v)); !slices.Equal(got, masters) {
		t.Errorf("masters in %s: got %v, want %v", v, got, masters)
	}
	// Typing narrows the choices.
	if got := ask(mover, "place", "master", "zzz", discordfake.Opt("village", v)); len(got) != 0 {
		t.Errorf("nothing starts with zzz: %v", got)
	}
	// At the start nobody has a student: no journey to suggest.
	if got := ask(mover, "journey", "from", ""); len(got) != 0 {
		t.Errorf("journeys without students: %v", got)
	}
}

// TestRegisteredCommand checks the command Discord received: every
// subcommand, and localised names and descriptions in Spanish and Italian.
// (The fake checks Discord's rules on names, lengths and locales itself.)
func TestRegisteredCommand(t *testing.T) {
	h := newHarness(t, discordfake.Options{})
	cmd := h.fake.Command(h.world.Guild.ID, command)
	if cmd == nil {
		t.Fatal("the command is not registered in the guild")
	}
	var subs []string
	for _, o := range cmd.Options {
		subs = append(subs, o.Name)
	}
	for _, want := range []string{"new", "join", "leave", "start", "place", "recruit", "journey", "board", "status", "history", "undo", "resign", "cancel", "rules", "hint", "language"} {
		if !slices.Contains(subs, want) {
			t.Errorf("no subcommand %s", want)
		}
	}
}
