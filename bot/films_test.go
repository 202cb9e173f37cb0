package bot

import (
	"strconv"
	"testing"
)

// TestFilmsBounded: the films kept are bounded in number and in bytes,
// the oldest going first; a film made of other moves or in another
// language is not the one kept; a forgotten film is gone.
func TestFilmsBounded(t *testing.T) {
	var f films
	for i := range keptFilms + 2 {
		f.put("g"+strconv.Itoa(i), filmOf(10, "en"), []byte("GIF"))
	}
	if got := f.count(); got != keptFilms {
		t.Fatalf("%d films kept, want %d", got, keptFilms)
	}
	if _, ok := f.get("g0", filmOf(10, "en")); ok {
		t.Error("the oldest film is still kept")
	}
	if got, ok := f.get("g2", filmOf(10, "en")); !ok || string(got) != "GIF" {
		t.Errorf("g2's film: %q %v", got, ok)
	}
	if _, ok := f.get("g2", filmOf(10, "es")); ok {
		t.Error("a film in another language was kept for it")
	}
	f.put("big", filmOf(1, "en"), make([]byte, MaxFilm))
	f.put("big2", filmOf(1, "en"), make([]byte, MaxFilm))
	f.put("big3", filmOf(1, "en"), make([]byte, MaxFilm))
	f.put("big4", filmOf(1, "en"), make([]byte, MaxFilm))
	if f.size > keptFilmBytes {
		t.Errorf("%d bytes kept, over %d", f.size, keptFilmBytes)
	}
	if _, ok := f.get("big", filmOf(1, "en")); ok {
		t.Error("the oldest large film is still kept")
	}
	f.put("huge", filmOf(1, "en"), make([]byte, keptFilmBytes+1))
	if _, ok := f.get("huge", filmOf(1, "en")); ok {
		t.Error("a film larger than the room was kept")
	}
	f.forget("big3")
	if _, ok := f.get("big3", filmOf(1, "en")); ok || f.size != 2*MaxFilm {
		t.Errorf("after forgetting big3: kept %v, %d bytes", ok, f.size)
	}
}
