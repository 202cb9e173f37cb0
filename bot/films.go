package bot

import (
	"strconv"
	"sync"

	"github.com/tablebot/tablebot/i18n"
)

// A game-over post whose try fails is tried again, after a backoff, as it
// was: the film it carries is made once and kept here, in memory, until
// the post is made (or dropped), not encoded again for every try (a
// second or two of CPU each). Kept in memory only: a film (up to 8 MB)
// is too large for the store (an etcd request is at most 1.5 MB by
// default, and a bbolt file never shrinks), and a restart, rare beside a
// retry, only costs one more encoding. The films kept are bounded, in
// number and in bytes: the oldest goes first, and is made again if its
// post is tried again after all.

// Bounds of the films kept.
const (
	// keptFilms is the most films kept at once.
	keptFilms = 8
	// keptFilmBytes is the most bytes of films kept at once: three of
	// the largest.
	keptFilmBytes = 3 * MaxFilm
)

// films keeps the films made for game-over posts not yet made, by game.
// Its zero value is ready.
//
// Invariants (under mu): order holds the keys of kept, oldest first, once
// each; size is the sum of the kept films' lengths, at most keptFilmBytes;
// len(kept) <= keptFilms.
type films struct {
	mu    sync.Mutex
	kept  map[string]keptFilm
	order []string
	size  int
}

// keptFilm is a film made: its bytes (none when it failed or was too
// large: the post goes without it, and trying again would not help) and
// what it was made of.
type keptFilm struct {
	of   string
	data []byte
}

// filmOf names what a game's film is made of: its moves and the language
// of its captions (the channel's, which may change between two tries).
func filmOf(moves int, lang i18n.Lang) string {
	return strconv.Itoa(moves) + " " + string(lang)
}

// get returns game's film made of of, if kept.
func (f *films) get(game, of string) ([]byte, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	k, ok := f.kept[game]
	if !ok || k.of != of {
		return nil, false
	}
	return k.data, true
}

// put keeps game's film made of of, making room for it; a film larger
// than all the room is not kept.
func (f *films) put(game, of string, data []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.remove(game)
	if len(data) > keptFilmBytes {
		return
	}
	for len(f.order) > 0 && (len(f.order) >= keptFilms || f.size+len(data) > keptFilmBytes) {
		f.remove(f.order[0])
	}
	if f.kept == nil {
		f.kept = map[string]keptFilm{}
	}
	f.kept[game] = keptFilm{of: of, data: data}
	f.order = append(f.order, game)
	f.size += len(data)
}

// forget drops game's film: its post was made, or will never be.
func (f *films) forget(game string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.remove(game)
}

// remove drops game's film; the caller holds mu.
func (f *films) remove(game string) {
	k, ok := f.kept[game]
	if !ok {
		return
	}
	delete(f.kept, game)
	f.size -= len(k.data)
	for i, g := range f.order {
		if g == game {
			f.order = append(f.order[:i], f.order[i+1:]...)
			break
		}
	}
}

// count returns how many films are kept.
func (f *films) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.kept)
}
