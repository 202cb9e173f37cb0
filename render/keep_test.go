package render

import (
	"fmt"
	"testing"
)

// TestKeep: values are kept up to the limit, their keys counted; a new
// value that does not fit drops others until it does; one larger than the
// limit, or under a key kept already, is not kept.
func TestKeep(t *testing.T) {
	k := Keep[int]{Limit: 100}
	for i := range 5 {
		k.Put([]byte(fmt.Sprint("k", i)), i, 18) // 20 bytes with the key
	}
	if got := k.Len(); got != 5 {
		t.Fatalf("%d kept, want 5", got)
	}
	k.Put([]byte("k0"), 99, 18)
	if v, ok := k.Get([]byte("k0")); !ok || v != 0 {
		t.Errorf("k0 = %d, %v after a second Put; want the first value kept", v, ok)
	}
	k.Put([]byte("big"), 7, 37) // 40 bytes: two of the others go
	if v, ok := k.Get([]byte("big")); !ok || v != 7 {
		t.Errorf("big = %d, %v; want 7 kept", v, ok)
	}
	if got := k.Len(); got != 4 {
		t.Errorf("%d kept after making room, want 4", got)
	}
	k.Put([]byte("huge"), 8, 100)
	if _, ok := k.Get([]byte("huge")); ok || k.Len() != 4 {
		t.Errorf("a value over the limit was kept or dropped others")
	}
	var none Keep[int]
	none.Put([]byte("x"), 1, 0)
	if none.Len() != 0 {
		t.Errorf("the zero Keep kept a value")
	}
}
