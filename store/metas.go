package store

import (
	"bytes"
	"sync"
)

// maxMetas bounds the games whose metadata a metaCache keeps decoded:
// far more than the games that move at once, a few MB at most (an entry
// is a game's JSON and its decoded copy, one to two KB).
const maxMetas = 4096

// metaCache keeps the live games' metadata decoded, by the bytes they
// were decoded from: a move reads its game's metadata several times (the
// host's reads before and after it, the write's own read, the board's
// post), and decoding its JSON each time cost more than the rest of the
// read. An entry is used only for the very bytes it was decoded from, so
// it can never be stale: whatever a transaction wrote, committed or
// rolled back, a read decodes what it finds unless it is those bytes. The
// games it hands out are copies of its own, which nobody changes.
type metaCache struct {
	limit int // games kept at most
	mu    sync.Mutex
	games map[string]metaEntry // by game id
}

type metaEntry struct {
	raw  []byte // the stored metadata, copied out of the file
	game *Game  // decoded from raw, without moves
}

// newMetaCache returns a cache that keeps at most limit games.
func newMetaCache(limit int) *metaCache {
	return &metaCache{limit: limit, games: map[string]metaEntry{}}
}

// decode is decodeGame through the cache; a nil cache decodes (a scan of
// every game, which would only push the live games out of it).
func (c *metaCache) decode(channel string, seq uint64, raw []byte) (*Game, error) {
	if c == nil {
		return decodeGame(channel, seq, raw)
	}
	id := gameID(channel, seq)
	c.mu.Lock()
	e, ok := c.games[id]
	c.mu.Unlock()
	if ok && bytes.Equal(e.raw, raw) {
		return e.game.Clone(), nil
	}
	g, err := decodeGame(channel, seq, raw)
	if err != nil {
		return nil, err
	}
	e = metaEntry{raw: bytes.Clone(raw), game: g.Clone()}
	c.mu.Lock()
	if _, ok := c.games[id]; !ok && len(c.games) >= c.limit {
		for k := range c.games { // any one: the map's order is random
			delete(c.games, k)
			break
		}
	}
	c.games[id] = e
	c.mu.Unlock()
	return g, nil
}
