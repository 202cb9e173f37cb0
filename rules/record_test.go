package rules

import (
	"errors"
	"strings"
	"testing"
)

func TestReadRecordLines(t *testing.T) {
	type seen struct {
		n    int
		code string
	}
	tests := []struct {
		name     string
		in       string
		failAt   int // the line each refuses; 0 for none
		want     []seen
		wantN    int
		wantLine int // the line of the error; 0 for no error
		wantKey  string
	}{
		{"comments and blanks", "game x # a game\r\n\n  # only a comment\nmove 1\n", 0,
			[]seen{{1, "game x "}, {4, "move 1"}}, 4, 0, ""},
		{"no final line break", "a\nb", 0, []seen{{1, "a"}, {2, "b"}}, 2, 0, ""},
		{"not UTF-8", "a\n\xff\nb\n", 0, []seen{{1, "a"}}, 2, 2, "notation.utf8"},
		{"too long", "a\n" + strings.Repeat("x", MaxRecordLine+1) + "\n", 0, []seen{{1, "a"}}, 1, 2, "notation.long"},
		{"refused line", "a\nb\nc\n", 2, []seen{{1, "a"}, {2, "b"}}, 2, 2, "test.refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []seen
			n, err := ReadRecordLines(strings.NewReader(tt.in), func(l RecordLine) error {
				got = append(got, seen{l.N, l.Code})
				if len(l.Words) == 0 {
					t.Errorf("line %d: no words", l.N)
				}
				if l.N == tt.failAt {
					return Errorf(Invalid, "test.refused", nil, "refused")
				}
				return nil
			})
			if n != tt.wantN {
				t.Errorf("lines read = %d, want %d", n, tt.wantN)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("lines given = %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("line %d = %v, want %v", i, got[i], tt.want[i])
				}
			}
			if tt.wantLine == 0 {
				if err != nil {
					t.Fatalf("err = %v, want none", err)
				}
				return
			}
			var le *LineError
			if !errors.As(err, &le) {
				t.Fatalf("err = %v, want a *LineError", err)
			}
			var e *Error
			if le.Line != tt.wantLine || !errors.As(err, &e) || e.Key != tt.wantKey {
				t.Errorf("err = %v (line %d), want line %d with key %s", err, le.Line, tt.wantLine, tt.wantKey)
			}
		})
	}
	t.Run("a LineError from each is kept", func(t *testing.T) {
		want := &LineError{Line: 7, Text: "elsewhere", Err: errors.New("x")}
		_, err := ReadRecordLines(strings.NewReader("a\n"), func(RecordLine) error { return want })
		if err != want {
			t.Errorf("err = %v, want %v", err, want)
		}
	})
}
