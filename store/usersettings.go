package store

import (
	"bytes"
	"context"

	bolt "go.etcd.io/bbolt"
)

// Settings of a person (where their turns reach them, ...) belong to no
// channel: bucket "people" maps <user> 0 <key> to the value. It is made
// with the first setting, so older files need no migration.

var bucketPeople = []byte("people")

// userSettingKey is a user setting's key in bucket "people"; userPrefix
// is the prefix of all of a user's.
func userSettingKey(user, key string) []byte { return append(userPrefix(user), key...) }

func userPrefix(user string) []byte { return append([]byte(user), 0) }

// SetUserSetting stores a user's setting; an empty value removes it.
func (db *DB) SetUserSetting(ctx context.Context, user, key, value string) error {
	if err := CheckUserSetting(user, key); err != nil {
		return err
	}
	return db.write(ctx, func(tx *bolt.Tx) (error, error) {
		if value == "" {
			if b := tx.Bucket(bucketPeople); b != nil {
				return nil, b.Delete(userSettingKey(user, key))
			}
			return nil, nil
		}
		b, err := tx.CreateBucketIfNotExists(bucketPeople)
		if err != nil {
			return nil, err
		}
		return nil, b.Put(userSettingKey(user, key), []byte(value))
	})
}

// UserSetting returns a user's setting, or "" when they have none.
func (db *DB) UserSetting(ctx context.Context, user, key string) (string, error) {
	if err := CheckUserSetting(user, key); err != nil {
		return "", err
	}
	var v string
	err := db.view(ctx, func(tx *bolt.Tx) error {
		if b := tx.Bucket(bucketPeople); b != nil {
			v = string(b.Get(userSettingKey(user, key)))
		}
		return nil
	})
	return v, err
}

// UserSettings returns all the settings of some users, by user and key,
// from one read transaction.
func (db *DB) UserSettings(ctx context.Context, users ...string) (map[string]map[string]string, error) {
	for _, u := range users {
		if err := CheckUserSetting(u, "-"); err != nil {
			return nil, err
		}
	}
	out := map[string]map[string]string{}
	err := db.view(ctx, func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketPeople)
		if b == nil {
			return nil
		}
		c := b.Cursor()
		for _, u := range users {
			prefix := userPrefix(u)
			for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
				if v == nil {
					continue
				}
				if out[u] == nil {
					out[u] = map[string]string{}
				}
				out[u][string(k[len(prefix):])] = string(v)
			}
		}
		return nil
	})
	return out, err
}

// EachUserSetting calls f with every user's every setting, by user and
// then by key, from one read transaction.
func (db *DB) EachUserSetting(ctx context.Context, f func(user, key, value string) error) error {
	return db.view(ctx, func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketPeople)
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			user, key, ok := bytes.Cut(k, []byte{0})
			if !ok || v == nil {
				return nil
			}
			return f(string(user), string(key), string(v))
		})
	})
}
