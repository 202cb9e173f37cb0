package stats

import (
	"fmt"
	"strconv"
	"strings"
)

// Tables and levels are kept as text ("shangrila/3", "easy/2"), so that
// maps keyed by them encode as JSON objects.

// MarshalText writes t as its kind and number of players.
func (t Table) MarshalText() ([]byte, error) { return pair(t.Kind, t.Players), nil }

// UnmarshalText reads what MarshalText wrote.
func (t *Table) UnmarshalText(b []byte) error {
	var err error
	t.Kind, t.Players, err = unpair(b)
	return err
}

// MarshalText writes l as its difficulty and number of players.
func (l Level) MarshalText() ([]byte, error) { return pair(l.Difficulty, l.Players), nil }

// UnmarshalText reads what MarshalText wrote.
func (l *Level) UnmarshalText(b []byte) error {
	var err error
	l.Difficulty, l.Players, err = unpair(b)
	return err
}

func pair(s string, n int) []byte { return []byte(s + "/" + strconv.Itoa(n)) }

func unpair(b []byte) (string, int, error) {
	s, ns, ok := strings.Cut(string(b), "/")
	n, err := strconv.Atoi(ns)
	if !ok || err != nil {
		return "", 0, fmt.Errorf("stats: %q is not a name and a number of players", b)
	}
	return s, n, nil
}
