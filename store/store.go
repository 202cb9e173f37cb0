package store

import (
	"context"
	"time"

	"github.com/tablebot/tablebot/stats"
)

// Store is what the host keeps its games in: the games of every channel,
// their moves, the posts each channel is owed (its outbox), the indexes
// of what is live and what is due, and the channels' settings. Two
// engines implement it: *DB, one bbolt file (Open, the default), and
// store/etcd, an etcd cluster. Both pass the same conformance suite
// (store/storetest), so that the host cannot tell them apart.
//
// Every write is durable when it returns; a write is refused as a whole
// (a domain error: Conflict, NotFound, Exists, or a rules error of a
// Check) or made as a whole. See *DB's methods for each one's contract.
type Store interface {
	// Create stores g as its channel's new current game (see DB.Create).
	Create(ctx context.Context, g *Game) error
	// Current returns a channel's live game, or a NotFound error.
	Current(ctx context.Context, channel string) (*Game, error)
	// Game returns a game, live or archived, by id.
	Game(ctx context.Context, id string) (*Game, error)
	// Archived returns a channel's ended games, oldest first.
	Archived(ctx context.Context, channel string) ([]*Game, error)
	// List returns every stored game, by channel and then oldest first.
	List(ctx context.Context) ([]*Game, error)
	// Each calls f with every stored game: the live ones, then the archived.
	Each(ctx context.Context, f func(*Game) error) error
	// EachSummary calls f with a summary of every stored game.
	EachSummary(ctx context.Context, f func(Summary) error) error
	// Count returns the numbers of live and archived games.
	Count(ctx context.Context) (live, archived int, err error)

	// Update changes the metadata of a channel's current game.
	Update(ctx context.Context, channel, gameID string, fn func(*Game) error) (*Game, error)
	// UpdateAnnounced is Update for a change that owes its channel a post.
	UpdateAnnounced(ctx context.Context, channel, gameID string, fn func(*Game) (*Announcement, error)) (*Game, error)
	// Finish ends a channel's current game and archives it.
	Finish(ctx context.Context, channel, gameID string, status Status) (*Game, error)
	// AppendMove stores the next move of a channel's current game.
	AppendMove(ctx context.Context, channel, gameID string, m Move, check Check) (*Game, error)
	// UndoMove removes the last move of a channel's current game.
	UndoMove(ctx context.Context, channel, gameID string, expectedN int) (*Game, error)
	// UndoMoves removes the last count moves of a channel's current game.
	UndoMoves(ctx context.Context, channel, gameID string, expectedN, count int, announce *Announcement) (*Game, error)

	// SetWake sets when the host is to look at a live game again.
	SetWake(ctx context.Context, channel, gameID string, version uint64, at time.Time) error
	// Due returns the live games whose Wake is not after until.
	Due(ctx context.Context, until time.Time, limit int) ([]Due, error)
	// NextWake returns the earliest Wake of the live games.
	NextWake(ctx context.Context) (time.Time, bool, error)
	// LiveOf returns the channels where a person has a seat in a live game.
	LiveOf(ctx context.Context, user string) ([]LiveGame, error)
	// LiveIn returns the channels of a server that have a live game.
	LiveIn(ctx context.Context, guild string) ([]string, error)

	// Outbox returns the announcements a channel is owed, oldest first.
	Outbox(ctx context.Context, channel string) ([]Announcement, error)
	// OutboxChannels returns the channels that are owed announcements.
	OutboxChannels(ctx context.Context) ([]string, error)
	// Posted removes announcements once a post carried them.
	Posted(ctx context.Context, channel, game, kind string, upTo uint64, messageID string) error
	// Retry records a failed attempt to post announcements.
	Retry(ctx context.Context, channel, game, kind string, upTo uint64, next time.Time, doubt bool) error

	// SetChannelSetting stores a channel's setting ("" removes it).
	SetChannelSetting(ctx context.Context, channel, key, value string) error
	// ChannelSetting returns a channel's setting, "" when it has none.
	ChannelSetting(ctx context.Context, channel, key string) (string, error)
	// EachChannelSetting calls f with every channel's every setting.
	EachChannelSetting(ctx context.Context, f func(channel, key, value string) error) error

	// SetUserSetting stores a person's setting ("" removes it): what
	// belongs to a user, not a game, in every server (where turns reach
	// them, for one).
	SetUserSetting(ctx context.Context, user, key, value string) error
	// UserSetting returns a user's setting, "" when they have none.
	UserSetting(ctx context.Context, user, key string) (string, error)
	// UserSettings returns all the settings of some users, by user and
	// key, in one read (a user without any has none in the map).
	UserSettings(ctx context.Context, users ...string) (map[string]map[string]string, error)
	// EachUserSetting calls f with every user's every setting, by user
	// and then by key.
	EachUserSetting(ctx context.Context, f func(user, key, value string) error) error

	// Tally returns a tally of the statistics, empty when none is kept.
	Tally(ctx context.Context, k stats.Key) (*stats.Tally, error)
	// Tallies returns a scope's tallies of a period, by subject.
	Tallies(ctx context.Context, scope, period string) (map[string]*stats.Tally, error)
	// ReplaceTallies replaces every tally (a rebuild from the games).
	ReplaceTallies(ctx context.Context, tallies map[stats.Key]*stats.Tally) error

	// Import stores whole games, idempotently.
	Import(ctx context.Context, games []*Game) ([]Imported, error)
	// Check reads and decodes everything stored.
	Check(ctx context.Context, progress func(games int)) error
	// Close releases the store.
	Close() error
}

// DB is the bbolt engine.
var _ Store = (*DB)(nil)
