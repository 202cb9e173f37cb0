package discordfake

import (
	"strconv"
	"sync"
	"time"
)

// discordEpoch is the first millisecond of 2015, the origin of Discord's
// snowflake timestamps.
const discordEpoch = 1420070400000

// snowflakes hands out ids shaped like Discord's: the creation time in the
// high bits, so that ids sort by age, and strictly increasing even when two
// are made in the same millisecond.
type snowflakes struct {
	now  func() time.Time // the server's clock; nil means time.Now
	mu   sync.Mutex
	last uint64
}

// next returns a fresh id as the decimal string Discord uses on the wire.
func (g *snowflakes) next() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := time.Now
	if g.now != nil {
		now = g.now
	}
	ms := max(now().UnixMilli()-discordEpoch, 0)
	id := uint64(ms) << 22
	if id <= g.last {
		id = g.last + 1
	}
	g.last = id
	return strconv.FormatUint(id, 10)
}

// snowflakeTime returns the creation time encoded in a snowflake id, or the
// zero time when id is not a number.
func snowflakeTime(id string) time.Time {
	v, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return time.Time{}
	}
	return time.UnixMilli(int64(v>>22) + discordEpoch)
}

// isSnowflake reports whether s looks like a snowflake id.
func isSnowflake(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}
