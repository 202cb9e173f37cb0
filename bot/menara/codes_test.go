package menara

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// TestColourCodes: every language's codes are five different letters,
// none the initial of another colour's name in that language nor another
// colour's English code, so that both read typed. English's are the
// records' (K black, B blue), which do not change.
func TestColourCodes(t *testing.T) {
	c := catalog(t)
	for _, l := range []i18n.Lang{i18n.Spanish, i18n.Italian} {
		p := c.Printer(l)
		seen := map[string]mr.Colour{}
		for _, col := range mr.Colours {
			code := ColourLetter(p, col)
			if len([]rune(code)) != 1 {
				t.Errorf("%s: %s's code %q is not one letter", l, col, code)
			}
			if other, ok := seen[strings.ToUpper(code)]; ok {
				t.Errorf("%s: %s and %s share the code %q", l, other, col, code)
			}
			seen[strings.ToUpper(code)] = col
			for _, o := range mr.Colours {
				if o == col {
					continue
				}
				if strings.HasPrefix(strings.ToUpper(ColourName(p, o)), strings.ToUpper(code)) {
					t.Errorf("%s: %s's code %q reads as %s", l, col, code, ColourName(p, o))
				}
				if code == string(o.Letter()) {
					t.Errorf("%s: %s's code %q is %s's English code", l, col, code, o)
				}
			}
		}
	}
}

// TestColourCodesSeen pins what a player sees and may type in each
// language: columns written by the language's codes, colours read by
// them, by the English codes and by names in both, the English words
// giving record letters.
func TestColourCodesSeen(t *testing.T) {
	c := catalog(t)
	hand := mr.Columns{2, 1, 0, 1, 1} // YYRWB
	tests := []struct {
		lang      i18n.Lang
		hand      string
		typed     string // words typed for colours: the colour read (record letter) each
		read      string
		give      string // typed columns and their record letters
		giveRead  string
		errColour string
	}{
		{i18n.English, "YYRWB", "Y R K W B yellow blue", "Y R K W B Y B", "yyb", "YYB", "Y yellow, R red, K black, W white, B blue"},
		{i18n.Spanish, "MMRLZ", "M R N L Z Y B azul blanca blue", "Y R K W B Y B B W B", "mmz", "YYB", "M amarilla, R roja, N negra, L blanca, Z azul"},
		{i18n.Italian, "GGRIL", "G R N I L Y B blu bianca white", "Y R K W B Y B B W W", "GGL", "YYB", "G gialla, R rossa, N nera, I bianca, L blu"},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang), func(t *testing.T) {
			p := c.Printer(tt.lang)
			if got := columnsCode(p, hand); got != tt.hand {
				t.Errorf("hand: got %q, want %q", got, tt.hand)
			}
			if got := p.T("menara.status.camp", "camp", hand); !strings.Contains(got, tt.hand) {
				t.Errorf("camp line %q lacks %q", got, tt.hand)
			}
			var read []string
			for _, w := range strings.Fields(tt.typed) {
				v, _ := colourNames().Read(p, w)
				read = append(read, v)
			}
			if got := strings.Join(read, " "); got != tt.read {
				t.Errorf("read %q as %q, want %q", tt.typed, got, tt.read)
			}
			if got, _ := readColumns(p, tt.give); got != tt.giveRead {
				t.Errorf("columns %q read %q, want %q", tt.give, got, tt.giveRead)
			}
			if got := p.T("menara.err.colour", "word", "X"); !strings.Contains(got, tt.errColour) {
				t.Errorf("error %q lacks %q", got, tt.errColour)
			}
		})
	}
}

// TestTypedCodes: a step typed with the language's codes, or a
// placement with its words (sobre, giro, en, oscura), is read into the
// record's letters and words (the record does not change).
func TestTypedCodes(t *testing.T) {
	g := New(Options{})
	st := bot.NewReplay[mr.Position, mr.Step, *mr.Effects](engine{}, mr.Position{})
	tests := []struct {
		lang i18n.Lang
		line string
		want string
	}{
		{i18n.Spanish, "exchange MM RZ", "exchange map[give:YY take:RB]"},
		{i18n.Spanish, "exchange YY for RB", "exchange map[confirm:record give:YY take:RB]"},
		{i18n.Spanish, "place Z K2", "place map[base:K2 column:B]"},
		{i18n.Italian, "exchange gg rl", "exchange map[give:YY take:RB]"},
		{i18n.Italian, "column I on K2", "place map[base:K2 column:W]"},
		{i18n.Italian, "column W on K2", "place map[base:K2 column:W confirm:record]"},
		{i18n.Spanish, "floor sobre K2 K4 L1 giro 2 en 3,-1 oscura", "floor map[placement:on K2 K4 L1 turn 2 at 3,-1 dark]"},
		{i18n.Spanish, "extend en 5,-3 giro 1 Clara", "extend map[placement:at 5,-3 turn 1 light]"},
		{i18n.Italian, "floor su K2 K4 L1 giro 2 scuro", "floor map[placement:on K2 K4 L1 turn 2 dark]"},
		{i18n.Italian, "lift M F1 G2 G4 giro 0 in 1,2", "lift map[floor:M placement:F1 G2 G4 turn 0 at 1,2]"},
		{i18n.English, "floor on K2 K4 L1 turn 2 dark", "floor map[placement:on K2 K4 L1 turn 2 dark]"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			p := catalog(t).Printer(tt.lang)
			got, ok, err := g.Typed(st, 0, strings.Fields(tt.line), p)
			if !ok || err != nil {
				t.Fatalf("not read: %v %v", ok, err)
			}
			if s := fmt.Sprint(got.Command, " ", got.Options); s != tt.want {
				t.Errorf("got %q, want %q", s, tt.want)
			}
		})
	}
}
