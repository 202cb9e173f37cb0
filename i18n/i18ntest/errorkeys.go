package i18ntest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// KeyScan says which message keys ErrorKeys collects from an engine's
// sources.
type KeyScan struct {
	// Prefixes: a string literal is a key when it begins with one of them
	// ("menara.", "notation.").
	Prefixes []string
	// Helpers are the engine's own functions that take a key besides
	// rules.Errorf ("illegal", "invalid").
	Helpers []string
	// Skip are directories under the scanned one that are not read ("ai").
	Skip []string
}

// ErrorKeys returns the message keys that the Go sources under dir (tests
// left out) pass as string literals to rules.Errorf or to s.Helpers, with
// where each was first seen: the player-facing errors an engine can
// return, which a game's catalogue must say.
func ErrorKeys(t testing.TB, dir string, s KeyScan) map[string]string {
	t.Helper()
	keys := map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && p != dir && slices.Contains(s.Skip, d.Name()):
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go"):
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || !s.errorCall(call.Fun) {
				return true
			}
			for _, a := range call.Args {
				lit, ok := a.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				key, err := strconv.Unquote(lit.Value)
				if err == nil && HasPrefix(key, s.Prefixes...) {
					if _, seen := keys[key]; !seen {
						keys[key] = fset.Position(lit.Pos()).String()
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatalf("scan %s: %v", dir, err)
	}
	return keys
}

// errorCall reports whether fun is rules.Errorf or one of the helpers.
func (s KeyScan) errorCall(fun ast.Expr) bool {
	switch f := fun.(type) {
	case *ast.Ident:
		return slices.Contains(s.Helpers, f.Name)
	case *ast.SelectorExpr:
		x, ok := f.X.(*ast.Ident)
		return ok && x.Name == "rules" && f.Sel.Name == "Errorf"
	}
	return false
}

// HasPrefix reports whether key begins with one of the prefixes.
func HasPrefix(key string, prefixes ...string) bool {
	return slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(key, p) })
}
