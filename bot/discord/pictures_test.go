package discord

import (
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/render"
)

var pictures = flag.Bool("pictures", false, "draw the README's pictures into ../../docs/images/ (TestREADMEPictures)")

// picturesDir is where TestREADMEPictures writes, from this package.
const picturesDir = "../../docs/images"

// pictureMoves is how many moves the filmed game of the README plays
// before two players resign: a short film, a few hundred kilobytes.
const pictureMoves = 16

// TestREADMEPictures draws the README's pictures from what the fake
// Discord holds after real games through the bot: a turn DM, the
// game-over post's timelapse, a leaderboard. It runs only with
// -pictures: go test ./bot/discord -run TestREADMEPictures -pictures
func TestREADMEPictures(t *testing.T) {
	if !*pictures {
		t.Skip("draws the README's pictures: run with -pictures")
	}
	fonts, err := render.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(picturesDir, 0o755); err != nil {
		t.Fatal(err)
	}
	h := newFilmHarness(t, true, "ann", "bob", "cat")
	names := map[string]string{}
	for _, u := range h.world.Users {
		names[u.ID] = u.Username
	}
	write := func(name string, m *discordfake.Message, heading string) {
		t.Helper()
		data, err := drawCard(fonts, m, cardOptions{Names: names, Heading: heading, Time: "Today at 20:15"})
		if err != nil {
			t.Fatal(err)
		}
		h.writePicture(name, data)
	}
	ann := h.user(0)
	h.notify(ann, bot.NotifyDM)
	h.openTable("suggested")
	rng := rand.New(rand.NewPCG(27, 11))
	var dm *discordfake.Message
	for range pictureMoves {
		g, pos := h.game()
		if userOf(g, pos.Turn()) == ann && len(h.dms(ann)) > 0 {
			dm = h.dms(ann)[len(h.dms(ann))-1]
		}
		if r := h.slashMove(userOf(g, pos.Turn()), randomMove(rng, pos)); r == nil {
			t.Fatal("a move refused")
		}
	}
	if dm == nil {
		t.Fatal("ann had no turn DM")
	}
	write("turn-dm.png", dm, "Direct message")
	post := h.endByResigning(1, 2)
	h.writePicture("timelapse.gif", post.Attachment(bot.FilmName).Data)
	h.openTable("suggested")
	h.endByResigning(0, 2) // bob wins this one
	h.settle()
	r := h.fake.SlashCommand(h.user(2), h.world.Channel.ID, bot.PersonCommand, "leaderboard", discordfake.Opt("game", "shangrila")).Wait(h.ctx)
	if r.Message == nil || !strings.Contains(r.Content(), "🏆") {
		t.Fatalf("the leaderboard: %s", r)
	}
	write("leaderboard.png", r.Message, "#games")
}

// writePicture writes a picture of the README, and logs its size.
func (h *harness) writePicture(name string, data []byte) {
	h.t.Helper()
	if err := os.WriteFile(filepath.Join(picturesDir, name), data, 0o644); err != nil {
		h.t.Fatal(err)
	}
	h.t.Logf("%s: %d bytes", name, len(data))
}

// endByResigning has the players of the given seats of the harness's
// users resign, which ends the game, and returns the game-over post.
func (h *harness) endByResigning(users ...int) *discordfake.Message {
	h.t.Helper()
	for _, i := range users {
		r := h.slash(h.user(i), "resign")
		h.click(h.user(i), r.Message, buttonWith(h.t, r.Message, "rs"))
	}
	h.settle()
	ms := h.fake.Messages(h.world.Channel.ID)
	for i := len(ms) - 1; i >= 0; i-- {
		if strings.Contains(ms[i].Content, "The game is over") {
			return ms[i]
		}
	}
	h.t.Fatal("no game-over post")
	return nil
}
