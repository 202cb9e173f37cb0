package menara

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
)

// choicesSummary says what autocomplete suggests, in one line: how many
// choices, the first one's name, and every value.
func choicesSummary(cs []bot.Choice) string {
	if cs == nil {
		return "nil"
	}
	values := make([]string, len(cs))
	for i, c := range cs {
		values[i] = c.Value
	}
	first := ""
	if len(cs) > 0 {
		first = cs[0].Name
	}
	return fmt.Sprintf("%d %q: %s", len(cs), first, strings.Join(values, " "))
}

// TestChoicesByOption pins the suggestions (the first 25, as Discord
// shows them) for every option of every
// step's subcommand, at a position where the step can be made and where
// it cannot, narrowed by the other options filled in and by what is
// typed.
func TestChoicesByOption(t *testing.T) {
	p := catalog(t).Printer(i18n.English)
	g := New(Options{})
	tests := []struct {
		name             string
		at               int
		command, focused string
		options          map[string]string
		want             string
	}{
		{"unknown option", atExchange, cmdExchange, optPile, nil, "nil"},
		{"unknown command", atExchange, "dance", optGive, nil, "nil"},
		{"give", atExchange, cmdExchange, optGive, nil, "25 \"B · blue\": B W R Y BB WB WW RB RW RR YB YW YR YY WBB WWB RBB RWB RWW RRB RRW YBB YWB YWW YRB"},
		{"give, typed", atExchange, cmdExchange, optGive, map[string]string{optGive: " YW "}, "25 \"YW · yellow, white\": YW YWB YWW YRW YYW YWBB YWWB YRWB YRWW YRRW YYWB YYWW YYRW YWWBB YRWBB YRWWB YRRWB YRRWW YYWBB YYWWB YYRWB YYRWW YYRRW YRWWBB YRRWBB"},
		{"give, too late", atColumn, cmdExchange, optGive, nil, "nil"},
		{"take", atExchange, cmdExchange, optTake, map[string]string{optGive: " YW"}, "2 \"RK · red, black\": RK RR"},
		{"take, nothing given", atExchange, cmdExchange, optTake, nil, "25 \"W · white\": W K R Y KW RW RK RR YW YK YR YY RKW RRW RRK YKW YRW YRK YRR YYW YYK YYR RRKW YRKW YRRW"},
		{"take, typed", atExchange, cmdExchange, optTake, map[string]string{optGive: "Y", optTake: "k"}, "1 \"K · black\": K"},
		{"take, too late", atColumn, cmdExchange, optTake, map[string]string{optGive: "Y"}, "nil"},
		{"column", atColumn, cmdPlace, optColumn, nil, "2 \"Y · yellow column · in your hand: 2 · free bases: 5\": Y R"},
		{"column, typed", atColumn, cmdPlace, optColumn, map[string]string{optColumn: "yel"}, "1 \"Y · yellow column · in your hand: 2 · free bases: 5\": Y"},
		{"base", atColumn, cmdPlace, optBase, nil, "9 \"D1 · level 0\": D1 D2 D3 K1 K3 K4 P1 P3 P5"},
		{"base, colour chosen", atColumn, cmdPlace, optBase, map[string]string{optColumn: " R "}, "4 \"D3 · level 0\": D3 K3 K4 P1"},
		{"base, colour in words", atColumn, cmdPlace, optBase, map[string]string{optColumn: "yellow"}, "5 \"D1 · level 0\": D1 D2 K1 P3 P5"},
		{"base, not a colour", atColumn, cmdPlace, optBase, map[string]string{optColumn: "Z"}, "9 \"D1 · level 0\": D1 D2 D3 K1 K3 K4 P1 P3 P5"},
		{"base, typed", atColumn, cmdPlace, optBase, map[string]string{optBase: "d2"}, "1 \"D2 · level 0\": D2"},
		{"base, nothing to place", atMove, cmdPlace, optBase, nil, "nil"},
		{"from", atMove, cmdMove, optFrom, nil, "25 \"C1 · yellow · level 0\": C1 D1 D2 F1 P3 P5 M2 B3 C2 E3 F3 K2 P2 P4 Q3 B1 M1 O2 D3 E1 F2 K4 M4 O4 P1"},
		{"from, typed", atMove, cmdMove, optFrom, map[string]string{optFrom: "C"}, "2 \"C1 · yellow · level 0\": C1 C2"},
		{"to", atMove, cmdMove, optTo, nil, "5 \"H4 · level 3 · H: 17.6 → 13.5 mm · finishes the card\": H4 H3 A1 H2 H1"},
		{"to, from chosen", atMove, cmdMove, optTo, map[string]string{optFrom: "B1"}, "1 \"H4 · level 3 · H: 17.6 → 13.5 mm · finishes the card\": H4"},
		{"to, from not a base", atMove, cmdMove, optTo, map[string]string{optFrom: "??"}, "5 \"H4 · level 3 · H: 17.6 → 13.5 mm · finishes the card\": H4 H3 A1 H2 H1"},
		{"to, typed", atMove, cmdMove, optTo, map[string]string{optTo: "h3"}, "1 \"H3 · level 3 · finishes the card\": H3"},
		{"new floor", atNewFloor, cmdFloor, optPlacement, nil, "12 \"on D1 D2 D3 · level 1 · turned 60° · light side · margin 6.8 mm, steady\": fQ-2,-3t1L fQ-2,-3t3L fQ-2,-3t5L fQ-2,-4t0L fQ-1,-3t2L fQ-3,-2t4L eQ4,0t5L eQ2,-7t0L eQ-4,1t1L eQ6,-1t2L eQ7,-6t3L eQ-5,2t4L"},
		{"new floor, typed", atNewFloor, cmdFloor, optPlacement, map[string]string{optPlacement: "turned 60"}, "2 \"on D1 D2 D3 · level 1 · turned 60° · light side · margin 6.8 mm, steady\": fQ-2,-3t1L eQ-4,1t1L"},
		{"extend", atNewFloor, cmdExtend, optPlacement, nil, "6 \"beside the base at 4,0 · turned 300° · light side · 11 edges touch · +1 level to build\": eQ4,0t5L eQ2,-7t0L eQ-4,1t1L eQ6,-1t2L eQ7,-6t3L eQ-5,2t4L"},
		{"extend, typed", atNewFloor, cmdExtend, optPlacement, map[string]string{optPlacement: "4,0 touch"}, "1 \"beside the base at 4,0 · turned 300° · light side · 11 edges touch · +1 level to build\": eQ4,0t5L"},
		{"new floor, none now", atColumn, cmdFloor, optPlacement, nil, "nil"},
		{"lift floor", atLift, cmdLift, optFloor, nil, "2 \"Floor R · level 3\": R H"},
		{"lift floor, typed", atLift, cmdLift, optFloor, map[string]string{optFloor: "r"}, "1 \"Floor R · level 3\": R"},
		{"lift placement", atLift, cmdLift, optPlacement, nil, "25 \"R to level 4 on A1 A2 A3 H3 · turned 120° · margin 12.8 mm, steady\": lR-2,-2t2 lR-2,-1t5 lR-2,-1t0 lR-2,-1t4 lR-1,-2t2 lR-2,0t2 lR-1,-2t5 lR-2,-1t3 lR-1,-2t4 lR-1,-1t1 lR-2,-2t5 lR-1,-4t2 lR-1,-3t0 lR-1,-2t1 lR-1,-4t3 lR-2,-2t0 lR-2,-3t5 lR0,-5t0 lR-2,-2t4 lR-1,-4t1 lR-3,-1t4 lR0,-5t5 lR-2,-2t3 lR0,-5t4 lR0,-3t1"},
		{"lift placement, floor chosen", atLift, cmdLift, optPlacement, map[string]string{optFloor: " H "}, "12 \"⚠️ H to level 4 on A1 A3 R5 · turned 180° · the temple collapses\": lH0,-4t3 lH-1,-4t3 lH-6,0t0 lH-1,-4t4 lH-1,-4t2 lH-1,-4t5 lH-1,-3t1 lH-1,-4t0 lH-1,-3t4 lH0,-3t0 lH-1,-3t0 lH-1,-3t3"},
		{"lift placement, not a floor", atLift, cmdLift, optPlacement, map[string]string{optFloor: "?"}, "25 \"R to level 4 on A1 A2 A3 H3 · turned 120° · margin 12.8 mm, steady\": lR-2,-2t2 lR-2,-1t5 lR-2,-1t0 lR-2,-1t4 lR-1,-2t2 lR-2,0t2 lR-1,-2t5 lR-2,-1t3 lR-1,-2t4 lR-1,-1t1 lR-2,-2t5 lR-1,-4t2 lR-1,-3t0 lR-1,-2t1 lR-1,-4t3 lR-2,-2t0 lR-2,-3t5 lR0,-5t0 lR-2,-2t4 lR-1,-4t1 lR-3,-1t4 lR0,-5t5 lR-2,-2t3 lR0,-5t4 lR0,-3t1"},
		{"lift placement, typed", atLift, cmdLift, optPlacement, map[string]string{optPlacement: "A1 turned"}, "25 \"R to level 4 on A1 A2 A3 H3 · turned 120° · margin 12.8 mm, steady\": lR-2,-2t2 lR-2,-1t5 lR-2,-1t0 lR-2,-1t4 lR-1,-2t2 lR-2,0t2 lR-1,-2t5 lR-2,-1t3 lR-1,-2t4 lR-1,-1t1 lR-2,-2t5 lR-1,-4t2 lR-1,-3t0 lR-1,-2t1 lR-1,-4t3 lR-2,-2t0 lR-2,-3t5 lR0,-5t0 lR-2,-2t4 lR-1,-4t1 lR0,-5t5 lR-2,-2t3 lR0,-5t4 lR0,-3t1 lR-3,-1t5"},
		{"lift floor, none now", atColumn, cmdLift, optFloor, nil, "nil"},
	}
	states := map[int]*State{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, ok := states[tt.at]
			if !ok {
				s = hintedTo(t, tt.at)
				states[tt.at] = s
			}
			options := map[string]string{}
			for k, v := range tt.options {
				options[k] = v
			}
			got := choicesSummary(g.Choices(s, positionOf(s).Turn(), tt.command, tt.focused, options, p))
			if got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}
