package bot

import (
	"hash/fnv"
	"strconv"
	"strings"
)

// maxCustomID is Discord's limit of a component's custom id.
const maxCustomID = 100

// Action is what a button or menu stands for, carried in its custom id:
// "<kind>:<game>:v<position>:<step>[:<arg>...]". kind routes it to its
// game; game is a short token of the stored game and position the game's
// Position (store.Game) when it was posted, so that a component of an
// older board (also of the same number of moves, after an undo), or of an
// earlier game in the channel, is recognised as stale. Args are short words
// (village letters, base names), so that an id stays far below Discord's
// 100 characters; a colon cannot be part of one.
type Action struct {
	Kind     string
	Game     string
	Position uint64
	Step     string
	Args     []string
}

// ID returns the custom id.
func (a Action) ID() string {
	var b strings.Builder
	b.WriteString(a.Kind)
	b.WriteByte(':')
	b.WriteString(a.Game)
	b.WriteByte(':')
	b.WriteByte('v')
	b.WriteString(strconv.FormatUint(a.Position, 10))
	b.WriteByte(':')
	b.WriteString(a.Step)
	for _, s := range a.Args {
		b.WriteByte(':')
		b.WriteString(s)
	}
	return b.String()
}

// With returns the action of a further step with more arguments.
func (a Action) With(step string, args ...string) Action {
	return Action{Kind: a.Kind, Game: a.Game, Position: a.Position, Step: step, Args: append(append([]string(nil), a.Args...), args...)}
}

// Arg returns argument i, "" when there is none.
func (a Action) Arg(i int) string {
	if i < 0 || i >= len(a.Args) {
		return ""
	}
	return a.Args[i]
}

// ParseAction reads a custom id; false when it is not an action's (the
// ids of older versions, which carried a number of moves, are not).
func ParseAction(id string) (Action, bool) {
	parts := strings.Split(id, ":")
	if len(parts) < 4 || parts[0] == "" || len(id) > maxCustomID {
		return Action{}, false
	}
	digits, ok := strings.CutPrefix(parts[2], "v")
	if !ok {
		return Action{}, false
	}
	n, err := strconv.ParseUint(digits, 10, 64)
	if err != nil {
		return Action{}, false
	}
	return Action{Kind: parts[0], Game: parts[1], Position: n, Step: parts[3], Args: parts[4:]}, true
}

// gameToken returns a short token for a game id: 6 base-36 digits of its
// hash, enough to tell the games of one channel apart.
func gameToken(gameID string) string {
	h := fnv.New32a()
	h.Write([]byte(gameID))
	s := strconv.FormatUint(uint64(h.Sum32()%2176782336), 36) // 36^6
	return strings.Repeat("0", 6-len(s)) + s
}
