package etcd

import (
	"context"
	"strings"

	clientv3 "go.etcd.io/etcd/client/v3"

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

// UserSettings returns all the settings of some users, by user and key,
// in one transaction of reads.
func (db *DB) UserSettings(ctx context.Context, users ...string) (map[string]map[string]string, error) {
	ops := make([]clientv3.Op, len(users))
	for i, u := range users {
		if err := store.CheckUserSetting(u, "-"); err != nil {
			return nil, err
		}
		ops[i] = clientv3.OpGet(db.k.userSetting(u, ""), clientv3.WithPrefix())
	}
	out := map[string]map[string]string{}
	if len(ops) == 0 {
		return out, nil
	}
	r, err := db.cli.Txn(ctx).Then(ops...).Commit()
	if err != nil {
		return nil, err
	}
	for i, u := range users {
		prefix := db.k.userSetting(u, "")
		for _, kv := range r.Responses[i].GetResponseRange().Kvs {
			if out[u] == nil {
				out[u] = map[string]string{}
			}
			out[u][strings.TrimPrefix(string(kv.Key), prefix)] = string(kv.Value)
		}
	}
	return out, nil
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
