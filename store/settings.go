package store

import (
	"bytes"
	"context"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Settings of a channel outlive its games: the language of its posts, for
// one. A new game starts from them; a game's own Settings are its copy.
// They are keys of the channel's bucket, after settingPrefix (schema 2 had
// them in a bucket "settings" of their own, which kept every channel's
// bucket out of its parent's page).

var (
	bucketSettings = []byte("settings")
	settingPrefix  = "set:"
)

// settingKey is a setting's key in a channel's bucket.
func settingKey(name string) []byte { return []byte(settingPrefix + name) }

// SetChannelSetting stores a channel's setting; an empty value removes it.
func (db *DB) SetChannelSetting(ctx context.Context, channel, key, value string) error {
	if channel == "" || key == "" {
		return fmt.Errorf("store: a channel setting needs a channel and a key")
	}
	return db.write(ctx, func(tx *bolt.Tx) (error, error) {
		if value == "" {
			if ch := channelBucket(tx, channel); ch != nil {
				return nil, ch.Delete(settingKey(key))
			}
			return nil, nil
		}
		ch, err := createChannelBucket(tx, channel)
		if err != nil {
			return nil, err
		}
		return nil, ch.Put(settingKey(key), []byte(value))
	})
}

// ChannelSetting returns a channel's setting, or "" when it has none.
func (db *DB) ChannelSetting(ctx context.Context, channel, key string) (string, error) {
	var v string
	err := db.view(ctx, func(tx *bolt.Tx) error {
		if ch := channelBucket(tx, channel); ch != nil {
			v = string(ch.Get(settingKey(key)))
		}
		return nil
	})
	return v, err
}

// EachChannelSetting calls f with every channel's every setting, from one
// read transaction (for tools: the settings of every channel ever used).
func (db *DB) EachChannelSetting(ctx context.Context, f func(channel, key, value string) error) error {
	return db.view(ctx, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketChannels).ForEachBucket(func(k []byte) error {
			c := tx.Bucket(bucketChannels).Bucket(k).Cursor()
			prefix := []byte(settingPrefix)
			for key, v := c.Seek(prefix); key != nil && bytes.HasPrefix(key, prefix); key, v = c.Next() {
				if v == nil {
					continue
				}
				if err := f(string(k), string(key[len(prefix):]), string(v)); err != nil {
					return err
				}
			}
			return nil
		})
	})
}
