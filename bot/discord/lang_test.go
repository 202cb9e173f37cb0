package discord

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
	bshangrila "github.com/tablebot/tablebot/bot/shangrila"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/i18n/i18ntest"
	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// The tests of this file play in Spanish and Italian. Every expected text
// is looked up in the catalogue with the arguments the bot uses, and is
// also checked against the English text, so that a reply which fell back
// to English fails; a few words every language must show are checked
// literally besides.

// langCase is a language as Discord users meet it: their client's locale,
// disciplines typed in that language, and words the replies must show.
type langCase struct {
	name   string
	locale string // the users' and the server's Discord locale
	lang   i18n.Lang
	// healer and priest are the Healer and the Priest as a player of the
	// language types them into the master option.
	healer, priest string
	// village is the language's word for a village, healerName its name
	// of the Healer: the replies that mention them must show them.
	village, healerName string
}

var langCases = []langCase{
	{name: "Spanish", locale: "es-ES", lang: i18n.Spanish, healer: "sanador", priest: "sacerdote", village: "aldea", healerName: "Sanador"},
	{name: "Latin American Spanish", locale: "es-419", lang: i18n.Spanish, healer: "Sanador", priest: "SACERDOTE", village: "aldea", healerName: "Sanador"},
	{name: "Italian", locale: "it", lang: i18n.Italian, healer: "guaritore", priest: "prete", village: "villaggio", healerName: "Guaritore"},
}

// setLocale sets the Discord client locale of the i-th user.
func (h *harness) setLocale(i int, locale string) {
	h.t.Helper()
	u := h.world.Users[i]
	u.Locale = locale
	h.world.Users[i] = h.fake.AddUser(u)
}

// setGuildLocale sets the server's preferred locale.
func (h *harness) setGuildLocale(locale string) {
	h.t.Helper()
	g := h.world.Guild
	g.PreferredLocale = locale
	h.world.Guild = h.fake.AddGuild(g)
}

// hasWords checks that text holds every word, case-insensitively.
func hasWords(t testing.TB, what, text string, words ...string) {
	t.Helper()
	for _, w := range words {
		if !strings.Contains(strings.ToLower(text), strings.ToLower(w)) {
			t.Errorf("%s: %q lacks the word %q", what, text, w)
		}
	}
}

// privateText checks that an answer is private and returns its text.
func privateText(t testing.TB, what string, r *discordfake.Response) string {
	t.Helper()
	if !r.Ephemeral() {
		t.Errorf("%s: the answer is public: %q", what, r.Content())
	}
	return r.Content()
}

// publicText checks that an answer is public and returns its text.
func publicText(t testing.TB, what string, r *discordfake.Response) string {
	t.Helper()
	if r.Ephemeral() {
		t.Fatalf("%s: the answer is private: %q", what, r.Content())
	}
	return r.Content()
}

// buttonLabels returns the labels of a message's buttons.
func buttonLabels(m *discordfake.Message) []string {
	var out []string
	for _, b := range m.Buttons() {
		out = append(out, b.Label)
	}
	return out
}

// hasButton checks that a message has a button labelled want and none
// labelled en.
func hasButton(t testing.TB, m *discordfake.Message, want, en string) {
	t.Helper()
	labels := buttonLabels(m)
	var found bool
	for _, l := range labels {
		found = found || l == want
		if l == en && want != en {
			t.Errorf("a button is labelled in English %q: %q", en, labels)
		}
	}
	if !found {
		t.Errorf("no button %q among %q", want, labels)
	}
}

// markOf is the emoji the bot writes beside a colour.
func markOf(c shangrila.Colour) string {
	return map[shangrila.Colour]string{shangrila.Red: "🔴", shangrila.Blue: "🔵", shangrila.Yellow: "🟡", shangrila.Violet: "🟣"}[c]
}

// turnLine is the line of a board post that says who is to move.
func turnLine(userID string, pos *shangrila.Position) i18ntest.Msg {
	id := "bot.turn.play"
	if pos.Phase() == shangrila.SetupPhase {
		id = "bot.turn.setup"
	}
	return i18ntest.T(id, "mention", "<@"+userID+">", "mark", markOf(pos.Turn()), "colour", pos.Turn())
}

// TestPlayInLanguage plays the first moves of a game in a server whose
// preferred locale is Spanish or Italian, with players whose Discord is in
// that language, and one English onlooker: public posts follow the server,
// private answers follow each reader.
func TestPlayInLanguage(t *testing.T) {
	for _, lc := range langCases {
		t.Run(lc.name, func(t *testing.T) {
			if testing.Short() && lc.locale == "es-419" {
				t.Skip("the same Spanish as es-ES; the short run plays one game per language")
			}
			t.Parallel()
			h := newHarness(t, discordfake.Options{}, "ana", "bruno", "carla", "dan")
			h.setGuildLocale(lc.locale)
			for i := range 3 {
				h.setLocale(i, lc.locale) // dan keeps en-US
			}
			p, en := h.cat.Printer(lc.lang), h.cat.Printer(i18n.English)
			ana, bruno, carla, dan := h.user(0), h.user(1), h.user(2), h.user(3)
			opt := discordfake.Opt

			// No game yet: a private answer in the asker's language.
			text := privateText(t, "status without a game", h.slash(ana, "status"))
			i18ntest.Says(t, h.cat, "status without a game", text, lc.lang, i18ntest.T("bot.err.no-game", "command", "/"+command))
			text = privateText(t, "status without a game, in English", h.slash(dan, "status"))
			hasWords(t, "status without a game, in English", text, en.T("bot.err.no-game", "command", "/"+command))

			// The lobby is public, in the server's language.
			r := h.slash(ana, "new", opt("players", 3))
			text = publicText(t, "new", r)
			i18ntest.Says(t, h.cat, "lobby", text, lc.lang, i18ntest.T("bot.lobby.title", "game", i18ntest.T("shangrila.title"), "creator", "ana", "seats", 3, "options", i18ntest.T("bot.lobby.start-setup")))
			i18ntest.Says(t, h.cat, "lobby", text, lc.lang, i18ntest.N("bot.lobby.how", 3, "creator", "ana"))
			hasButton(t, r.Message, p.T("bot.button.join"), en.T("bot.button.join"))
			if ms := r.Message.SelectMenus(); len(ms) != 1 || ms[0].Placeholder != p.T("bot.lobby.add-computer") {
				t.Errorf("the lobby's computer menu is not in %s", lc.lang)
			}
			for _, u := range []string{bruno, carla} {
				publicText(t, "join", h.slash(u, "join"))
			}
			// dan only watches; the full table refuses him in English.
			text = privateText(t, "a fourth join", h.slash(dan, "join"))
			hasWords(t, "a fourth join", text, en.T("bot.err.full", "seats", 3))

			r = h.slash(ana, "start")
			text = publicText(t, "start", r)
			h.checkBoardPost(r.Message)
			g, pos := h.game()
			i18ntest.Says(t, h.cat, "the first board", text, lc.lang, turnLine(userOf(g, pos.Turn()), pos))
			hasWords(t, "the first board", text, bshangrila.ColourName(p, pos.Turn()))
			hasButton(t, r.Message, p.T("bot.button.setup"), en.T("bot.button.setup"))
			hasButton(t, r.Message, p.T("bot.button.hint"), en.T("bot.button.hint"))

			// Someone not to move: the engine's reason, in their language.
			mover := pos.Turn()
			other := pos.Players()[0]
			if other == mover {
				other = pos.Players()[1]
			}
			m := shangrila.SetupMove(other, shangrila.VillageA, shangrila.Rainmaker)
			text = privateText(t, "not your turn", h.slash(userOf(g, other), "place", opt("village", "A"), opt("master", "rainmaker")))
			i18ntest.SaysError(t, h.cat, "not your turn", text, lc.lang, pos.Check(m))
			hasWords(t, "not your turn", text, bshangrila.ColourName(p, mover), bshangrila.ColourName(p, other))

			// The mover's illegal move and garbage, explained in their words.
			moverID := userOf(g, mover)
			m = shangrila.SetupMove(mover, shangrila.VillageC, shangrila.Healer)
			text = privateText(t, "village C", h.slash(moverID, "place", opt("village", "C"), opt("master", lc.healer)))
			i18ntest.SaysError(t, h.cat, "village C", text, lc.lang, pos.Check(m))
			hasWords(t, "village C", text, lc.village)
			text = privateText(t, "a wizard", h.slash(moverID, "place", opt("village", "A"), opt("master", "wizard")))
			i18ntest.Says(t, h.cat, "a wizard", text, lc.lang, i18ntest.T("notation.discipline", "word", "wizard"))

			// A move with the master named in the language: the public post
			// says what happened and whose turn it is now.
			r = h.slash(moverID, "place", opt("village", "A"), opt("master", lc.healer))
			text = publicText(t, "the first move", r)
			h.checkBoardPost(r.Message)
			i18ntest.Says(t, h.cat, "the first move", text, lc.lang, i18ntest.T("bot.did.setup", "player", mover, "discipline", shangrila.Healer, "village", shangrila.VillageA))
			hasWords(t, "the first move", text, lc.healerName, lc.village, bshangrila.ColourName(p, mover))
			g, pos = h.game()
			i18ntest.Says(t, h.cat, "the first move", text, lc.lang, turnLine(userOf(g, pos.Turn()), pos))

			// The next move through the board's button and private menus.
			board := r.Message
			mover = pos.Turn()
			moverID = userOf(g, mover)
			r = h.click(moverID, board, buttonWith(t, board, "place"))
			text = privateText(t, "the village menu", r)
			i18ntest.Says(t, h.cat, "the village menu", text, lc.lang, i18ntest.T("bot.menu.place-village"))
			sm := menu(t, r.Message)
			if !hasOption(sm, "B") || sm.Placeholder != p.T("bot.menu.place-village") {
				t.Fatalf("the village menu: %+v", sm)
			}
			for _, o := range sm.Options {
				if o.Value == "B" && o.Label != p.T("bot.menu.village", "village", shangrila.VillageB) {
					t.Errorf("village B is offered as %q", o.Label)
				}
			}
			r = h.choose(moverID, r.Message, sm.CustomID, "B")
			i18ntest.Says(t, h.cat, "the master menu", privateText(t, "the master menu", r), lc.lang, i18ntest.T("bot.menu.place-master"))
			sm = menu(t, r.Message)
			var labels []string
			for _, o := range sm.Options {
				labels = append(labels, o.Label)
			}
			hasWords(t, "the master menu", strings.Join(labels, "|"), bshangrila.DisciplineName(p, shangrila.Priest), bshangrila.DisciplineName(p, shangrila.Rainmaker))
			before := len(h.fake.Messages(h.world.Channel.ID))
			r = h.choose(moverID, r.Message, sm.CustomID, shangrila.Priest.String())
			i18ntest.Says(t, h.cat, "the menu's end", r.Content(), lc.lang, i18ntest.T("bot.menu.done"))
			post := h.fake.WaitUntil(h.ctx, func(v *discordfake.View) bool {
				last := v.LastMessage(h.world.Channel.ID)
				return len(v.Messages(h.world.Channel.ID)) > before && last != nil && !last.Ephemeral()
			}).LastMessage(h.world.Channel.ID)
			h.checkBoardPost(post)
			i18ntest.Says(t, h.cat, "the move by menus", post.Content, lc.lang, i18ntest.T("bot.did.setup", "player", mover, "discipline", shangrila.Priest, "village", shangrila.VillageB))

			// A slash move with the other discipline typed in the language.
			g, pos = h.game()
			mover = pos.Turn()
			r = h.slash(userOf(g, mover), "place", opt("village", "D"), opt("master", lc.priest))
			text = publicText(t, "the third move", r)
			h.checkBoardPost(r.Message)
			hasWords(t, "the third move", text, bshangrila.DisciplineName(p, shangrila.Priest), bshangrila.ColourName(p, mover))

			// Status and history, privately in the reader's language.
			text = privateText(t, "status", h.slash(ana, "status"))
			i18ntest.Says(t, h.cat, "status", text, lc.lang, i18ntest.N("bot.status.setup", 3))
			hasWords(t, "status", text, bshangrila.DisciplineName(p, shangrila.Firekeeper), lc.village)
			text = privateText(t, "status, in English", h.slash(dan, "status"))
			hasWords(t, "status, in English", text, en.N("bot.status.setup", 3))
			text = privateText(t, "history", h.slash(bruno, "history"))
			i18ntest.Says(t, h.cat, "history", text, lc.lang, i18ntest.N("bot.history.title", 3))
			hasWords(t, "history", text, lc.healerName)
			text = privateText(t, "a spectator's move", h.slash(dan, "place", opt("village", "E"), opt("master", "rainmaker")))
			hasWords(t, "a spectator's move", text, en.T("bot.err.not-player"))

			// The rules guide, page by page, in the reader's language.
			guide, guideEn := p.Sections("guide"), en.Sections("guide")
			r = h.slash(carla, "rules")
			text = privateText(t, "rules", r)
			if text != guide[0] {
				t.Errorf("the guide's first page:\n%s\nwant:\n%s", text, guide[0])
			}
			if text == guideEn[0] {
				t.Errorf("the guide is in English")
			}
			hasButton(t, r.Message, p.T("bot.button.next"), en.T("bot.button.next"))
			r = h.click(carla, r.Message, buttonWith(t, r.Message, "rules"))
			if r.Content() != guide[1] {
				t.Errorf("the guide's second page:\n%s\nwant:\n%s", r.Content(), guide[1])
			}
		})
	}
}

// TestChannelLanguage: /shangrila language sets the language of a
// channel's public posts, over the server's preferred locale, for the next
// game and for the game under way; private answers keep following each
// reader's own locale.
func TestChannelLanguage(t *testing.T) {
	h := newHarness(t, discordfake.Options{}, "ana", "bruno", "carla")
	h.setGuildLocale("es-ES") // the server prefers Spanish; the channel will speak Italian
	it, es, en := h.cat.Printer(i18n.Italian), h.cat.Printer(i18n.Spanish), h.cat.Printer(i18n.English)
	ana := h.user(0)
	opt := discordfake.Opt

	text := publicText(t, "language it", h.slash(ana, "language", opt("language", "it")))
	i18ntest.Says(t, h.cat, "language it", text, i18n.Italian, i18ntest.T("bot.language.set", "language", "Italiano"))
	hasWords(t, "language it", text, "Italiano")

	r := h.openTable("")
	text = r.Content()
	g, pos := h.game()
	i18ntest.Says(t, h.cat, "the first board", text, i18n.Italian, turnLine(userOf(g, pos.Turn()), pos))
	if strings.Contains(text, turnLine(userOf(g, pos.Turn()), pos).In(es)) {
		t.Errorf("the channel's Italian lost to the server's Spanish: %q", text)
	}
	hasButton(t, r.Message, it.T("bot.button.setup"), en.T("bot.button.setup"))
	// The users' Discord is in English: their private answers are too.
	hasWords(t, "status in English", privateText(t, "status in English", h.slash(ana, "status")), en.N("bot.status.setup", 0))

	// Switching during the game: the next public post is in Spanish.
	text = publicText(t, "language es", h.slash(ana, "language", opt("language", "es")))
	i18ntest.Says(t, h.cat, "language es", text, i18n.Spanish, i18ntest.T("bot.language.set", "language", "Español"))
	r = h.slash(ana, "board")
	text = publicText(t, "board", r)
	h.checkBoardRepost(r.Message)
	i18ntest.Says(t, h.cat, "board", text, i18n.Spanish, i18ntest.T("bot.board.again"))
	i18ntest.Says(t, h.cat, "board", text, i18n.Spanish, turnLine(userOf(g, pos.Turn()), pos))
	hasButton(t, r.Message, es.T("bot.button.setup"), it.T("bot.button.setup"))

	// A reader whose Discord is in Italian reads their private answers in
	// Italian, whatever the channel speaks.
	h.setLocale(1, "it")
	text = privateText(t, "status in Italian", h.slash(h.user(1), "status"))
	i18ntest.Says(t, h.cat, "status in Italian", text, i18n.Italian, i18ntest.N("bot.status.setup", 0))
}

// Discord's rules for command texts: names are lower case letters, digits,
// - and _, 1 to 32 of them; descriptions and choice names 1 to 100
// characters; all the texts of a command, in one locale, at most 4000.
var commandName = regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)

const (
	maxDescription  = 100
	maxCommandTotal = 4000
)

// optionIDs returns the spec of an option of a subcommand.
func optionIDs(spec bot.CommandSpec, name string) bot.OptionSpec {
	for _, o := range spec.Options {
		if o.Name == name {
			return o
		}
	}
	return bot.OptionSpec{}
}

// choiceLabel returns the message id of the label of a choice of an
// option of a subcommand.
func choiceLabel(t *testing.T, h *harness, sub, option, value string) string {
	t.Helper()
	spec, _ := h.bot.Command(command, sub)
	for _, o := range spec.Options {
		for _, c := range o.Choices {
			if o.Name == option && c.Value == value {
				return c.Label
			}
		}
	}
	t.Fatalf("/%s %s has no choice %s", sub, option, value)
	return ""
}

// TestLocalizedCommand checks the registered /shangrila command in every
// Discord locale of Spanish and Italian: the command, each subcommand,
// option and choice has its name and description in the catalogue's
// words, within Discord's limits, and the names of siblings stay distinct.
func TestLocalizedCommand(t *testing.T) {
	h := newHarness(t, discordfake.Options{})
	cmd := h.fake.Command(h.world.Guild.ID, command)
	if cmd == nil {
		t.Fatal("the command is not registered in the guild")
	}
	en := h.cat.Printer(i18n.English)
	for _, lang := range []i18n.Lang{i18n.Spanish, i18n.Italian} {
		p := h.cat.Printer(lang)
		for _, loc := range lang.DiscordLocales() {
			t.Run(loc, func(t *testing.T) {
				locale := discordgo.Locale(loc)
				var total int
				// text checks one localised text against its message id.
				text := func(what string, m map[discordgo.Locale]string, id string, max int, name bool) string {
					t.Helper()
					got, ok := m[locale]
					if !ok {
						t.Errorf("%s: no %s text", what, loc)
						return ""
					}
					if want := p.T(id); got != want {
						t.Errorf("%s: %q, want %q (%s)", what, got, want, id)
					}
					if n := utf8.RuneCountInString(got); n < 1 || n > max {
						t.Errorf("%s: %q has %d characters, want 1 to %d", what, got, n, max)
					}
					if name && (!commandName.MatchString(got) || strings.ToLower(got) != got) {
						t.Errorf("%s: %q is not a Discord command name", what, got)
					}
					if !name && got == en.T(id) && !strings.HasPrefix(id, "choice.language.") {
						t.Errorf("%s: %q is the English text", what, got)
					}
					total += utf8.RuneCountInString(got)
					return got
				}
				deref := func(m *map[discordgo.Locale]string) map[discordgo.Locale]string {
					if m == nil {
						return nil
					}
					return *m
				}
				total += utf8.RuneCountInString(cmd.Name)
				text("the command's description", deref(cmd.DescriptionLocalizations), "cmd."+command+".desc", maxDescription, false)
				subs := map[string]string{}
				for _, sub := range cmd.Options {
					what := "/" + command + " " + sub.Name
					spec, _ := h.bot.Command(command, sub.Name)
					name := text(what+" name", sub.NameLocalizations, spec.NameID, 32, true)
					if prev, dup := subs[name]; dup {
						t.Errorf("%s and %s are both called %q", prev, what, name)
					}
					subs[name] = what
					text(what+" description", sub.DescriptionLocalizations, spec.DescID, maxDescription, false)
					opts := map[string]string{}
					for _, o := range sub.Options {
						what := what + " " + o.Name
						oid := optionIDs(spec, o.Name)
						name := text(what+" name", o.NameLocalizations, oid.NameID, 32, true)
						if prev, dup := opts[name]; dup {
							t.Errorf("%s and %s are both called %q", prev, what, name)
						}
						opts[name] = what
						text(what+" description", o.DescriptionLocalizations, oid.DescID, maxDescription, false)
						for _, c := range o.Choices {
							id := choiceLabel(t, h, sub.Name, o.Name, fmt.Sprint(c.Value))
							text(fmt.Sprintf("%s choice %v", what, c.Value), c.NameLocalizations, id, maxDescription, false)
							total += len(fmt.Sprint(c.Value))
						}
					}
				}
				if total > maxCommandTotal {
					t.Errorf("the command holds %d characters in %s, Discord allows %d", total, loc, maxCommandTotal)
				}
				t.Logf("%s: %d characters", loc, total)
			})
		}
	}
	// Spanish has one text for Spain and Latin America.
	for _, sub := range cmd.Options {
		if a, b := sub.NameLocalizations["es-ES"], sub.NameLocalizations["es-419"]; a != b {
			t.Errorf("%s: es-ES %q, es-419 %q", sub.Name, a, b)
		}
	}
}
