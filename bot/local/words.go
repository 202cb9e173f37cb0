package local

import (
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
)

// Words of the terminal's own, besides the commands of Discord (the
// host's: bot.TerminalWords). Each has a name in every language too
// (local.word.* in the catalogue); the English one is always understood.
const (
	wordQuit     = bot.WordQuit
	wordExit     = bot.WordExit
	wordHelp     = bot.WordHelp
	wordAs       = bot.WordAs
	wordMoves    = bot.WordMoves
	wordGame     = bot.WordGame
	wordComputer = bot.WordComputer
)

// The host's subcommands the terminal answers in its own way.
const (
	cmdNew    = "new"
	cmdLeave  = "leave"
	cmdBoard  = "board"
	cmdResign = "resign"
	cmdRules  = "rules"
)

// vocabulary is what a session understands, in English and in its
// language: the slash command's subcommands and options as Discord
// registers them (colocar, aldea), the terminal's own words, and the
// computer levels.
type vocabulary struct {
	// commands maps a typed subcommand (lower case) to its name.
	commands map[string]string
	// options maps, per subcommand, a typed option name to its name.
	options map[string]map[string]string
	// own maps a typed word of the terminal's own to its English form.
	own map[string]string
	// computer holds the words for "computer" (resign computer hard).
	computer map[string]bool
	// levels maps a typed computer level to its name.
	levels map[string]string
}

// newVocabulary reads the words of game g of bot b in printer p's
// language.
func newVocabulary(b *bot.Bot, g bot.Game, p *i18n.Printer) *vocabulary {
	v := &vocabulary{commands: map[string]string{}, options: map[string]map[string]string{}, own: map[string]string{}, levels: map[string]string{}}
	computer := map[string]string{wordComputer: wordComputer}
	v.addLocal(computer, p, "local.word."+wordComputer, wordComputer)
	v.computer = map[string]bool{}
	for w := range computer {
		v.computer[w] = true
	}
	for _, c := range b.Commands() {
		if c.Name != g.Kind() {
			continue
		}
		for _, sub := range c.Subcommands {
			v.commands[sub.Name] = sub.Name
			v.addLocal(v.commands, p, sub.NameID, sub.Name)
			opts := map[string]string{}
			for _, o := range sub.Options {
				opts[o.Name] = o.Name
				v.addLocal(opts, p, o.NameID, o.Name)
			}
			v.options[sub.Name] = opts
		}
	}
	for _, w := range []string{wordQuit, wordHelp, wordAs, wordMoves} {
		v.own[w] = w
		v.addLocal(v.own, p, "local.word."+w, w)
	}
	v.own[wordExit], v.own["?"], v.own[wordGame] = wordQuit, wordHelp, wordGame
	for _, l := range g.Levels() {
		v.levels[l] = l
		v.addLocal(v.levels, p, "bot.level."+l, l)
	}
	return v
}

// addLocal adds the printer's word of message id for name, unless the
// message is missing or the word is taken already.
func (v *vocabulary) addLocal(m map[string]string, p *i18n.Printer, id, name string) {
	w := fold(p.T(id))
	if w == "" || w == id || strings.ContainsAny(w, " \t") {
		return
	}
	if _, taken := m[w]; !taken {
		m[w] = name
	}
}

// command returns the subcommand a typed word names.
func (v *vocabulary) command(word string) (string, bool) {
	c, ok := v.commands[fold(word)]
	return c, ok
}

// ownWord returns the terminal's word (in English) a typed word is.
func (v *vocabulary) ownWord(word string) (string, bool) {
	w, ok := v.own[fold(word)]
	return w, ok
}

// option returns the name of a subcommand's option typed as word.
func (v *vocabulary) option(command, word string) string {
	if o, ok := v.options[command][fold(word)]; ok {
		return o
	}
	return strings.ToLower(word)
}

// level returns the computer level typed as word.
func (v *vocabulary) level(word string) (string, bool) {
	l, ok := v.levels[fold(word)]
	return l, ok
}

// nearest returns the command or word of the terminal closest to a
// mistyped word: at most two letters off, and fewer than a third of them.
// False when nothing is that close.
func (v *vocabulary) nearest(word string) (string, bool) {
	word = fold(word)
	var words []string
	for w := range v.commands {
		words = append(words, w)
	}
	for w := range v.own {
		if len(w) > 1 {
			words = append(words, w)
		}
	}
	sort.Strings(words) // the same answer every time when two are as close
	// On a tie the session's language's word wins over the English one:
	// "movs" is mover in Spanish, not move.
	best, bestD, bestEnglish := "", 3, false
	for _, w := range words {
		d, english := distance(word, w), v.english(w)
		if (d < bestD || d == bestD && bestEnglish && !english) && 3*d < len([]rune(w)) {
			best, bestD, bestEnglish = w, d, english
		}
	}
	return best, best != ""
}

// english reports whether a word of the vocabulary is a command's or a
// terminal word's English name (the same in every session).
func (v *vocabulary) english(w string) bool {
	return v.commands[w] == w || v.own[w] == w
}

// distance is the number of letters to insert, delete, change or swap
// with their neighbour to turn a into b (optimal string alignment).
func distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

// fold is a typed word as the vocabulary keeps it: lower case, without
// accents, so that "Difícil" and "dificil" are one word.
func fold(word string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(strings.TrimSpace(word))) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
