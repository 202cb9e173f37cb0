package menara

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/i18n/i18ntest"
	"github.com/tablebot/tablebot/rules"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// rulesDir is the engine's source, notation included, read by the key
// scan.
const rulesDir = "../../rules/menara"

// internalKeys are error keys players never see: bad player lists the bot
// never builds (SeatNames gives valid ones), and the header lines of
// records, the JSON state and long lines, read only from files tablebot
// wrote or answered by the terminal itself (a record's header).
var internalKeys = []string{
	"notation.header.", "notation.game.", "notation.players.", "notation.difficulty", "notation.hands",
	"notation.seed", "notation.side", "notation.long", "notation.utf8", "notation.json", "notation.state",
}

func internalKey(key string) bool { return i18ntest.HasPrefix(key, internalKeys...) }

// keyScan finds the engine's error keys in its sources.
var keyScan = i18ntest.KeyScan{Prefixes: []string{"menara.", "notation."}, Helpers: []string{"illegal", "invalid", "invalidf"}, Skip: []string{"ai"}}

// TestEngineKeysHaveMessages fails when the engine or the notation can
// return a player-facing error whose key has no English message (the
// notation's under "menara.notation."), and when the English engine area
// keeps a message nothing returns.
func TestEngineKeysHaveMessages(t *testing.T) {
	c := catalog(t)
	keys := i18ntest.ErrorKeys(t, rulesDir, keyScan)
	var engine, notation int
	said := map[string]bool{}
	for key, where := range keys {
		if internalKey(key) {
			continue
		}
		id := key
		if strings.HasPrefix(key, "notation.") {
			notation++
			id = Kind + "." + key
		} else {
			engine++
		}
		said[id] = true
		if !c.Has(i18n.English, id) {
			t.Errorf("%s: error key %q has no English message %q (add it to locales/en/engine.toml)", where, key, id)
		}
	}
	if engine < 40 || notation < 15 {
		t.Fatalf("the scan of %s found %d menara.* and %d notation.* keys; expected many more", rulesDir, engine, notation)
	}
	areas, err := i18ntest.ReadAreas(locales)
	if err != nil {
		t.Fatal(err)
	}
	// Messages of the engine area that are not error keys.
	own := map[string]bool{"menara.word.side.light": true, "menara.word.side.dark": true}
	for id, area := range areas[i18n.English] {
		if area == "engine" && !said[id] && !own[id] {
			t.Errorf("English message %q: no error in %s has this key any more", id, rulesDir)
		}
	}
}

// TestNotationKeys: a notation error is said in Menara's words (its key
// under "menara.notation."), not in another game's.
func TestNotationKeys(t *testing.T) {
	p := catalog(t).Printer(i18n.Spanish)
	_, err := bot.NewReplay[mr.Position, mr.Step, *mr.Effects](engine{players: []string{"ana"}}, mr.Position{}).Play("ana column Z on K2")
	if got := rules.ErrorCode(err); got != rules.Invalid {
		t.Fatalf("code %s, want invalid: %v", got, err)
	}
	got, ok := p.Error(err)
	if !ok || !strings.Contains(got, "no es un color") || !strings.Contains(got, "K negra") {
		t.Errorf("the error reads %q", got)
	}
	// The exchange's usage has no argument; it is said all the same.
	_, err = placementStep(nil, 0, 0, 0, "")
	if got, _ := p.Error(err); strings.Contains(got, "<no value>") {
		t.Errorf("%q", got)
	}
	_, err = engine{players: []string{"ana"}}.ParseMove("ana exchange YY")
	var re *rules.Error
	if got, _ := p.Error(err); !errors.As(err, &re) || re.Key != "menara.notation.usage-exchange" || !strings.Contains(got, "YY") {
		t.Errorf("the exchange's usage reads %q", got)
	}
}

// TestTranslationsTranslated catches a message of the game's (the
// image's words aside, which TestLabelsTranslated checks, and the
// timelapse's, which TestTurnCaptionsTranslated checks) copied from
// English and left untranslated.
func TestTranslationsTranslated(t *testing.T) {
	c := catalog(t)
	areas, err := i18ntest.ReadAreas(locales)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	same := map[string]bool{"menara.title": true, "menara.effect.margin": true, "menara.tip.line": true, reasonLine: true}
	for _, l := range []i18n.Lang{i18n.Spanish, i18n.Italian} {
		for _, id := range c.IDs(l) {
			if areas[l][id] == "" || areas[l][id] == "render" || areas[l][id] == "film" || same[id] || strings.HasSuffix(id, ".name") && strings.HasPrefix(id, "opt.") {
				continue
			}
			checked++
			en, tr := c.Templates(i18n.English, id), c.Templates(l, id)
			if en != nil && en["other"] == tr["other"] {
				t.Errorf("%s: %q is the English text: %q", l, id, tr["other"])
			}
		}
	}
	if checked < 300 {
		t.Errorf("checked %d messages; expected many more", checked)
	}
}

// TestGuide checks the rules guide in every language: the same number of
// sections, each one Discord message, and the rules' key facts and
// rulings all said, in the language's own words.
func TestGuide(t *testing.T) {
	c := catalog(t)
	game := New(Options{NoComputers: true})
	facts := []i18ntest.Fact{
		{"players", "1 to 4 players", "1 a 4 jugadores", "1-4 giocatori"},
		{"columns", "30 yellow, 20 red, 12 black, 8 white, 6 blue", "30 amarillas, 20 rojas, 12 negras, 8 blancas y 6 azules", "30 gialle, 20 rosse, 12 nere, 8 bianche e 6 blu"},
		{"camp", "**camp**", "**campamento**", "**accampamento**"},
		{"floors", "18", "18", "18"},
		{"quarry", "**quarry**", "**cantera**", "**cava**"},
		{"levels by difficulty", "3 in an easy game, 4 in a medium one, 5 in a hard one", "3 en una partida fácil, 4 en una media, 5 en una difícil", "3 in una partita facile, 4 in una media, 5 in una difficile"},
		{"piles", "blue (9, mostly easy), yellow (12, medium), red (14, mostly hard)", "azul (9, sobre todo fáciles), amarillo (12, medias) y rojo (14, sobre todo difíciles)", "blu (9, per lo più facili), giallo (12, medie) e rosso (14, per lo più difficili)"},
		{"own design", "of our own design, following the published counts", "de diseño propio, con las cantidades publicadas", "di nostra invenzione, secondo le quantità pubblicate"},
		{"one level", "**one level**", "**un solo nivel**", "**un solo livello**"},
		{"three free columns", "**at least 3 free columns**", "**al menos 3 columnas libres**", "**almeno 3 colonne libere**"},
		{"not on the table", "never partly on columns and partly on the table", "nunca en parte sobre columnas y en parte sobre la mesa", "mai in parte su colonne e in parte sul tavolo"},
		{"first player", "Who starts is drawn at random", "Quién empieza se sortea", "Chi comincia è estratto a sorte"},
		{"one exchange", "once, before the reveal", "una vez, antes de revelar", "una volta, prima di rivelare"},
		{"moves up", "strictly higher level", "estrictamente más alto", "strettamente più alto"},
		{"extension", "along at least 2 edges", "por al menos 2 lados", "su almeno 2 lati"},
		{"once a turn", "once a turn at most", "como mucho una vez por turno", "al massimo una volta per turno"},
		{"renew", "**renew the camp**", "**renovar el campamento**", "**rinnovare l'accampamento**"},
		{"refill after giving up", "you refill, and your turn ends", "repones y tu turno acaba", "reintegri e il tuo turno finisce"},
		{"shaky", "**Shaky hands**", "**Manos temblorosas**", "**Mani tremanti**"},
		{"undo", "`/menara undo`", "`/menara undo`", "`/menara undo`"},
		{"buttons", "**buttons**", "**botones**", "**pulsanti**"},
		{"lift that falls", "**the lift is not made** and the card is not fulfilled", "**no se mueve** y la tarjeta no se cumple", "**non si sposta** e la carta non è compiuta"},
	}
	i18ntest.CheckGuide(t, c, game.Guide, 5, facts)
}

// TestCommandsLocalised: every subcommand and option of /menara has its
// own name and description in every language, and the names of one
// level differ in each language (Discord refuses duplicates).
func TestCommandsLocalised(t *testing.T) {
	c := catalog(t)
	game := New(Options{NoComputers: true})
	for _, l := range i18n.Langs {
		names := map[string]bool{}
		for _, cmd := range game.Commands() {
			for _, id := range []string{"cmd.menara." + cmd.Name + ".name", "cmd.menara." + cmd.Name + ".desc"} {
				if !c.Has(l, id) {
					t.Errorf("%s: no %s", l, id)
				}
			}
			name := c.Printer(l).T("cmd.menara." + cmd.Name + ".name")
			if names[name] {
				t.Errorf("%s: two subcommands named %q", l, name)
			}
			names[name] = true
			for _, o := range cmd.Options {
				for _, id := range []string{"opt.menara." + o.Name + ".name", "opt.menara." + o.Name + ".desc"} {
					if !c.Has(l, id) {
						t.Errorf("%s: no %s", l, id)
					}
				}
			}
		}
		// The host's subcommands keep their names: none of the game's may
		// take one.
		for _, host := range []string{"new", "join", "leave", "start", "board", "status", "history", "hint", "undo", "resign", "cancel", "rules", "language", "settings", "mygames"} {
			if n := c.Printer(l).T("cmd." + host + ".name"); names[n] {
				t.Errorf("%s: a subcommand of the game is named %q like the host's %s", l, n, host)
			}
		}
	}
	if !slices.ContainsFunc(game.Commands(), func(s bot.CommandSpec) bool { return s.Name == cmdGiveUp }) {
		t.Error("no giveup")
	}
}
