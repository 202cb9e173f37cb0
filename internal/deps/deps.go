// Package deps follows a Go module's imports, for tests that keep the
// module's architecture: the host and the shared packages know no game.
// It reads source files only (go/parser), so tests need no go command.
package deps

import (
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// ModuleRoot returns the directory of the module that holds dir and the
// module's path, read from its go.mod.
func ModuleRoot(dir string) (root, module string, err error) {
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			for _, line := range strings.Split(string(data), "\n") {
				if m, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
					return dir, strings.Trim(strings.TrimSpace(m), `"`), nil
				}
			}
			return "", "", fmt.Errorf("%s: no module line", filepath.Join(dir, "go.mod"))
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", "", errors.New("deps: no go.mod above " + dir)
		}
		dir = parent
	}
}

// Reaches follows the imports of package pkg of the module at root,
// and of the module's packages it imports in turn, and returns the chain of
// imports from pkg to the first package whose path starts with forbidden,
// or nil when there is none. It reads the packages' non-test Go files (all
// of them, whatever their build constraints), as `go list -deps` would for
// every platform; imports from outside the module cannot lead back into
// it.
func Reaches(root, module, pkg, forbidden string) ([]string, error) {
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
