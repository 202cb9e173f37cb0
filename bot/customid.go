package bot

import (
	"hash/fnv"
	"strconv"
	"strings"
)

// customPrefix marks the components of The Bridges of Shangri-La.
const customPrefix = "sl"

// action is what a button or menu stands for, carried in its custom id:
// "sl:<game>:<moves>:<step>[:<arg>...]". game is a short token of the game
// the component belongs to and moves the number of moves made when it was
// posted, so that a component of an older board, or of an earlier game in
// the channel, is recognised as stale. Args are village letters and
// discipline letters, so an id stays far below Discord's 100 characters.
type action struct {
	game  string
	moves int
	step  string
	args  []string
}

// id returns the custom id.
func (a action) id() string {
	var b strings.Builder
	b.WriteString(customPrefix)
	b.WriteByte(':')
	b.WriteString(a.game)
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(a.moves))
	b.WriteByte(':')
	b.WriteString(a.step)
	for _, s := range a.args {
		b.WriteByte(':')
		b.WriteString(s)
	}
	return b.String()
}

// with returns the action of a further step with more arguments.
func (a action) with(step string, args ...string) action {
	return action{game: a.game, moves: a.moves, step: step, args: append(append([]string(nil), a.args...), args...)}
}

// parseAction reads a custom id; false when it is not one of ours.
func parseAction(id string) (action, bool) {
	parts := strings.Split(id, ":")
	if len(parts) < 4 || parts[0] != customPrefix || len(id) > 100 {
		return action{}, false
	}
	n, err := strconv.Atoi(parts[2])
	if err != nil || n < 0 {
		return action{}, false
	}
	return action{game: parts[1], moves: n, step: parts[3], args: parts[4:]}, true
}

// gameToken returns a short token for a game id: 6 base-36 digits of its
// hash, enough to tell the games of one channel apart.
func gameToken(gameID string) string {
	h := fnv.New32a()
	h.Write([]byte(gameID))
	s := strconv.FormatUint(uint64(h.Sum32()%2176782336), 36) // 36^6
	return strings.Repeat("0", 6-len(s)) + s
}
