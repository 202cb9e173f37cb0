package etcd

import (
	"context"
	"strings"

	"github.com/tablebot/tablebot/store"
)

// A user's settings are keys "u/<user> 0 <key>" of their own: they belong
// to no channel, so a plain put or delete sets them.

// SetUserSetting stores a user's setting; an empty value removes it.
func (db *DB) SetUserSetting(ctx context.Context, user, key, value string) error {
	if err := store.CheckUserSetting(user, key); err != nil {
		return err
	}
	var err error
	if value == "" {
		_, err = db.cli.Delete(ctx, db.k.userSetting(user, key))
	} else {
		_, err = db.cli.Put(ctx, db.k.userSetting(user, key), value)
	}
	return err
}

// UserSetting returns a user's setting, or "" when they have none.
func (db *DB) UserSetting(ctx context.Context, user, key string) (string, error) {
	if err := store.CheckUserSetting(user, key); err != nil {
		return "", err
	}
	r, err := db.cli.Get(ctx, db.k.userSetting(user, key))
	if err != nil || len(r.Kvs) == 0 {
		return "", err
	}
	return string(r.Kvs[0].Value), nil
}

// UserSettings returns all of a user's settings by key, in one read.
func (db *DB) UserSettings(ctx context.Context, user string) (map[string]string, error) {
	if err := store.CheckUserSetting(user, "-"); err != nil {
		return nil, err
	}
	prefix := db.k.userSetting(user, "")
	out := map[string]string{}
	err := db.scan(ctx, prefix, 0, func(kv kv) error {
		out[strings.TrimPrefix(kv.key, prefix)] = string(kv.value)
		return nil
	})
	return out, err
}

// EachUserSetting calls f with every user's every setting, by user and
// then by key.
func (db *DB) EachUserSetting(ctx context.Context, f func(user, key, value string) error) error {
	return db.scan(ctx, db.k.users(), 0, func(kv kv) error {
		user, key, ok := strings.Cut(strings.TrimPrefix(kv.key, db.k.users()), "\x00")
		if !ok {
			return nil
		}
		return f(user, key, string(kv.value))
	})
}
