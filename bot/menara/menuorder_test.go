package menara

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// shakyAtNewFloor plays a shaky-handed game by the hint until a new floor
// is to be placed where its places run different risks (the full run
// only: it plays some forty steps).
func shakyAtNewFloor(t *testing.T) *State {
	t.Helper()
	if testing.Short() {
		t.Skip("a shaky game played to a new floor: the full run only")
	}
	o := mr.Options{Players: notation.PlayerNames(2), Difficulty: mr.Easy, Hands: mr.Shaky}
	g, err := mr.NewGame(o, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := bot.NewReplay[mr.Position, mr.Step, *mr.Effects](engine{players: o.Players}, g.Start())
	for !s.Over() {
		if pos := positionOf(s); pos.Stage() == mr.NewFloor {
			risks := map[mr.Risk]bool{}
			for _, pl := range pos.Placements(nil) {
				if o, err := pos.Outlook(pl.Step); err == nil && !o.Falling() {
					risks[o.Risk] = true
				}
			}
			if len(risks) > 2 {
				return s
			}
		}
		step, _ := ai.Plain(positionOf(s))
		if _, err := s.Play(s.Line(step)); err != nil {
			t.Fatalf("hint %s: %v", step, err)
		}
	}
	t.Fatal("no new floor with places of different risks")
	return nil
}

// TestMenuPlacesSteadiestFirst: a floor's places in its menu (new floor,
// lift) come steadiest first as moves lists steps (the least risk with
// shaky hands, then the most slack left over the temple, then over the
// floor the step changes), the places beside the base after those on
// columns, the places that make a floor fall last and marked ⚠️. The
// hint is not the menus' business: TestHint pins it apart.
func TestMenuPlacesSteadiestFirst(t *testing.T) {
	p := catalog(t).Printer(i18n.English)
	tests := []struct {
		name   string
		st     func(t *testing.T) *State
		filter ai.Among
		floor  string
	}{
		{"new floor", func(t *testing.T) *State { return hintedTo(t, atNewFloor) }, ai.PlaceNew, ""},
		{"new floor, shaky", shakyAtNewFloor, ai.PlaceNew, ""},
		{"lift", func(t *testing.T) *State { return hintedTo(t, atLift) }, ai.PlaceLift, ""},
		{"lift of H", func(t *testing.T) *State { return hintedTo(t, atLift) }, ai.PlaceLift, "H"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.st(t)
			pos := positionOf(s)
			param := placementParam(tt.filter)
			v := bot.Values{optFloor: tt.floor}
			codes := param.Legal(s, pos.Turn(), v)
			if len(codes) < 2 {
				t.Fatalf("%d places", len(codes))
			}
			var prev *mr.Outlook
			prevGroup := 0
			for i, code := range codes {
				pl, ok := notation.FindPlacement(pos.Placements(nil), code)
				if !ok {
					t.Fatalf("%s: no such place", code)
				}
				if tt.floor != "" && pl.Step.Floor.String() != tt.floor {
					t.Errorf("%s: a place of floor %s in the menu of floor %s", code, pl.Step.Floor, tt.floor)
				}
				o, err := pos.Outlook(pl.Step)
				if err != nil {
					t.Fatal(err)
				}
				group := listGroup(&o)
				if group < prevGroup {
					t.Errorf("%d %s (group %d) after a place of group %d", i, code, group, prevGroup)
				}
				if prev != nil && group == prevGroup && steadier(&o, prev) {
					t.Errorf("%d %s (risk %v, least slack %d, slack %d) after a less steady one (risk %v, %d, %d)",
						i, code, o.Risk, o.Worst, o.Slack, prev.Risk, prev.Worst, prev.Slack)
				}
				if label := param.Option(p, s, v, code).Label; o.Falling() != strings.HasPrefix(label, "⚠️") {
					t.Errorf("%s %q: falls %v, and its mark says otherwise", code, label, o.Falling())
				}
				prev, prevGroup = &o, group
			}
		})
	}
}

// listGroup is the group a step's list puts it in, in the order wanted:
// the steps that make nothing fall, those that cost a level (a base
// extension, giving the card up), the lifts whose floor would fall, the
// collapses.
func listGroup(o *mr.Outlook) int {
	switch {
	case o.LiftFalls:
		return 2
	case o.Collapse:
		return 3
	case o.Step.Kind == mr.Extend || o.Step.Kind == mr.GiveUp:
		return 1
	}
	return 0
}

// steadier reports whether a is strictly steadier than b, as
// mr.SortSteadiest ranks them.
func steadier(a, b *mr.Outlook) bool {
	os := []mr.Outlook{*b, *a}
	mr.SortSteadiest(os)
	return fmt.Sprint(os[0].Step) == fmt.Sprint(a.Step) && fmt.Sprint(a.Step) != fmt.Sprint(b.Step)
}

// TestMovesExtensionsAfter: moves lists a new floor's places as its menu
// does: on columns first, then beside the base (one more level to build),
// then those that make a floor fall.
func TestMovesExtensionsAfter(t *testing.T) {
	for _, tt := range []struct {
		name string
		st   func(t *testing.T) *State
	}{
		{"new floor", func(t *testing.T) *State { return hintedTo(t, atNewFloor) }},
		{"new floor, shaky", shakyAtNewFloor},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.st(t)
			pos := positionOf(s)
			prev, kinds := 0, map[int]bool{}
			for _, step := range (engine{}).Legal(*pos) {
				o, err := pos.Outlook(step)
				if err != nil {
					t.Fatal(err)
				}
				g := listGroup(&o)
				kinds[g] = true
				if g < prev {
					t.Errorf("%v (group %d) after a step of group %d", step, g, prev)
				}
				prev = g
			}
			if !kinds[0] || !kinds[1] {
				t.Fatalf("groups listed %v: want places on columns and beside the base", kinds)
			}
		})
	}
}
