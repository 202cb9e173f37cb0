package notation_test

import (
	"os"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// TestPlacementCodes: every place of a floor, new, beside the base or
// lifted, has a short code without a colon, which names it against its
// position; what is no code of the position names nothing.
func TestPlacementCodes(t *testing.T) {
	for _, kind := range []menara.Kind{menara.PlaceFloor, menara.Lift} {
		pls := placementsOfKind(t, kind)
		for _, pl := range pls {
			code := notation.PlacementCode(pl.Step)
			got, ok := notation.FindPlacement(pls, code)
			if !ok || notation.PlacementCode(got.Step) != code || len(code) > 14 || strings.ContainsRune(code, ':') {
				t.Errorf("%s: code %q finds %s, %v", pl.Step, code, got.Step, ok)
			}
		}
		for _, bad := range []string{"", "x", "fM", "fQ3,-1t2", "fQ9,9t1L", "fz3,-1t2L", "on K2 K4 L1", "qQ0,2t0L"} {
			if pl, ok := notation.FindPlacement(pls, bad); ok {
				t.Errorf("FindPlacement(%q) = %s", bad, pl.Step)
			}
		}
	}
}

// placementsOfKind returns the placements of the first position of the
// two players' record whose placements are of kind.
func placementsOfKind(t *testing.T, kind menara.Kind) []menara.Placement {
	t.Helper()
	f, err := os.Open("testdata/two-players.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := notation.ParseRecord(f)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := menara.NewPosition(rec.Options(), rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range rec.Steps {
		if pls := pos.Placements(nil); len(pls) > 0 && pls[0].Step.Kind == kind {
			return pls
		}
		if pos, _, err = pos.Apply(s); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("no placements of kind %v in the record", kind)
	return nil
}
