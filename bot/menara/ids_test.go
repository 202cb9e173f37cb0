package menara

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/i18n/i18ntest"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// fun returns the name of the function a call calls.
func fun(call *ast.CallExpr) string {
	switch f := call.Fun.(type) {
	case *ast.SelectorExpr:
		return f.Sel.Name
	case *ast.Ident:
		return f.Name
	}
	return ""
}

// TestMessageIDsExist fails when the game's code asks the printer for a
// message the English catalogue lacks (it would show its id): every id
// written whole in the code, and every id made of a prefix and a value
// of the game.
func TestMessageIDsExist(t *testing.T) {
	c := catalog(t)
	areas, err := i18ntest.ReadAreas(locales)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(node ast.Node) bool {
			call, ok := node.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			switch fun := call.Fun.(type) {
			case *ast.SelectorExpr:
				if fun.Sel.Name != "T" && fun.Sel.Name != "N" {
					return true
				}
			case *ast.Ident:
				if fun.Name != "fail" && fun.Name != "illegal" {
					return true
				}
			default:
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			id, _ := strconv.Unquote(lit.Value)
			if strings.HasSuffix(id, ".") {
				return true // a prefix, checked below
			}
			n++
			if !c.Has(i18n.English, id) {
				t.Errorf("%s: message %q is not in the catalogue", fset.Position(lit.Pos()), id)
			}
			// The engine's messages say why a step is refused: a text of the
			// game's own with the same id would be a slip.
			if areas[i18n.English][id] == "engine" && !strings.HasPrefix(id, "menara.word.") && fun(call) != "illegal" {
				t.Errorf("%s: %q is an error of the engine, not a text", fset.Position(lit.Pos()), id)
			}
			return true
		})
	}
	if n < 100 {
		t.Fatalf("found %d message ids in the code; expected many more", n)
	}
	var ids []string
	for _, d := range []mr.Difficulty{mr.Easy, mr.Medium, mr.Hard} {
		ids = append(ids, "menara.choice.difficulty."+d.String())
	}
	for _, h := range []mr.Hands{mr.Steady, mr.Shaky} {
		ids = append(ids, "menara.choice.hands."+h.String())
	}
	for _, s := range []mr.Side{mr.Light, mr.Dark} {
		ids = append(ids, "menara.choice.side."+s.String(), "menara.word.side."+s.String())
	}
	for pl := mr.Pile(0); pl < mr.NumPiles; pl++ {
		ids = append(ids, "menara.choice.pile."+pl.String(), "menara.word.pile."+pl.String())
	}
	for r := mr.FreeRim; r <= mr.DarkRim; r++ {
		ids = append(ids, "menara.render.rim."+r.String())
	}
	for r := mr.Refill; r <= mr.FloorsUsed; r++ {
		ids = append(ids, "menara.result.lost."+r.String())
	}
	for k := mr.Exchange; k <= mr.Done; k++ {
		w := kindWord(k)
		ids = append(ids, "menara.say."+w, "menara.render.step."+w)
		switch {
		case k.Builds():
			ids = append(ids, "menara.render.proposal."+w, "menara.film."+w, "menara.say.failed-"+w)
			if k == mr.Extend {
				ids[len(ids)-1] = "menara.say.failed-floor"
			}
		case k == mr.GiveUp || k == mr.Done:
			ids = append(ids, "menara.render.step."+w+"-renew", "menara.tip.step."+w)
		default:
			ids = append(ids, "menara.tip.step."+w)
		}
	}
	for _, id := range ids {
		for _, l := range i18n.Langs {
			if !c.Has(l, id) {
				t.Errorf("%s: no message %q", l, id)
			}
		}
	}
}
