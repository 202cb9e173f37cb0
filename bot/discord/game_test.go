package discord

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// slashOptions returns the subcommand and options that make move m.
func slashOptions(m shangrila.Move) (string, []discordfake.Option) {
	switch m.Kind {
	case shangrila.Setup, shangrila.Place:
		s := m.Sites[0]
		return "place", []discordfake.Option{discordfake.Opt("village", s.Village.String()), discordfake.Opt("master", s.Discipline.String())}
	case shangrila.Recruit:
		sites := m.Recruited()
		opts := []discordfake.Option{discordfake.Opt("village", sites[0].Village.String()), discordfake.Opt("master", sites[0].Discipline.String())}
		if len(sites) == 2 {
			opts = append(opts, discordfake.Opt("village2", sites[1].Village.String()), discordfake.Opt("master2", sites[1].Discipline.String()))
		}
		return "recruit", opts
	case shangrila.Journey:
		return "journey", []discordfake.Option{discordfake.Opt("from", m.From.String()), discordfake.Opt("to", m.To.String())}
	}
	return "", nil
}

// TestGameBySlashCommands plays whole games with slash commands only.
func TestGameBySlashCommands(t *testing.T) {
	tests := []struct {
		name  string
		users []string
		start string
	}{
		{"four players from setup", []string{"ann", "bob", "cat", "dan"}, "setup"},
		{"three players from the suggested start", []string{"ann", "bob", "cat"}, "suggested"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, discordfake.Options{}, tt.users...)
			r := h.openTable(tt.start)
			h.checkBoardPost(r.Message)
			boards := 1
			defer func() { h.checkNotifications(boards) }()
			rng := rand.New(rand.NewPCG(uint64(len(tt.users)), 7))
			for moves := 0; !testing.Short() || moves < shortMoves; moves++ {
				g, pos := h.game()
				if pos.Phase() == shangrila.Over {
					t.Fatal("the game ended without its final post")
				}
				m := randomMove(rng, pos)
				sub, opts := slashOptions(m)
				r := h.slash(userOf(g, m.Player), sub, opts...)
				post := h.posted(r)
				if post == nil {
					t.Fatalf("move %d (%s): refused: %s", moves, m, r.Content())
				}
				h.checkBoardPost(post)
				boards++
				if strings.Contains(post.Content, "The game is over") {
					break
				}
			}
			if testing.Short() {
				return
			}
			// The game is archived and the channel is free.
			r = h.slash(h.user(0), "status")
			if !r.Ephemeral() || !strings.Contains(r.Content(), "There is no game in this channel") {
				t.Errorf("after the end: %s", r)
			}
		})
	}
}
