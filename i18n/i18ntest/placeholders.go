package i18ntest

import (
	"strings"
	"text/template"
	"text/template/parse"

	"github.com/tablebot/tablebot/i18n"
)

// Placeholders returns the fields a message template uses ({{.player}} ->
// "player"), or an error when the text is not a valid template.
func Placeholders(text string) (map[string]bool, error) {
	tm, err := template.New("").Funcs(i18n.CheckFuncs()).Parse(text)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	if tm.Tree != nil {
		walkFields(tm.Tree.Root, out)
	}
	return out, nil
}

func walkFields(n parse.Node, out map[string]bool) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			walkFields(c, out)
		}
	case *parse.ActionNode:
		walkFields(n.Pipe, out)
	case *parse.PipeNode:
		if n == nil {
			return
		}
		for _, c := range n.Cmds {
			walkFields(c, out)
		}
	case *parse.CommandNode:
		for _, a := range n.Args {
			walkFields(a, out)
		}
	case *parse.FieldNode:
		out[strings.Join(n.Ident, ".")] = true
	case *parse.IfNode:
		walkBranch(&n.BranchNode, out)
	case *parse.RangeNode:
		walkBranch(&n.BranchNode, out)
	case *parse.WithNode:
		walkBranch(&n.BranchNode, out)
	}
}

func walkBranch(b *parse.BranchNode, out map[string]bool) {
	walkFields(b.Pipe, out)
	walkFields(b.List, out)
	walkFields(b.ElseList, out)
}
