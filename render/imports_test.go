package render

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The shared drawing packages know no game: they import nothing under
// rules/, directly or through another package of the module, so that a
// game is a package of its own (render/shangrila) and not a fork of
// these. A game's own drawing package may import its rules.

// sharedPackages are the packages under render/ that every game uses, as
// directories from the module's root.
var sharedPackages = []string{"render", "render/rendertest", "render/vision"}

// forbiddenUnder is the part of the module no shared package may reach.
const forbiddenUnder = "rules/"

func TestSharedPackagesImportNoGame(t *testing.T) {
	root, module := moduleRoot(t)
	for _, dir := range sharedPackages {
		t.Run(dir, func(t *testing.T) {
			chain, err := reachesUnder(root, module, module+"/"+dir, module+"/"+forbiddenUnder)
			if err != nil {
				t.Fatal(err)
			}
			if chain != nil {
				t.Errorf("%s imports a game's package: %s", dir, strings.Join(chain, " -> "))
			}
		})
	}
}

// TestReachesUnder checks the check itself on a module made for the test:
// an import of a game's rules is found directly and through another
// package, and the module's other packages, the standard library, other
// modules and the package's own tests are let through.
func TestReachesUnder(t *testing.T) {
	root := t.TempDir()
	const module = "example.com/m"
	files := map[string]string{
		"rules/error.go":          "package rules\n",
		"rules/chess/chess.go":    "package chess\n",
		"draw/draw.go":            "package draw\nimport (\n\t\"fmt\"\n\t\"example.com/m/text\"\n\t_ \"golang.org/x/image/font\"\n)\n",
		"draw/draw_test.go":       "package draw\nimport _ \"example.com/m/rules/chess\"\n",
		"text/text.go":            "package text\n",
		"direct/direct.go":        "package direct\nimport (\n\t\"example.com/m/rules\"\n\tc \"example.com/m/rules/chess\"\n)\n",
		"indirect/indirect.go":    "package indirect\nimport \"example.com/m/hop\"\n",
		"hop/hop.go":              "package hop\nimport \"example.com/m/rules/chess\"\n",
		"hop/ignored/ignored.go":  "package ignored\nimport \"example.com/m/rules/chess\"\n",
		"broken/broken.go":        "package broken\nimport (\n",
		"missing/missing.go":      "package missing\nimport \"example.com/m/nowhere\"\n",
		"rulesmith/rulesmith.go":  "package rulesmith\nimport \"example.com/m/rulesx/y\"\n",
		"rulesx/y/y.go":           "package y\n",
		"cycle/a/a.go":            "package a\nimport \"example.com/m/cycle/b\"\n",
		"cycle/b/b.go":            "package b\nimport \"example.com/m/cycle/a\"\n",
		"notes/readme_not_go.txt": "import \"example.com/m/rules/chess\"\n",
	}
	for name, src := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		pkg       string
		wantChain []string
		wantErr   bool
	}{
		{pkg: "draw"},
		{pkg: "text"},
		{pkg: "rulesmith"},
		{pkg: "cycle/a"},
		{pkg: "direct", wantChain: []string{"example.com/m/direct", "example.com/m/rules/chess"}},
		{pkg: "indirect", wantChain: []string{"example.com/m/indirect", "example.com/m/hop", "example.com/m/rules/chess"}},
		{pkg: "broken", wantErr: true},
		{pkg: "missing", wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.pkg, func(t *testing.T) {
			got, err := reachesUnder(root, module, module+"/"+tc.pkg, module+"/rules/")
			if (err != nil) != tc.wantErr {
				t.Fatalf("error %v, want an error: %v", err, tc.wantErr)
			}
			if !slices.Equal(got, tc.wantChain) {
				t.Errorf("got %q, want %q", got, tc.wantChain)
			}
		})
	}
}

// moduleRoot returns the directory of the module holding the test's
// package and the module's path, read from its go.mod.
func moduleRoot(t *testing.T) (dir, module string) {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			for _, line := range strings.Split(string(data), "\n") {
				if m, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
					return dir, strings.Trim(strings.TrimSpace(m), `"`)
				}
			}
			t.Fatalf("%s: no module line", filepath.Join(dir, "go.mod"))
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// reachesUnder follows the imports of package pkg of the module at root,
// and of the module's packages it imports in turn, and returns the chain of
// imports from pkg to the first package whose path starts with forbidden,
// or nil when there is none. It reads the packages' non-test Go files (all
// of them, whatever their build constraints), as `go list -deps` would for
// every platform; imports from outside the module cannot lead back into
// it.
func reachesUnder(root, module, pkg, forbidden string) ([]string, error) {
	seen := map[string]bool{}
	var visit func(path string) ([]string, error)
	visit = func(path string) ([]string, error) {
		if strings.HasPrefix(path, forbidden) {
			return []string{path}, nil
		}
		if seen[path] {
			return nil, nil
		}
		seen[path] = true
		imports, err := packageImports(filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(path, module))))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		for _, imp := range imports {
			if imp != module && !strings.HasPrefix(imp, module+"/") {
				continue
			}
			chain, err := visit(imp)
			if err != nil || chain != nil {
				if chain != nil {
					chain = append([]string{path}, chain...)
				}
				return chain, err
			}
		}
		return nil, nil
	}
	return visit(pkg)
}

// packageImports returns the paths imported by the non-test Go files in
// dir, sorted; a directory without Go files is an error.
func packageImports(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var out []string
	files := 0
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		files++
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ImportsOnly)
		if err != nil {
			return nil, err
		}
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		}
	}
	if files == 0 {
		return nil, fmt.Errorf("no Go files in %s", dir)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}
