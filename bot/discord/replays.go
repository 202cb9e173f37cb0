package discord

import (
	"sync"
	"time"
)

// maxRemembered bounds the interactions the endpoint remembers: far more
// than a bot receives in the ten minutes a signature stays acceptable,
// so that a flood cannot grow the bot's memory.
const maxRemembered = 1 << 17

// replays remembers the interactions the endpoint took, by id, for as long
// as their signed timestamp is acceptable (SignatureWindow either way), so
// that a request captured and sent again within that time is refused
// instead of acting twice: a slash command carries no board version, and a
// move replayed would be made a second time. It remembers per process: a
// replica behind a load balancer knows only what reached it.
//
// Invariants (under mu): every id in at is in order, once, and order holds
// them oldest first; len(order) ≤ maxRemembered.
type replays struct {
	mu    sync.Mutex
	at    map[string]time.Time // id → when its signature stops being acceptable
	order []string
}

// first records the interaction id, signed at signed, and reports whether
// it is the first time it comes. Entries whose signatures can no longer be
// accepted are forgotten on the way; at the bound, the oldest go first.
func (r *replays) first(id string, signed, now time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.at == nil {
		r.at = map[string]time.Time{}
	}
	drop := 0
	for drop < len(r.order) && (len(r.order)-drop >= maxRemembered || !now.Before(r.at[r.order[drop]])) {
		delete(r.at, r.order[drop])
		drop++
	}
	r.order = r.order[drop:]
	if _, ok := r.at[id]; ok {
		return false
	}
	r.at[id] = signed.Add(SignatureWindow)
	r.order = append(r.order, id)
	return true
}
