package deps

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
)

// Func is a function and its cyclomatic complexity.
type Func struct {
	Name       string // "(*Recv).Name" for a method
	Pos        string // file:line, the file relative to the root
	Complexity int
}

func (f Func) String() string { return fmt.Sprintf("%d %s %s", f.Complexity, f.Name, f.Pos) }

// Complexity is a function's cyclomatic complexity as gocyclo counts it:
// 1, plus 1 for each if, for, range, case (not default), select case
// (not default), && and || in its body, function literals included.
func Complexity(fn *ast.FuncDecl) int {
	n := 1
	ast.Inspect(fn, func(node ast.Node) bool {
		switch x := node.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt:
			n++
		case *ast.CaseClause:
			if x.List != nil {
				n++
			}
		case *ast.CommClause:
			if x.Comm != nil {
				n++
			}
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				n++
			}
		}
		return true
	})
	return n
}

// Complex returns the functions of the non-test Go files under root
// (testdata and hidden directories left out) whose complexity is above
// over, the most complex first.
func Complex(root string, over int) ([]Func, error) {
	var out []Func
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Body != nil {
				if c := Complexity(fn); c > over {
					out = append(out, Func{Name: funcName(fn), Pos: fmt.Sprintf("%s:%d", rel, fset.Position(fn.Pos()).Line), Complexity: c})
				}
			}
		}
		return nil
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].Complexity > out[j].Complexity })
	return out, err
}

// funcName names a function as gocyclo does: "(*T).M", "(T).M" or "F".
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	return "(" + recvType(fn.Recv.List[0].Type) + ")." + fn.Name.Name
}

// recvType writes a receiver's type: "*T", "T", generic parameters left
// out.
func recvType(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return "*" + recvType(x.X)
	case *ast.IndexExpr:
		return recvType(x.X)
	case *ast.IndexListExpr:
		return recvType(x.X)
	case *ast.Ident:
		return x.Name
	}
	return "?"
}
