package discord

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
	bmenara "github.com/tablebot/tablebot/bot/menara"
	bshangrila "github.com/tablebot/tablebot/bot/shangrila"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/internal/discordfake"
	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/rules"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/shangrila/ai"
	"github.com/tablebot/tablebot/store"
)

// The tests of this file play Menara through the fake Discord, on a bot
// that hosts both games: whole games by slash commands and by buttons, a
// collapse, a game given up card by card, bad input, two clicks at once,
// a restart in the middle of a turn, Spanish and Italian.

// menaraRenderer is built once for the package's tests.
var menaraRenderer = sync.OnceValues(rmenara.New)

// menaraCmd is Menara's slash command.
const menaraCmd = bmenara.Kind

// menaraShortSteps is how many steps the whole-game tests make with
// -short (the race detector's run, where every temple image costs ten
// times as much).
const menaraShortSteps = 4

// newMenaraHarness starts a fake Discord with the given users and a bot
// that hosts Shangri-La and Menara, with every image drawn.
func newMenaraHarness(t testing.TB, users ...string) *harness {
	t.Helper()
	return newMenaraHarnessWith(t, bmenara.Options{NoComputers: true}, true, users...)
}

// newMenaraHarnessWith is newMenaraHarness with Menara's options (its
// teammates), drawing Menara's images or not.
func newMenaraHarnessWith(t testing.TB, opts bmenara.Options, images bool, users ...string) *harness {
	t.Helper()
	cat, err := i18n.New(bshangrila.Source(), bmenara.Source())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	h := &harness{t: t, ctx: ctx, cat: cat, dbPath: filepath.Join(t.TempDir(), "tablebot.db")}
	fopts := patient(discordfake.Options{})
	h.answerWithin = fopts.AckDeadline
	h.fake = discordfake.New(t, fopts)
	h.world = h.fake.NewWorld(users...)
	h.board = testBoard(t, cat)
	if images {
		r, err := menaraRenderer()
		if err != nil {
			t.Fatal(err)
		}
		opts.Board, opts.Preview = bmenara.NewImages(r, cat)
	}
	h.games = func(h *harness) []bot.Game {
		return []bot.Game{
			bshangrila.New(bshangrila.Options{Board: h.board, Computers: ai.Options{Iterations: 200}}),
			bmenara.New(opts),
		}
	}
	h.start()
	t.Cleanup(h.stop)
	return h
}

// mslash runs /menara sub as user and waits for the bot to be done.
func (h *harness) mslash(user, sub string, opts ...discordfake.Option) *discordfake.Response {
	h.t.Helper()
	h.settle()
	r := h.fake.SlashCommand(user, h.world.Channel.ID, menaraCmd, sub, opts...).Wait(h.ctx)
	h.settle()
	return r
}

// mautocomplete returns the suggestions for option focused of /menara sub.
func (h *harness) mautocomplete(user, sub, focused, typed string, others ...discordfake.Option) []*discordgo.ApplicationCommandOptionChoice {
	h.t.Helper()
	return h.fake.Autocomplete(user, h.world.Channel.ID, menaraCmd, sub, focused, typed, others...).Wait(h.ctx).Choices
}

// menara returns the channel's Menara game as stored and its position,
// the archived game once it has ended (live false).
func (h *harness) menara() (g *store.Game, pos mr.Position, live bool) {
	h.t.Helper()
	g, st, err := h.bot.Table(h.ctx, h.world.Channel.ID)
	if rules.ErrorCode(err) == store.NotFound {
		gs, err := h.db.Archived(h.ctx, h.world.Channel.ID)
		if err != nil || len(gs) == 0 {
			h.t.Fatalf("no game, none archived: %v", err)
		}
		g = gs[len(gs)-1]
		loaded, err := bmenara.New(bmenara.Options{}).Load(g.Record())
		if err != nil {
			h.t.Fatal(err)
		}
		pos, _ = bmenara.PositionOf(loaded)
		return g, pos, false
	}
	if err != nil || st == nil {
		h.t.Fatalf("no game in play: %v", err)
	}
	pos, ok := bmenara.PositionOf(st)
	if !ok {
		h.t.Fatalf("the channel plays %s", g.Kind)
	}
	return g, pos, true
}

// mover returns the user to act.
func (h *harness) mover() string {
	h.t.Helper()
	g, pos, _ := h.menara()
	return g.Players[pos.Turn()].UserID
}

// checkMenaraPost checks a public board post of Menara: its image
// decodes, and it notifies exactly the player to act, or at the end
// everybody seated.
func (h *harness) checkMenaraPost(m *discordfake.Message) {
	h.t.Helper()
	if m == nil || m.Ephemeral() {
		h.t.Fatalf("no public board post: %v", m)
	}
	a := m.Attachment("board.png")
	if a == nil {
		h.t.Fatalf("the board post has no image: %q", m.Content)
	}
	if _, err := png.Decode(bytes.NewReader(a.Data)); err != nil {
		h.t.Fatalf("the board image does not decode: %v", err)
	}
	g, pos, live := h.menara()
	if !live || pos.Phase() == mr.Over {
		var want []string
		for _, p := range g.Players {
			if p.UserID != "" {
				want = append(want, p.UserID)
			}
		}
		if !sameUsers(m.Notified, want) || !sameUsers(m.Pinged, want) {
			h.t.Fatalf("the final board notifies %v (pings %v), want %v", m.Notified, m.Pinged, want)
		}
		return
	}
	want := g.Players[pos.Turn()].UserID
	if len(m.Pinged) != 1 || m.Pinged[0] != want || m.PingedEveryone || len(m.PingedRoles) > 0 {
		h.t.Fatalf("the board pings %v, want only %s: %q", m.Pinged, want, m.Content)
	}
	if len(m.Notified) != 1 || m.Notified[0] != want {
		h.t.Fatalf("the board notifies %v, want only %s (%d edits)", m.Notified, want, m.Edits)
	}
}

// openMenara opens a Menara table with every user seated, by slash
// commands, and returns the answer to start: the first board.
func (h *harness) openMenara(opts ...discordfake.Option) *discordfake.Response {
	h.t.Helper()
	opts = append([]discordfake.Option{discordfake.Opt("players", len(h.world.Users))}, opts...)
	if r := h.mslash(h.user(0), "new", opts...); r.Ephemeral() || !strings.Contains(r.Content(), "Menara") {
		h.t.Fatalf("new: %s", r)
	}
	for i := 1; i < len(h.world.Users); i++ {
		if r := h.mslash(h.user(i), "join"); r.Ephemeral() {
			h.t.Fatalf("join: %s", r)
		}
	}
	r := h.mslash(h.user(0), "start")
	if r.Ephemeral() {
		h.t.Fatalf("start: %s", r)
	}
	return r
}

// teamStep is how the tests' team plays: a sensible step that keeps the
// temple standing (reveal a pile, now and then an exchange first; the
// column or move that leaves the temple steadiest, as high as it can; a
// new floor where it stands steadiest; give up when nothing else is
// left). With collapse set, it places or moves a column that brings the
// temple down as soon as there is one.
func teamStep(pos *mr.Position, rng *rand.Rand, collapse bool) mr.Step {
	seat := pos.Turn()
	legal := pos.LegalSteps(nil)
	switch pos.Stage() {
	case mr.Exchanging:
		var ex, rv []mr.Step
		for _, s := range legal {
			switch {
			case s.Kind == mr.Exchange && s.Give.Total() <= 2:
				ex = append(ex, s)
			case s.Kind == mr.Reveal:
				rv = append(rv, s)
			}
		}
		if len(ex) > 0 && rng.IntN(4) == 0 {
			return ex[rng.IntN(len(ex))]
		}
		if rng.IntN(2) == 0 {
			return rv[0] // the easiest pile left
		}
		return rv[rng.IntN(len(rv))]
	case mr.Closing:
		return mr.DoneStep(seat, rng.IntN(3) == 0 && pos.Check(mr.DoneStep(seat, true)) == nil)
	}
	var candidates []mr.Step
	if pos.Stage() == mr.NewFloor || pos.Stage() == mr.Building && isLift(pos) {
		for _, pl := range pos.Placements(nil) {
			if !pl.Collapse {
				return pl.Step
			}
		}
		return mr.GiveUpStep(seat, false)
	}
	for _, s := range legal {
		if s.Kind == mr.PlaceColumn || s.Kind == mr.MoveColumn {
			candidates = append(candidates, s)
		}
	}
	best, bestScore := mr.GiveUpStep(seat, false), -1<<62
	for _, s := range candidates {
		next, e, err := pos.Preview(s)
		if err != nil {
			continue
		}
		if e.Collapse {
			if collapse {
				return s
			}
			continue
		}
		least := 1 << 30
		for _, f := range next.PlacedFloors() {
			if m, ok := next.Margin(f); ok {
				least = min(least, m-mr.Delta(next.Level(f)))
			}
		}
		score := least/1000*100 + next.Level(s.To.Floor)
		if score > bestScore {
			best, bestScore = s, score
		}
	}
	return best
}

// isLift reports whether the card in play moves a floor and none has
// moved yet.
func isLift(pos *mr.Position) bool {
	c, ok := pos.Card()
	return ok && c.Type == mr.LiftCard && pos.Progress() == 0
}

// firstSafe returns the first suggestion that does not bring the temple
// down ("⚠️" marks those that do).
func firstSafe(t testing.TB, choices []*discordgo.ApplicationCommandOptionChoice, what string) string {
	t.Helper()
	for _, c := range choices {
		if utf8.RuneCountInString(c.Name) > 100 {
			t.Fatalf("%s: a suggestion longer than Discord's 100 characters: %q", what, c.Name)
		}
		if !strings.HasPrefix(c.Name, "⚠️") {
			return fmt.Sprint(c.Value)
		}
	}
	t.Fatalf("%s: no suggestion keeps the temple standing: %v", what, choices)
	return ""
}

// slashStep makes step by a slash command as user, using autocomplete
// for the places of floors (the first suggestion that keeps the temple
// standing: the steadiest), and returns the answer.
func (h *harness) slashStep(user string, s mr.Step) *discordfake.Response {
	h.t.Helper()
	o := discordfake.Opt
	switch s.Kind {
	case mr.Exchange:
		return h.mslash(user, "exchange", o("give", s.Give.String()), o("take", s.Take.String()))
	case mr.Reveal:
		return h.mslash(user, "reveal", o("pile", s.Pile.String()))
	case mr.PlaceColumn:
		return h.mslash(user, "place", o("column", string(s.Colour.Letter())), o("base", s.To.String()))
	case mr.MoveColumn:
		return h.mslash(user, "move", o("from", s.From.String()), o("to", s.To.String()))
	case mr.PlaceFloor, mr.Extend:
		code := firstSafe(h.t, h.mautocomplete(user, "floor", "placement", ""), "floor")
		return h.mslash(user, "floor", o("placement", code))
	case mr.Lift:
		floor := s.Floor.String()
		code := firstSafe(h.t, h.mautocomplete(user, "lift", "placement", "", o("floor", floor)), "lift")
		return h.mslash(user, "lift", o("floor", floor), o("placement", code))
	case mr.GiveUp:
		return h.mslash(user, "giveup", o("renew", s.Renew))
	}
	return h.mslash(user, "done", o("renew", s.Renew))
}

// TestMenaraSoloBySlashCommands: one player plays a whole game with
// slash commands only, and autocomplete for the floors; every step is
// answered with its board, which notifies the player, and the last with
// the result.
func TestMenaraSoloBySlashCommands(t *testing.T) {
	t.Parallel()
	h := newMenaraHarness(t, "ann")
	r := h.openMenara(discordfake.Opt("difficulty", "easy"))
	h.checkMenaraPost(r.Message)
	boards := 1
	defer func() { h.checkNotifications(boards) }()
	rng := rand.New(rand.NewPCG(1, 1))
	kinds := map[mr.Kind]int{}
	for steps := 0; ; steps++ {
		_, pos, live := h.menara()
		if !live {
			break
		}
		if testing.Short() && steps >= menaraShortSteps {
			return
		}
		s := teamStep(&pos, rng, false)
		r := h.slashStep(h.user(0), s)
		post := h.posted(r)
		if post == nil {
			t.Fatalf("step %d (%s) refused: %s", steps, s, r.Content())
		}
		h.checkMenaraPost(post)
		boards++
		kinds[s.Kind]++
		g, _, _ := h.menara()
		if len(g.Moves) != steps+1 {
			t.Fatalf("after step %d: %d moves stored", steps, len(g.Moves))
		}
	}
	last := h.fake.Messages(h.world.Channel.ID)
	if end := last[len(last)-1].Content; !strings.Contains(end, "won together") && !strings.Contains(end, "lost together") && !strings.Contains(end, "collapsed") {
		t.Errorf("the last post says no result: %q", end)
	}
	for _, k := range []mr.Kind{mr.Reveal, mr.PlaceColumn, mr.PlaceFloor} {
		if kinds[k] == 0 {
			t.Errorf("the game had no %s step: %v", k, kinds)
		}
	}
	t.Logf("%d boards: %v", boards, kinds)
}

// openMenaraByButtons opens a Menara table with /menara new, seats the
// other users by the lobby's Join button and starts by its Start
// button, and returns the first board, which the bot posts.
func (h *harness) openMenaraByButtons(opts ...discordfake.Option) *discordfake.Message {
	h.t.Helper()
	opts = append([]discordfake.Option{discordfake.Opt("players", len(h.world.Users))}, opts...)
	lobby := h.mslash(h.user(0), "new", opts...).Message
	for i := 1; i < len(h.world.Users); i++ {
		lobby = h.click(h.user(i), lobby, buttonWith(h.t, lobby, "join")).Message
	}
	if r := h.click(h.user(0), lobby, buttonWith(h.t, lobby, "start")); r.Ephemeral() {
		h.t.Fatalf("start: %s", r)
	}
	return h.fake.WaitForMessage(h.ctx, h.world.Channel.ID, func(m *discordfake.Message) bool {
		return !m.Ephemeral() && m.Attachment("board.png") != nil
	})
}

// private checks that a response is a private answer without an error,
// and returns its message.
func private(t testing.TB, r *discordfake.Response, what string) *discordfake.Message {
	t.Helper()
	if !r.Ephemeral() || strings.HasPrefix(r.Content(), "⚠️") {
		t.Fatalf("%s: %s", what, r)
	}
	return r.Message
}

// pickIn chooses value in a menu of a private message, turning its pages
// (the Next button) until the menu offers it.
func (h *harness) pickIn(user string, m *discordfake.Message, values ...string) *discordfake.Response {
	h.t.Helper()
	for range 50 {
		sm := menu(h.t, m)
		if hasOption(sm, values[0]) {
			return h.choose(user, m, sm.CustomID, values...)
		}
		next := ""
		for _, b := range m.Buttons() {
			if b.Label == "▶" && !b.Disabled {
				next = b.CustomID
			}
		}
		if next == "" {
			h.t.Fatalf("no page of %q offers %s", m.Content, values[0])
		}
		m = private(h.t, h.click(user, m, next), "next page")
	}
	h.t.Fatal("too many pages")
	return nil
}

// columnValues names columns as the exchange's menus do: Y0, Y1, R0...
func columnValues(cols mr.Columns) []string {
	var out []string
	for _, c := range mr.Colours {
		for i := range int(cols[c]) {
			out = append(out, fmt.Sprintf("%c%d", c.Letter(), i))
		}
	}
	return out
}

// firstSafeOption returns the first option of a place menu that does not
// bring the temple down, "" when all do.
func firstSafeOption(sm *discordgo.SelectMenu) string {
	for _, o := range sm.Options {
		if !strings.HasPrefix(o.Label, "⚠️") {
			return o.Value
		}
	}
	return ""
}

// checkPreview checks a floor's private preview: its image decodes, and
// it offers Confirm and Back.
func (h *harness) checkPreview(m *discordfake.Message) {
	h.t.Helper()
	a := m.Attachment("preview.png")
	if a == nil || len(m.Attachments) != 1 {
		h.t.Fatalf("the preview has attachments %v: %q", attachmentNames(m), m.Content)
	}
	if _, err := png.Decode(bytes.NewReader(a.Data)); err != nil {
		h.t.Fatalf("the preview does not decode: %v", err)
	}
	buttonWith(h.t, m, "ok")
}

// backButton returns the id of a preview's Back button.
func backButton(t testing.TB, m *discordfake.Message) string {
	t.Helper()
	for _, b := range m.Buttons() {
		if b.Emoji != nil && b.Emoji.Name == "◀️" {
			return b.CustomID
		}
	}
	t.Fatalf("no Back button on %q", m.Content)
	return ""
}

func attachmentNames(m *discordfake.Message) []string {
	var out []string
	for _, a := range m.Attachments {
		out = append(out, a.Filename)
	}
	return out
}

// buttonStep makes step through the board's buttons and the private
// menus, as user, and returns the next board, which the bot posts. A new
// floor or a moved one goes to the first place its list offers that keeps
// the temple standing (the steadiest); back is whether to go back from
// its preview to the list once. A step that brings the temple down is
// made all the same from its warning.
func (h *harness) buttonStep(board *discordfake.Message, user string, s mr.Step, back bool) *discordfake.Message {
	t := h.t
	t.Helper()
	before := len(h.fake.Messages(h.world.Channel.ID))
	var r *discordfake.Response
	warned := func(r *discordfake.Response) *discordfake.Response {
		if r.Ephemeral() && strings.Contains(r.Content(), "collapses") && r.Message.Button(buttonWith(t, r.Message, "ok")) != nil {
			return h.click(user, r.Message, buttonWith(t, r.Message, "ok"))
		}
		return r
	}
	switch s.Kind {
	case mr.Exchange:
		m := private(t, h.click(user, board, buttonWith(t, board, "exchange")), "exchange")
		m = private(t, h.choose(user, m, menu(t, m).CustomID, columnValues(s.Give)...), "give")
		r = h.choose(user, m, menu(t, m).CustomID, columnValues(s.Take)...)
	case mr.Reveal:
		m := private(t, h.click(user, board, buttonWith(t, board, "reveal:"+s.Pile.String())), "reveal")
		r = h.click(user, m, buttonWith(t, m, "ok"))
	case mr.PlaceColumn:
		m := private(t, h.click(user, board, buttonWith(t, board, "place")), "place")
		m = private(t, h.pickIn(user, m, string(s.Colour.Letter())), "colour")
		r = warned(h.pickIn(user, m, s.To.String()))
	case mr.MoveColumn:
		m := private(t, h.click(user, board, buttonWith(t, board, "move")), "move")
		m = private(t, h.pickIn(user, m, s.From.String()), "from")
		r = warned(h.pickIn(user, m, s.To.String()))
	case mr.PlaceFloor, mr.Extend, mr.Lift:
		var m *discordfake.Message
		if s.Kind == mr.Lift {
			m = private(t, h.click(user, board, buttonWith(t, board, "lift")), "lift")
			m = private(t, h.pickIn(user, m, s.Floor.String()), "lifted floor")
		} else {
			m = private(t, h.click(user, board, buttonWith(t, board, "floor")), "floor")
		}
		code := firstSafeOption(menu(t, m))
		if code == "" {
			t.Fatalf("no place keeps the temple standing: %q", m.Content)
		}
		p := private(t, h.pickIn(user, m, code), "preview")
		h.checkPreview(p)
		if back {
			list := private(t, h.click(user, p, backButton(t, p)), "back")
			if len(list.Attachments) != 0 {
				t.Fatalf("back at the list, the preview's image stays: %v", attachmentNames(list))
			}
			p = private(t, h.pickIn(user, list, code), "preview again")
			h.checkPreview(p)
		}
		r = h.click(user, p, buttonWith(t, p, "ok"))
	case mr.GiveUp, mr.Done:
		form := "giveup"
		if s.Kind == mr.Done {
			form = "done"
		}
		m := private(t, h.click(user, board, buttonWith(t, board, form)), "closing")
		r = h.click(user, m, buttonWith(t, m, fmt.Sprintf("ok:%s:%v", form, s.Renew)))
	}
	if !strings.HasPrefix(r.Content(), "✅") {
		t.Fatalf("%s by buttons: %s", s, r)
	}
	v := h.fake.WaitUntil(h.ctx, func(v *discordfake.View) bool {
		return len(v.Messages(h.world.Channel.ID)) > before && !v.LastMessage(h.world.Channel.ID).Ephemeral()
	})
	return v.LastMessage(h.world.Channel.ID)
}

// TestMenaraThreePlayersByButtons: three players play a whole game by
// the buttons and menus only (after /menara new): the lobby's Join and
// Start, then every step by the boards' buttons and private menus, each
// floor through its preview (every third one back to the list first). Every
// board notifies exactly the player to act.
func TestMenaraThreePlayersByButtons(t *testing.T) {
	t.Parallel()
	h := newMenaraHarness(t, "ann", "bob", "cat")
	board := h.openMenaraByButtons(discordfake.Opt("difficulty", "easy"), discordfake.Opt("hands", "shaky"))
	h.checkMenaraPost(board)
	boards := 1
	defer func() { h.checkNotifications(boards) }()
	rng := rand.New(rand.NewPCG(3, 3))
	kinds := map[mr.Kind]int{}
	floors := 0
	for steps := 0; ; steps++ {
		_, pos, live := h.menara()
		if !live {
			break
		}
		if testing.Short() && steps >= menaraShortSteps {
			return
		}
		s := teamStep(&pos, rng, false)
		back := false
		if s.Kind == mr.PlaceFloor || s.Kind == mr.Extend {
			floors++
			back = floors%3 == 1
		}
		board = h.buttonStep(board, h.mover(), s, back)
		h.checkMenaraPost(board)
		boards++
		kinds[s.Kind]++
	}
	for _, k := range []mr.Kind{mr.Exchange, mr.Reveal, mr.PlaceColumn, mr.PlaceFloor} {
		if kinds[k] == 0 {
			t.Errorf("the game had no %s step: %v", k, kinds)
		}
	}
	t.Logf("%d boards: %v", boards, kinds)
}

// TestMenaraCollapse: a team that places a column that brings the temple
// down is warned privately (floor K would fall: do it, or give up the
// card) and, doing it all the same, loses: the last board says the
// temple collapsed and notifies everybody.
func TestMenaraCollapse(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a whole game; the full run plays it")
	}
	h := newMenaraHarness(t, "ann", "bob")
	board := h.openMenaraByButtons(discordfake.Opt("difficulty", "easy"))
	boards := 1
	defer func() { h.checkNotifications(boards) }()
	rng := rand.New(rand.NewPCG(5, 5))
	warned := false
	for steps := 0; ; steps++ {
		_, pos, live := h.menara()
		if !live {
			break
		}
		s := teamStep(&pos, rng, true)
		if s.Kind == mr.PlaceColumn || s.Kind == mr.MoveColumn {
			if _, e, _ := pos.Preview(s); e.Collapse && !warned {
				warned = true
				// The warning first, then Give up this card is offered too:
				// cancel once and come back.
				w := h.warning(board, s)
				if !strings.Contains(w.Content, "would fall") || w.Button(buttonWith(t, w, "ok:giveup:false")) == nil {
					t.Fatalf("the warning: %q", w.Content)
				}
				if r := h.click(h.mover(), w, buttonWith(t, w, "x")); r.Ephemeral() && strings.HasPrefix(r.Content(), "⚠️") {
					t.Fatalf("cancel: %s", r)
				}
				if g, _, _ := h.menara(); len(g.Moves) != steps {
					t.Fatal("a warning made the step")
				}
			}
		}
		board = h.buttonStep(board, h.mover(), s, false)
		h.checkMenaraPost(board)
		boards++
	}
	if !warned {
		t.Fatal("the game ended without a step that brings the temple down")
	}
	_, pos, _ := h.menara()
	if o := pos.Outcome(); o.Won || o.Reason != mr.Collapse {
		t.Fatalf("the game ended %+v, want a collapse", o)
	}
	if !strings.Contains(board.Content, "fell: the temple collapsed") || !strings.Contains(board.Content, "The temple collapsed: the game is lost") ||
		!strings.Contains(board.Content, "fell.") || !strings.Contains(board.Content, "Plan cards fulfilled") {
		t.Errorf("the last board: %q", board.Content)
	}
}

// warning opens the chain of a column's placement or move that brings
// the temple down, up to its warning, and returns the warning.
func (h *harness) warning(board *discordfake.Message, s mr.Step) *discordfake.Message {
	t := h.t
	t.Helper()
	user := h.mover()
	var m *discordfake.Message
	if s.Kind == mr.PlaceColumn {
		m = private(t, h.click(user, board, buttonWith(t, board, "place")), "place")
		m = private(t, h.pickIn(user, m, string(s.Colour.Letter())), "colour")
	} else {
		m = private(t, h.click(user, board, buttonWith(t, board, "move")), "move")
		m = private(t, h.pickIn(user, m, s.From.String()), "from")
	}
	r := h.pickIn(user, m, s.To.String())
	if !r.Ephemeral() || r.Type != discordgo.InteractionResponseUpdateMessage {
		t.Fatalf("the warning is not the menu updated in private: %s", r)
	}
	return r.Message
}

// TestMenaraGivenUp: a team that reveals a card and gives it up, turn
// after turn, by slash commands, raises the level row one level a card and
// loses when the last card is used; the reveal cannot be taken back.
func TestMenaraGivenUp(t *testing.T) {
	t.Parallel()
	h := newMenaraHarness(t, "ann", "bob")
	h.openMenara()
	boards := 1
	defer func() { h.checkNotifications(boards) }()
	_, start, _ := h.menara()
	required := start.Required()
	for turn := 0; ; turn++ {
		_, pos, live := h.menara()
		if !live {
			break
		}
		if testing.Short() && turn >= menaraShortSteps/2 {
			return
		}
		user := h.mover()
		pile := mr.BluePile
		for pos.PileLeft(pile) == 0 {
			pile++
		}
		r := h.mslash(user, "reveal", discordfake.Opt("pile", pile.String()))
		h.checkMenaraPost(r.Message)
		boards++
		if turn == 0 {
			// What the card showed cannot be unseen.
			wantPrivate(t, h.mslash(user, "undo"), "cannot be unseen")
		}
		r = h.mslash(user, "giveup", discordfake.Opt("renew", turn%3 == 1))
		post := h.posted(r)
		if post == nil || !strings.Contains(post.Content, "gave up the card") {
			t.Fatalf("turn %d: give up: %s", turn, r)
		}
		h.checkMenaraPost(post)
		boards++
		if _, after, _ := h.menara(); after.Required() != required+turn+1 {
			t.Fatalf("after %d cards given up the level row holds %d, want %d", turn+1, after.Required(), required+turn+1)
		}
	}
	_, pos, _ := h.menara()
	if o := pos.Outcome(); o.Won || o.Reason != mr.CardsUsed {
		t.Errorf("the game ended %+v, want lost when the cards ran out", o)
	}
	last := h.fake.Messages(h.world.Channel.ID)
	end := last[len(last)-1].Content
	for _, want := range []string{"the last plan card was used", "Plan cards fulfilled: 0; sent to the level row (given up or failed): " + strconv.Itoa(pos.Required()-required)} {
		if !strings.Contains(end, want) {
			t.Errorf("the last board lacks %q: %q", want, end)
		}
	}
}

// publicPosts returns how many public messages the channel holds.
func (h *harness) publicPosts() int {
	n := 0
	for _, m := range h.fake.Messages(h.world.Channel.ID) {
		if !m.Ephemeral() {
			n++
		}
	}
	return n
}

// mrecord returns the channel's Menara record and its players, to tell
// whether anything changed.
func (h *harness) mrecord() string {
	g, _, err := h.bot.Table(h.ctx, h.world.Channel.ID)
	if err != nil {
		return ""
	}
	return g.Record() + strings.Join(playerNames(g.Players), ",")
}

// TestMenaraBadInput sends bad input of every kind and checks that each
// gets a private answer in words, and that nothing changes and nothing is
// posted.
func TestMenaraBadInput(t *testing.T) {
	t.Parallel()
	h := newMenaraHarness(t, "ann", "bob", "eve")
	ann, bob, eve := h.user(0), h.user(1), h.user(2)
	o := discordfake.Opt
	h.mslash(ann, "new", o("players", 2))
	wantPrivate(t, h.mslash(ann, "reveal", o("pile", "blue")), "has not started")
	wantPrivate(t, h.mslash(ann, "new", o("players", 2)), "already")
	h.mslash(bob, "join")
	wantPrivate(t, h.mslash(eve, "start"), "Only")
	board := h.mslash(ann, "start").Message
	mover := h.mover()
	other := ann
	if other == mover {
		other = bob
	}
	before, posts := h.mrecord(), h.publicPosts()
	_, pos, _ := h.menara()
	hand := pos.Hand(pos.Turn())
	var missing mr.Colour // a colour the mover does not hold
	for _, c := range mr.Colours {
		if hand[c] == 0 {
			missing = c
		}
	}
	bad := []struct {
		name, user, sub string
		opts            []discordfake.Option
		want            string
	}{
		{"not seated", eve, "reveal", []discordfake.Option{o("pile", "red")}, "You are not playing"},
		{"not their turn", other, "reveal", []discordfake.Option{o("pile", "red")}, "turn, not"},
		{"building before the reveal", mover, "place", []discordfake.Option{o("column", "Y"), o("base", "A1")}, "Reveal a card first"},
		{"columns unreadable", mover, "exchange", []discordfake.Option{o("give", "QQ"), o("take", "R")}, "is not a set of columns"},
		{"columns not held", mover, "exchange", []discordfake.Option{o("give", strings.Repeat(string(missing.Letter()), 1)), o("take", "Y")}, "so you cannot give"},
		{"uneven exchange", mover, "exchange", []discordfake.Option{o("give", hand.String()[:1]), o("take", "YY")}, "as many columns"},
		{"no new floor", mover, "floor", []discordfake.Option{o("placement", "on A1 B1 C1 turn 0")}, "no new floor"},
		{"a placement that reads as nothing", mover, "floor", []discordfake.Option{o("placement", "somewhere nice")}, "is not"},
		{"a floor that is no floor", mover, "lift", []discordfake.Option{o("floor", "Z"), o("placement", "x")}, "is not a floor"},
		{"a base that is no base", mover, "move", []discordfake.Option{o("from", "K99"), o("to", "A1")}, "is not a base"},
		{"done too early", mover, "done", nil, "Ending the turn is for a card"},
		{"give up before the reveal", mover, "giveup", nil, "Reveal a card before"},
		{"undo with nothing to undo", mover, "undo", nil, "take back"},
	}
	for _, b := range bad {
		wantPrivate(t, h.mslash(b.user, b.sub, b.opts...), b.want)
	}
	if h.mrecord() != before || h.publicPosts() != posts {
		t.Fatal("bad input changed the game or posted something")
	}
	// The board's buttons refuse everyone but the player to act.
	wantPrivate(t, h.click(other, board, buttonWith(t, board, "reveal:blue")), "turn, not")
	wantPrivate(t, h.click(eve, board, buttonWith(t, board, "reveal:blue")), "You are not playing")
	// Nobody else gets suggestions.
	if got := h.mautocomplete(other, "exchange", "give", ""); len(got) != 0 {
		t.Errorf("suggestions for someone not to act: %v", got)
	}
	// A menu opened before the board moved on is stale.
	menuMsg := private(t, h.click(mover, board, buttonWith(t, board, "exchange")), "exchange menu")
	r := h.mslash(mover, "reveal", o("pile", "yellow"))
	h.checkMenaraPost(r.Message)
	before, posts = h.mrecord(), h.publicPosts()
	wantPrivate(t, h.choose(mover, menuMsg, menu(t, menuMsg).CustomID, "Y0"), "moved on")
	wantPrivate(t, h.click(mover, board, buttonWith(t, board, "reveal:blue")), "moved on")
	wantPrivate(t, h.mslash(mover, "reveal", o("pile", "red")), "revealed your card")
	wantPrivate(t, h.mslash(mover, "exchange", o("give", "Y"), o("take", "R")), "before you reveal")
	_, pos, _ = h.menara()
	if c, _ := pos.Card(); c.Type == mr.PlaceCard || c.Type == mr.OneFloorCard || c.Type == mr.FillCard {
		// An empty base of another colour than the column.
		var other mr.Base
	find:
		for _, f := range pos.PlacedFloors() {
			for i, spot := range pos.FloorBases(f) {
				if b := (mr.Base{Floor: f, N: uint8(i + 1)}); spot.Colour != missing && !pos.Column(b) {
					other = b
					break find
				}
			}
		}
		wantPrivate(t, h.mslash(mover, "place", o("column", string(missing.Letter())), o("base", other.String())), "Base "+other.String()+" is")
		wantPrivate(t, h.mslash(mover, "place", o("column", "X"), o("base", "A1")), "is not a colour")
	}
	wantPrivate(t, h.mslash(mover, "done"), "Ending the turn is for a card")
	if h.mrecord() != before || h.publicPosts() != posts {
		t.Fatal("bad input changed the game or posted something")
	}
}

// TestMenaraTwoClicksAtOnce: the player to act opens the same question
// twice and confirms in both at the same moment: exactly one reveal is
// made and posted, and the other click is answered privately.
func TestMenaraTwoClicksAtOnce(t *testing.T) {
	t.Parallel()
	h := newMenaraHarness(t, "ann", "bob")
	board := h.openMenara().Message
	mover := h.mover()
	var questions []*discordfake.Message
	for range 2 {
		questions = append(questions, private(t, h.click(mover, board, buttonWith(t, board, "reveal:yellow")), "reveal"))
	}
	posts := h.publicPosts()
	var hs []*discordfake.Interaction
	for _, q := range questions {
		hs = append(hs, h.fake.NewClick(mover, q, buttonWith(t, q, "ok")))
	}
	h.fake.Dispatch(hs...)
	var wg sync.WaitGroup
	answers := make([]*discordfake.Response, len(hs))
	for i, x := range hs {
		wg.Add(1)
		go func() { defer wg.Done(); answers[i] = x.Wait(h.ctx) }()
	}
	wg.Wait()
	h.settle()
	done := 0
	for _, r := range answers {
		if strings.HasPrefix(r.Content(), "✅") {
			done++
		} else if !r.Ephemeral() {
			t.Errorf("the losing click got a public answer: %q", r.Content())
		}
	}
	g, _, _ := h.menara()
	if len(g.Moves) != 1 || done != 1 {
		t.Fatalf("two clicks at once: %d steps stored, %d confirmed", len(g.Moves), done)
	}
	if n := h.publicPosts() - posts; n != 1 {
		t.Errorf("%d boards posted, want 1", n)
	}
	// Two slash commands at once: one step.
	_, pos, _ := h.menara()
	s := teamStep(&pos, rand.New(rand.NewPCG(1, 2)), false)
	if s.Kind != mr.PlaceColumn && s.Kind != mr.MoveColumn && s.Kind != mr.GiveUp {
		t.Fatalf("unexpected step %s", s)
	}
	sub, opts := "giveup", []discordfake.Option{}
	if s.Kind == mr.PlaceColumn {
		sub, opts = "place", []discordfake.Option{discordfake.Opt("column", string(s.Colour.Letter())), discordfake.Opt("base", s.To.String())}
	}
	c1 := h.fake.NewSlashCommand(mover, h.world.Channel.ID, menaraCmd, sub, opts...)
	c2 := h.fake.NewSlashCommand(mover, h.world.Channel.ID, menaraCmd, sub, opts...)
	h.fake.Dispatch(c1, c2)
	r1, r2 := c1.Wait(h.ctx), c2.Wait(h.ctx)
	h.settle()
	if g, _, _ := h.menara(); len(g.Moves) != 2 || r1.Ephemeral() == r2.Ephemeral() {
		t.Fatalf("two commands at once: %d steps, answers %q and %q", len(g.Moves), r1.Content(), r2.Content())
	}
}

// TestMenaraRestartMidTurn stops the bot in the middle of a turn (a card
// revealed, a column placed) and starts it again on the same database:
// the turn goes on from the latest board's buttons.
func TestMenaraRestartMidTurn(t *testing.T) {
	t.Parallel()
	h := newMenaraHarness(t, "ann", "bob")
	board := h.openMenara(discordfake.Opt("difficulty", "easy")).Message
	rng := rand.New(rand.NewPCG(9, 9))
	// Play until a card that places columns is half done.
	for steps := 0; steps < 60; steps++ {
		_, pos, _ := h.menara()
		if c, ok := pos.Card(); ok && pos.Stage() == mr.Building && pos.Progress() > 0 && c.Type == mr.PlaceCard && int(c.N) > pos.Progress() {
			break
		}
		board = h.buttonStep(board, h.mover(), teamStep(&pos, rng, false), false)
	}
	_, pos, _ := h.menara()
	if pos.Stage() != mr.Building || pos.Progress() == 0 {
		t.Fatalf("no turn half done: stage %s, progress %d", pos.Stage(), pos.Progress())
	}
	before := h.mrecord()
	h.stop()
	h.start()
	if got := h.fake.WaitSessions(h.ctx, 2); len(got) < 2 {
		t.Fatalf("the bot did not reconnect: %d sessions", len(got))
	}
	if h.mrecord() != before {
		t.Fatal("the game changed across the restart")
	}
	for range 4 {
		_, pos, live := h.menara()
		if !live {
			break
		}
		board = h.buttonStep(board, h.mover(), teamStep(&pos, rng, false), false)
		h.checkMenaraPost(board)
	}
	r := h.mslash(h.user(0), "history", discordfake.Opt("count", 20))
	if !r.Ephemeral() || strings.Count(r.Content(), "\n") < 5 {
		t.Errorf("history after the restart: %q", r.Content())
	}
}

// TestMenaraLanguages plays a whole game in Spanish and one in Italian
// (their first steps with -short), with users and a server in that
// language: the registered command's names, the boards, the buttons, the
// private menus, an error, the result and the rules guide all speak it.
func TestMenaraLanguages(t *testing.T) {
	for _, tt := range []struct {
		locale                    string
		exchange, yourTurn, error string
		revealed, guide, button   string
		end                       string
	}{
		{"es-ES", "intercambiar", "te toca", "no es un color", "reveló una tarjeta", "Menara: las reglas en breve", "Intercambiar", "juntos"},
		{"it", "scambia", "tocca a te", "non è un colore", "ha rivelato una carta", "Menara: le regole in breve", "Scambia", "insieme"},
	} {
		t.Run(tt.locale, func(t *testing.T) {
			t.Parallel()
			h := newMenaraHarness(t, "ana", "bea")
			h.setGuildLocale(tt.locale)
			h.setLocale(0, tt.locale)
			h.setLocale(1, tt.locale)
			cmd := h.fake.Command(h.world.Guild.ID, menaraCmd)
			if cmd == nil {
				t.Fatal("/menara is not registered")
			}
			found := false
			for _, sub := range cmd.Options {
				if sub.Name == "exchange" && sub.NameLocalizations[discordgo.Locale(tt.locale)] == tt.exchange {
					found = true
				}
			}
			if !found {
				t.Errorf("/menara exchange is not %q in %s", tt.exchange, tt.locale)
			}
			board := h.openMenara().Message
			if !strings.Contains(board.Content, tt.yourTurn) || strings.Contains(board.Content, "your turn") {
				t.Errorf("the first board: %q", board.Content)
			}
			if b := board.Button(buttonWith(t, board, "exchange")); b == nil || b.Label != tt.button {
				t.Errorf("the exchange button: %+v", b)
			}
			wantPrivate(t, h.mslash(h.mover(), "place", discordfake.Opt("column", "X"), discordfake.Opt("base", "A1")), tt.error)
			rng := rand.New(rand.NewPCG(4, 4))
			for i := 0; ; i++ {
				_, pos, live := h.menara()
				if !live || testing.Short() && i >= 3 {
					break
				}
				board = h.buttonStep(board, h.mover(), teamStep(&pos, rng, false), false)
				h.checkMenaraPost(board)
				if i == 0 && !strings.Contains(board.Content, tt.revealed) && !strings.Contains(board.Content, "🔁") {
					t.Errorf("the first step's board: %q", board.Content)
				}
				if strings.Contains(board.Content, "your turn") || strings.Contains(board.Content, " build:") {
					t.Errorf("English on a board: %q", board.Content)
				}
			}
			if _, _, live := h.menara(); !live && (!strings.Contains(board.Content, tt.end) || strings.Contains(board.Content, "together")) {
				t.Errorf("the last board: %q", board.Content)
			}
			r := h.mslash(h.user(0), "rules")
			if !r.Ephemeral() || !strings.Contains(r.Content(), tt.guide) {
				t.Errorf("the rules: %q", r.Content())
			}
		})
	}
}

// TestMenaraAutocomplete: the options suggest only the player's legal
// choices, within Discord's limits, narrowed by what is typed and by the
// options filled in.
func TestMenaraAutocomplete(t *testing.T) {
	t.Parallel()
	h := newMenaraHarness(t, "ann")
	h.openMenara(discordfake.Opt("difficulty", "easy"))
	user := h.user(0)
	values := func(cs []*discordgo.ApplicationCommandOptionChoice) []string {
		var out []string
		for _, c := range cs {
			if utf8.RuneCountInString(c.Name) > 100 || len(fmt.Sprint(c.Value)) > 100 {
				t.Errorf("a suggestion beyond Discord's limits: %q = %v", c.Name, c.Value)
			}
			out = append(out, fmt.Sprint(c.Value))
		}
		if len(out) > 25 {
			t.Errorf("%d suggestions; Discord takes 25", len(out))
		}
		return out
	}
	_, pos, _ := h.menara()
	hand := pos.Hand(0)
	gives := values(h.mautocomplete(user, "exchange", "give", ""))
	if len(gives) == 0 || gives[0] == "" {
		t.Fatalf("no exchange suggested: %v", gives)
	}
	for _, g := range gives {
		cols, ok := mr.ParseColumns(g)
		if !ok || !hand.Covers(cols) {
			t.Errorf("suggested giving %s, holding %s", g, hand)
		}
	}
	first := string(hand.String()[0])
	for _, take := range values(h.mautocomplete(user, "exchange", "take", "", discordfake.Opt("give", first))) {
		cols, _ := mr.ParseColumns(take)
		if cols.Total() != 1 || strings.Contains(take, first) || !pos.Camp().Covers(cols) {
			t.Errorf("for %s suggested taking %s from %s", first, take, pos.Camp())
		}
	}
	// Reveal a card that places columns, and look at the bases suggested.
	h.mslash(user, "reveal", discordfake.Opt("pile", "blue"))
	_, pos, _ = h.menara()
	var want []string
	for _, s := range pos.LegalSteps(nil) {
		if s.Kind == mr.PlaceColumn {
			want = append(want, s.To.String())
		}
	}
	if got := values(h.mautocomplete(user, "place", "base", "")); !slices.Equal(got, want[:min(25, len(want))]) {
		t.Errorf("bases: got %v, want %v", got, want)
	}
	c := pos.Hand(0).List()[0]
	for _, b := range values(h.mautocomplete(user, "place", "base", "", discordfake.Opt("column", string(c.Letter())))) {
		base, _ := mr.ParseBase(b)
		if col, _ := pos.BaseColour(base); col != c {
			t.Errorf("a %s column: suggested %s, which is %s", c, b, col)
		}
	}
	if got := values(h.mautocomplete(user, "place", "base", "zz")); len(got) != 0 {
		t.Errorf("nothing starts with zz: %v", got)
	}
	if got := values(h.mautocomplete(user, "floor", "placement", "")); len(got) != 0 {
		t.Errorf("places of a floor before any is to be placed: %v", got)
	}
}
