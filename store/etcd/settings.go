package etcd

import (
	"context"
	"strings"

	"github.com/tablebot/tablebot/store"
)

// SetChannelSetting stores a channel's setting; an empty value removes it.
func (db *DB) SetChannelSetting(ctx context.Context, channel, key, value string) error {
	if err := store.CheckSetting(channel, key); err != nil {
		return err
	}
	return db.update(ctx, channel, func(t *chanTx) (error, error) {
		if t.settings[key] == value {
			return errUnchanged, nil
		}
		if value == "" {
			delete(t.settings, key)
		} else {
			t.settings[key] = value
		}
		return nil, nil
	})
}

// ChannelSetting returns a channel's setting, or "" when it has none.
func (db *DB) ChannelSetting(ctx context.Context, channel, key string) (string, error) {
	r, err := db.cli.Get(ctx, db.k.setting(channel, key))
	if err != nil || len(r.Kvs) == 0 {
		return "", err
	}
	return string(r.Kvs[0].Value), nil
}

// EachChannelSetting calls f with every channel's every setting, by
// channel and then by name.
func (db *DB) EachChannelSetting(ctx context.Context, f func(channel, key, value string) error) error {
	return db.scan(ctx, db.k.channels(), 0, func(kv kv) error {
		ch, name, ok := db.k.parseChannelKey(kv.key)
		if !ok || !strings.HasPrefix(name, "s/") {
			return nil
		}
		return f(ch, name[2:], string(kv.value))
	})
}
