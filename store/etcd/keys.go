package etcd

import (
	"fmt"
	"strings"
)

// keys builds the keys of one store under its prefix.
type keys struct{ prefix string }

// layout is the value of the meta key: the version of this layout.
const layout = "tablebot etcd 1"

func (k keys) meta() string { return k.prefix + "meta" }

// channel is the prefix of every key of a channel.
func (k keys) channel(ch string) string { return k.prefix + "c/" + ch + "\x00" }

func (k keys) head(ch string) string { return k.channel(ch) + "head" }
func (k keys) game(ch string) string { return k.channel(ch) + "game" }
func (k keys) snap(ch string) string { return k.channel(ch) + "snap" }

// post is the key of post seq of a channel's outbox.
func (k keys) post(ch string, seq uint64) string {
	return k.channel(ch) + fmt.Sprintf("o/%016x", seq)
}

// setting is the key of a channel's setting.
func (k keys) setting(ch, name string) string { return k.channel(ch) + "s/" + name }

// users is the prefix of every user's settings.
func (k keys) users() string { return k.prefix + "u/" }

// userSetting is the key of a user's setting.
func (k keys) userSetting(user, name string) string { return k.users() + user + "\x00" + name }

// channels is the prefix of every channel's keys.
func (k keys) channels() string { return k.prefix + "c/" }

// archive is the prefix of the archived games of a channel ("" for
// every channel).
func (k keys) archive(ch string) string {
	if ch == "" {
		return k.prefix + "a/"
	}
	return k.prefix + "a/" + ch + "\x00"
}

// archived is the key of archived game seq of a channel.
func (k keys) archived(ch string, seq uint64) string {
	return k.archive(ch) + fmt.Sprintf("%016x", seq)
}

// index is the prefix of an index's keys.
func (k keys) index(name string) string { return k.prefix + "i/" + name + "/" }

// parseArchived reads an archive key.
func (k keys) parseArchived(key string) (ch string, seq uint64, ok bool) {
	rest, found := strings.CutPrefix(key, k.archive(""))
	i := strings.LastIndexByte(rest, 0)
	if !found || i < 0 {
		return "", 0, false
	}
	_, err := fmt.Sscanf(rest[i+1:], "%x", &seq)
	return rest[:i], seq, err == nil && len(rest)-i-1 == 16
}

// parseChannelKey splits a key of a channel into the channel and the
// key's name within it ("head", "s/<name>"...).
func (k keys) parseChannelKey(key string) (ch, name string, ok bool) {
	rest, found := strings.CutPrefix(key, k.channels())
	ch, name, cut := strings.Cut(rest, "\x00")
	return ch, name, found && cut
}

// prefixEnd is the end of the range of keys that start with prefix.
func prefixEnd(prefix string) string {
	b := []byte(prefix)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < 0xff {
			b[i]++
			return string(b[:i+1])
		}
	}
	return "\x00"
}
