package render

import "sync"

// Keep holds values under byte-string keys (what a renderer made once
// and meets again: a shape's coverage), up to a number of bytes: when a
// new value does not fit, values kept are dropped at random until it
// does; one larger than the whole limit is not kept. The zero value keeps
// nothing until Limit is set. It is safe for concurrent use.
type Keep[V any] struct {
	// Limit is how many bytes the values and their keys may take.
	Limit int

	mu    sync.RWMutex
	byKey map[string]kept[V]
	size  int
}

// kept is a value with the bytes it takes, its key's included.
type kept[V any] struct {
	v V
	n int
}

// Get returns the value kept under key.
func (k *Keep[V]) Get(key []byte) (V, bool) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	e, ok := k.byKey[string(key)]
	return e.v, ok
}

// Put keeps v, which takes n bytes, under key, unless a value is kept
// under it already.
func (k *Keep[V]) Put(key []byte, v V, n int) {
	n += len(key)
	if n > k.Limit {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if _, ok := k.byKey[string(key)]; ok {
		return
	}
	if k.byKey == nil {
		k.byKey = map[string]kept[V]{}
	}
	for old, e := range k.byKey { // the map's order is random
		if k.size+n <= k.Limit {
			break
		}
		delete(k.byKey, old)
		k.size -= e.n
	}
	k.byKey[string(key)] = kept[V]{v, n}
	k.size += n
}

// Len returns how many values are kept.
func (k *Keep[V]) Len() int {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return len(k.byKey)
}
