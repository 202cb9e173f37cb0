package cli

import (
	"errors"
	"flag"
	"io"
	"slices"
	"strings"
	"testing"
)

// TestParseFlags: flags may come before, between and after the positional
// arguments, which keep their order; after "--" everything is positional,
// even words that start with '-'.
func TestParseFlags(t *testing.T) {
	tests := []struct {
		args    []string
		want    []string
		wantErr bool
	}{
		{[]string{"x", "y"}, []string{"x", "y"}, false},
		{[]string{"-v", "x", "-n", "3", "y"}, []string{"x", "y"}, false},
		{[]string{"x", "--", "-y", "z"}, []string{"x", "-y", "z"}, false},
		{[]string{"--", "-v", "--", "x"}, []string{"-v", "--", "x"}, false},
		{[]string{"x", "-n", "3", "--", "--n", "y"}, []string{"x", "--n", "y"}, false},
		{[]string{"-", "x"}, []string{"-", "x"}, false},
		{[]string{"x", "-nope"}, nil, true},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			fs := flag.NewFlagSet("t", flag.ContinueOnError)
			fs.Bool("v", false, "")
			fs.Int("n", 0, "")
			got, err := ParseFlags(fs, Env{Stderr: io.Discard}, tt.args)
			if (err != nil) != tt.wantErr {
				t.Fatalf("error %v", err)
			}
			if tt.wantErr && !errors.Is(err, ErrUsage) {
				t.Errorf("error %v is not a usage error", err)
			}
			if !tt.wantErr && !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestUsage: usage errors say their message after "usage: " and are
// ErrUsage; -h is not one.
func TestUsage(t *testing.T) {
	err := Usagef("--players must be %d to %d", 1, 4)
	if !errors.Is(err, ErrUsage) || err.Error() != "usage: --players must be 1 to 4" {
		t.Errorf("Usagef: %v", err)
	}
	if err := UsageError(flag.ErrHelp); err != flag.ErrHelp {
		t.Errorf("UsageError(ErrHelp) = %v", err)
	}
	if err := UsageError(errors.New("bad flag")); !errors.Is(err, ErrUsage) || err.Error() != "usage: bad flag" {
		t.Errorf("UsageError: %v", err)
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	if err := ParseNoArgs(fs, Env{Stderr: io.Discard}, []string{"extra"}); !errors.Is(err, ErrUsage) ||
		!strings.Contains(err.Error(), `unexpected argument "extra"`) {
		t.Errorf("ParseNoArgs: %v", err)
	}
}
