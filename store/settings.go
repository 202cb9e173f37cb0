package store

import (
	"context"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Settings of a channel outlive its games: the language of its posts, for
// one. A new game starts from them; a game's own Settings are its copy.

var bucketSettings = []byte("settings")

// SetChannelSetting stores a channel's setting; an empty value removes it.
func (db *DB) SetChannelSetting(ctx context.Context, channel, key, value string) error {
	if channel == "" || key == "" {
		return fmt.Errorf("store: a channel setting needs a channel and a key")
	}
	return db.write(ctx, func(tx *bolt.Tx) (error, error) {
		ch, _, err := createChannelBucket(tx, channel)
		if err != nil {
			return nil, err
		}
		if value == "" {
			s := ch.Bucket(bucketSettings)
			if s == nil {
				return nil, nil
			}
			return nil, s.Delete([]byte(key))
		}
		s, err := ch.CreateBucketIfNotExists(bucketSettings)
		if err != nil {
			return nil, err
		}
		return nil, s.Put([]byte(key), []byte(value))
	})
}

// ChannelSetting returns a channel's setting, or "" when it has none.
func (db *DB) ChannelSetting(ctx context.Context, channel, key string) (string, error) {
	var v string
	err := db.view(ctx, func(tx *bolt.Tx) error {
		if ch := channelBucket(tx, channel); ch != nil {
			if s := ch.Bucket(bucketSettings); s != nil {
				v = string(s.Get([]byte(key)))
			}
		}
		return nil
	})
	return v, err
}
