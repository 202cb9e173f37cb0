package store

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Names of buckets and keys; see the layout in doc.go.
var (
	bucketMeta     = []byte("meta")
	bucketChannels = []byte("channels")
	bucketGames    = []byte("games")
	bucketMoves    = []byte("moves")
	keySchema      = []byte("schema")
	keyCurrent     = []byte("current")
	keyGameSeq     = []byte("gseq")
	keyOutboxSeq   = []byte("oseq")
	keyGame        = []byte("game")
	keySnapshot    = []byte("snapshot")
)

// seqKey encodes a game's sequence number within its channel.
func seqKey(seq uint64) []byte { return binary.BigEndian.AppendUint64(nil, seq) }

func decodeSeq(b []byte) (uint64, error) {
	if len(b) != 8 {
		return 0, fmt.Errorf("%w: game key of %d bytes", ErrCorrupt, len(b))
	}
	return binary.BigEndian.Uint64(b), nil
}

// moveKey encodes a move's index.
func moveKey(n int) []byte { return binary.BigEndian.AppendUint32(nil, uint32(n)) }

func decodeMoveKey(b []byte) (int, error) {
	if len(b) != 4 {
		return 0, fmt.Errorf("%w: move key of %d bytes", ErrCorrupt, len(b))
	}
	return int(binary.BigEndian.Uint32(b)), nil
}

// maxMoves bounds a game's moves so that indexes fit their 4-byte keys;
// no game comes near it.
const maxMoves = 1 << 31

// encodeMove encodes a move's value: int64 unix nanoseconds, uvarint
// length of By, By, then Text to the end. N is the key.
func encodeMove(m Move) []byte {
	b := make([]byte, 0, 8+binary.MaxVarintLen64+len(m.By)+len(m.Text))
	b = binary.BigEndian.AppendUint64(b, uint64(m.At.UnixNano()))
	b = binary.AppendUvarint(b, uint64(len(m.By)))
	b = append(b, m.By...)
	return append(b, m.Text...)
}

func decodeMove(n int, b []byte) (Move, error) {
	if len(b) < 9 {
		return Move{}, fmt.Errorf("%w: move %d is unreadable", ErrCorrupt, n)
	}
	at := int64(binary.BigEndian.Uint64(b))
	l, k := binary.Uvarint(b[8:])
	if k <= 0 || l > uint64(len(b)-8-k) {
		return Move{}, fmt.Errorf("%w: move %d is unreadable", ErrCorrupt, n)
	}
	rest := b[8+k:]
	return Move{
		N:    n,
		At:   time.Unix(0, at).UTC(),
		By:   string(rest[:l]),
		Text: string(rest[l:]),
	}, nil
}

// encodeSnapshot stores a snapshot with the number of moves it reflects,
// so that a snapshot left behind by a change is never mistaken for the
// current state.
func encodeSnapshot(moves int, data []byte) []byte {
	return append(binary.BigEndian.AppendUint32(nil, uint32(moves)), data...)
}

// decodeSnapshot returns the snapshot when it reflects the given number of
// moves, and nil otherwise.
func decodeSnapshot(moves int, b []byte) []byte {
	if len(b) < 4 || int(binary.BigEndian.Uint32(b)) != moves {
		return nil
	}
	return append([]byte(nil), b[4:]...)
}

// gameJSON is a game's stored metadata. Field names are part of the file
// format: change them only with a schema migration.
type gameJSON struct {
	Guild        string            `json:"guild,omitempty"`
	Kind         string            `json:"kind"`
	Status       Status            `json:"status"`
	Creator      string            `json:"creator,omitempty"`
	Players      []playerJSON      `json:"players,omitempty"`
	Created      time.Time         `json:"created"`
	Updated      time.Time         `json:"updated"`
	BoardMessage string            `json:"board,omitempty"`
	Reminded     int               `json:"reminded,omitempty"`
	Settings     map[string]string `json:"settings,omitempty"`
	Setup        []string          `json:"setup,omitempty"`
	Version      uint64            `json:"version,omitempty"`
	Position     uint64            `json:"position,omitempty"`
	Wake         time.Time         `json:"wake,omitzero"`
}

type playerJSON struct {
	UserID    string    `json:"user,omitempty"`
	Name      string    `json:"name,omitempty"`
	Colour    string    `json:"colour,omitempty"`
	Computer  string    `json:"computer,omitempty"`
	Away      string    `json:"away,omitempty"`
	HandedBy  string    `json:"handed,omitempty"`
	AwayUntil time.Time `json:"away_until,omitzero"`
}

func encodeGame(g *Game) ([]byte, error) {
	j := gameJSON{
		Guild: g.Guild, Kind: g.Kind, Status: g.Status, Creator: g.Creator,
		Created: g.Created.UTC(), Updated: g.Updated.UTC(), BoardMessage: g.BoardMessage, Reminded: g.Reminded,
		Settings: g.Settings, Setup: g.Setup, Version: g.Version, Position: g.Position, Wake: g.Wake.UTC(),
	}
	for _, p := range g.Players {
		j.Players = append(j.Players, playerJSON(p))
	}
	return json.Marshal(j)
}

// decodeGame reads a game's metadata into a Game without moves.
func decodeGame(channel string, seq uint64, b []byte) (*Game, error) {
	var j gameJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return nil, fmt.Errorf("%w: game %s: %v", ErrCorrupt, gameID(channel, seq), err)
	}
	return gameOf(channel, seq, &j), nil
}

// gameOf is the Game of stored metadata j, without moves.
func gameOf(channel string, seq uint64, j *gameJSON) *Game {
	g := &Game{
		ID: gameID(channel, seq), Guild: j.Guild, Channel: channel, Kind: j.Kind,
		Status: j.Status, Creator: j.Creator, Created: j.Created, Updated: j.Updated,
		BoardMessage: j.BoardMessage, Reminded: j.Reminded, Settings: j.Settings, Setup: j.Setup,
		Version: j.Version, Position: j.Position, Wake: j.Wake,
	}
	for _, p := range j.Players {
		g.Players = append(g.Players, Player(p))
	}
	return g
}

// gameID names game seq of a channel.
func gameID(channel string, seq uint64) string {
	return channel + "-" + strconv.FormatUint(seq, 10)
}

// parseGameID splits a game id into its channel and sequence number.
func parseGameID(id string) (channel string, seq uint64, ok bool) {
	i := strings.LastIndexByte(id, '-')
	if i <= 0 {
		return "", 0, false
	}
	seq, err := strconv.ParseUint(id[i+1:], 10, 64)
	if err != nil || seq == 0 || strconv.FormatUint(seq, 10) != id[i+1:] {
		return "", 0, false
	}
	return id[:i], seq, true
}
