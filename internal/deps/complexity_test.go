package deps

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"
)

// maxComplexity is the most cyclomatic complexity a function of the
// module may have (the engineering standard: split what is over into
// named steps).
const maxComplexity = 25

// TestNoComplexFunctions keeps every non-test function of the module at
// or under maxComplexity, counted as gocyclo counts (gocyclo -over 25).
func TestNoComplexFunctions(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, _, err := ModuleRoot(wd)
	if err != nil {
		t.Fatal(err)
	}
	over, err := Complex(root, maxComplexity)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range over {
		t.Errorf("%s: cyclomatic complexity %d, over %d: split it into named steps", f.Pos, f.Complexity, maxComplexity)
	}
}

func TestComplexity(t *testing.T) {
	tests := []struct {
		name, src string
		want      int
	}{
		{"straight", `func f() { g() }`, 1},
		{"if and else", `func f(a bool) { if a { g() } else { h() } }`, 2},
		{"loops", `func f(xs []int) { for range xs {}; for i := 0; i < 3; i++ {} }`, 3},
		{"switch without default", `func f(x int) { switch x { case 1: case 2, 3: default: } }`, 3},
		{"select", `func f(c chan int) { select { case <-c: default: } }`, 2},
		{"and, or", `func f(a, b, c bool) bool { return a && b || c }`, 3},
		{"a literal counts in its function", `func f() { g := func(a bool) { if a {} }; g(true) }`, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := parser.ParseFile(token.NewFileSet(), "f.go", "package p\n"+tt.src, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := Complexity(f.Decls[0].(*ast.FuncDecl)); got != tt.want {
				t.Errorf("Complexity = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestComplexFindsAMethod finds a method over the limit in a module
// written for the test, named as gocyclo names it, and leaves tests out.
func TestComplexFindsAMethod(t *testing.T) {
	dir := t.TempDir()
	branchy := "package p\ntype T struct{}\nfunc (t *T) M(x int) {\n"
	for range 4 {
		branchy += "\tif x > 0 {}\n"
	}
	branchy += "}\n"
	for name, src := range map[string]string{"p.go": branchy, "p_test.go": branchy} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Complex(dir, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Name != "(*T).M" || got[0].Complexity != 5 || got[0].Pos != "p.go:3" {
		t.Errorf("Complex = %v, want one (*T).M of 5 at p.go:3", got)
	}
}
