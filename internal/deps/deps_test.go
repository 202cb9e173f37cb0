package deps

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestReaches checks the check itself on a module made for the test:
// an import of a game's rules is found directly and through another
// package, and the module's other packages, the standard library, other
// modules and the package's own tests are let through.
func TestReaches(t *testing.T) {
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
			got, err := Reaches(root, module, module+"/"+tc.pkg, module+"/rules/")
			if (err != nil) != tc.wantErr {
				t.Fatalf("error %v, want an error: %v", err, tc.wantErr)
			}
			if !slices.Equal(got, tc.wantChain) {
				t.Errorf("got %q, want %q", got, tc.wantChain)
			}
		})
	}
}
