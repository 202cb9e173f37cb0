package menara

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// TestTypedForms pins what Typed reads from every form, its short and
// record forms and the words that do not fit one: the subcommand and its
// options, whether the words were a step at all, and the usage said (in
// English, with its code) for a form that does not fit. A step typed as
// a record line (confirm:record) is one the notation reads.
func TestTypedForms(t *testing.T) {
	g := New(Options{})
	p := catalog(t).Printer(i18n.English)
	st := bot.NewReplay[mr.Position, mr.Step, *mr.Effects](engine{}, mr.Position{})
	tests := []struct {
		line string
		want string // "command map[options]", or "code: usage" when refused
		ok   bool
	}{
		{"", " map[]", false},
		{"dance", " map[]", false},
		{"Exchange YY for RB", "exchange map[confirm:record give:YY take:RB]", true},
		{"exchange YY with RB", "exchange map[give:YY take:RB]", true},
		{"exchange YY", "invalid: Write it so: exchange YY for RB", true},
		{"exchange YY for RB now", "invalid: Write it so: exchange YY for RB", true},
		{"reveal", "invalid: Write it so: reveal blue", true},
		{"reveal blue red", "invalid: Write it so: reveal blue", true},
		{"REVEAL Blue", "reveal map[confirm:record pile:blue]", true},
		{"column R K2", "place map[base:K2 column:R]", true},
		{"column R on K2", "place map[base:K2 column:R confirm:record]", true},
		{"place R on K2", "place map[base:K2 column:R]", true},
		{"column R", "invalid: Write it so: column R on K2", true},
		{"place R K2 K3 K4", "invalid: Write it so: column R on K2", true},
		{"move K2 to M3", "move map[confirm:record from:K2 to:M3]", true},
		{"move K2 onto M3", "move map[from:K2 to:M3]", true},
		{"move K2", "invalid: Write it so: move K2 to M3", true},
		{"floor", "invalid: Write it so: floor on K2 K4 L1 turn 2", true},
		{"extend", "invalid: Write it so: extend at 5,-3 turn 1", true},
		{"floor M on K2 K4 L1 turn 2", "floor map[confirm:record placement:M on K2 K4 L1 turn 2]", true},
		{"floor on K2 K4 L1 turn 2", "floor map[placement:on K2 K4 L1 turn 2]", true},
		{"floor M on K2 K4 L1 turn 2 !", "floor map[!:true confirm:record placement:M on K2 K4 L1 turn 2]", true},
		{"floor on K2 K4 L1 turn 2!", "floor map[!:true placement:on K2 K4 L1 turn 2]", true},
		{"move K2 M3 !", "move map[!:true from:K2 to:M3]", true},
		{"!", " map[]", false},
		{"extend N at 5,-3 turn 1", "extend map[confirm:record placement:N at 5,-3 turn 1]", true},
		{"extend at 5,-3 turn 1", "extend map[placement:at 5,-3 turn 1]", true},
		{"lift", "invalid: Write it so: lift M F1 G2 G4 turn 0", true},
		{"lift M", "invalid: Write it so: lift M F1 G2 G4 turn 0", true},
		{"lift M to F1 G2 G4 turn 0", "lift map[confirm:record floor:M placement:to F1 G2 G4 turn 0]", true},
		{"lift M F1 G2 G4 turn 0", "lift map[floor:M placement:F1 G2 G4 turn 0]", true},
		{"lift M TO F1", "lift map[floor:M placement:TO F1]", true},
		{"give", "invalid: Write it so: give up, or give up renew", true},
		{"give in", "invalid: Write it so: give up, or give up renew", true},
		{"give up", "giveup map[confirm:record]", true},
		{"give UP Renew", "giveup map[confirm:record renew:true]", true},
		{"give up now", "invalid: Write it so: give up, or give up renew", true},
		{"give up renew now", "invalid: Write it so: give up, or give up renew", true},
		{"giveup", "giveup map[]", true},
		{"giveup renew", "giveup map[renew:true]", true},
		{"giveup no", "giveup map[renew:false]", true},
		{"giveup renew now", "invalid: Write it so: give up, or give up renew", true},
		{"giveup now", "invalid: Write it so: give up, or give up renew", true},
		{"done", "done map[confirm:record]", true},
		{"done yes", "done map[renew:true]", true},
		{"done no", "done map[renew:false]", true},
		{"done renew now", "invalid: Write it so: done renew", true},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			got, ok, err := g.Typed(st, 0, strings.Fields(tt.line), p)
			said := fmt.Sprint(got.Command, " ", got.Options)
			if err != nil {
				text, _ := p.Error(err)
				said = fmt.Sprint(rules.ErrorCode(err), ": ", text)
			}
			if said != tt.want || ok != tt.ok {
				t.Errorf("got  %q, %v\nwant %q, %v", said, ok, tt.want, tt.ok)
			}
		})
	}
}
