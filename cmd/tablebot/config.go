package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/discord"
	"github.com/tablebot/tablebot/store/etcd"
)

// Config is the bot's configuration, read from a TOML file whose keys are
// documented in config.example.toml.
type Config struct {
	Discord struct {
		Token      string `toml:"token"`
		GuildID    string `toml:"guild_id"`
		APIURL     string `toml:"api_url"`
		ShardID    int    `toml:"shard_id"`
		ShardCount int    `toml:"shard_count"`
		// Interactions is how interactions arrive: "gateway" or "http"
		// (POSTs to interactions_listen, signed with public_key).
		Interactions       string `toml:"interactions"`
		PublicKey          string `toml:"public_key"`
		InteractionsListen string `toml:"interactions_listen"`
	} `toml:"discord"`
	Storage storageConfig `toml:"storage"`
	Log     struct {
		Level  string `toml:"level"`
		Format string `toml:"format"`
	} `toml:"log"`
	Metrics struct {
		Listen string `toml:"listen"`
	} `toml:"metrics"`
	Turns struct {
		RemindAfter string `toml:"remind_after"`
		RemindMax   int    `toml:"remind_max"`
	} `toml:"turns"`
}

// defaultConfigPath is read when no --config is given, if it exists.
const defaultConfigPath = "config.toml"

// defaultConfig returns the configuration without a file.
func defaultConfig() Config {
	var c Config
	c.Discord.APIURL = "https://discord.com/"
	c.Discord.ShardCount = 1
	c.Discord.Interactions = discord.InteractionsGateway
	c.Storage.Path = "data/tablebot.db"
	c.Storage.Engine = engineBolt
	c.Storage.EtcdPrefix = etcd.DefaultPrefix
	c.Storage.EtcdLease = etcd.DefaultLeaseTTL.String()
	c.Log.Level = "info"
	c.Log.Format = "text"
	c.Turns.RemindAfter = bot.DefaultTurns.RemindAfter.String()
	c.Turns.RemindMax = bot.DefaultTurns.RemindMax
	return c
}

// turns reads the [turns] section: how the bot reminds players.
func (c Config) turns() (bot.Turns, error) {
	d, err := time.ParseDuration(c.Turns.RemindAfter)
	if err != nil || d < 0 || d > 365*24*time.Hour {
		return bot.Turns{}, fmt.Errorf("[turns] remind_after must be a duration such as \"24h\" or \"90m\" (\"0\" turns reminders off; at most a year, 8760h), not %q", c.Turns.RemindAfter)
	}
	if c.Turns.RemindMax < 1 {
		return bot.Turns{}, fmt.Errorf("[turns] remind_max must be at least 1, not %d", c.Turns.RemindMax)
	}
	return bot.Turns{RemindAfter: d, RemindMax: c.Turns.RemindMax}, nil
}

// loadConfig reads the configuration file at path over the defaults. An
// explicit path must exist; the default path may be missing. The token may
// come from the DISCORD_TOKEN environment variable instead of the file.
func loadConfig(path string, explicit bool, getenv func(string) string) (Config, error) {
	c := defaultConfig()
	md, err := toml.DecodeFile(path, &c)
	switch {
	case err == nil:
		if undec := md.Undecoded(); len(undec) > 0 {
			keys := make([]string, len(undec))
			for i, k := range undec {
				keys[i] = k.String()
			}
			return c, fmt.Errorf("%s: unknown keys: %s", path, strings.Join(keys, ", "))
		}
	case errors.Is(err, fs.ErrNotExist) && !explicit:
	default:
		return c, configError(path, err)
	}
	if t := getenv("DISCORD_TOKEN"); t != "" {
		c.Discord.Token = t
	}
	if p := getenv("ETCD_PASSWORD"); p != "" {
		c.Storage.EtcdPassword = p
	}
	if c.Discord.ShardCount < 1 || c.Discord.ShardID < 0 || c.Discord.ShardID >= c.Discord.ShardCount {
		return c, fmt.Errorf("%s: shard_id must be from 0 to shard_count-1", path)
	}
	if err := discord.CheckInteractions(c.Discord.Interactions, c.Discord.PublicKey, c.Discord.InteractionsListen); err != nil {
		return c, fmt.Errorf("%s: %w", path, err)
	}
	if _, err := logLevel(c.Log.Level); err != nil {
		return c, fmt.Errorf("%s: %w", path, err)
	}
	if c.Log.Format != "text" && c.Log.Format != "json" {
		return c, fmt.Errorf("%s: [log] format must be text or json", path)
	}
	if _, err := c.turns(); err != nil {
		return c, fmt.Errorf("%s: %w", path, err)
	}
	if err := c.Storage.check(); err != nil {
		return c, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// configError explains an error of the configuration file at path: where
// it is (line and key) and, for a value of the wrong type, how to write
// it ("guild_id = 12" wants quotes: ids are text). It quotes the file only
// on the line of a known key that is not secret: the parser's own message
// may quote a value, so the token's line gets a message of its own, and a
// line of an unknown key (a misspelt token?) gets the parser's message
// without what it quotes.
func configError(path string, err error) error {
	line, _, msg, ok := tomlError(err)
	if !ok {
		return fmt.Errorf("reading the configuration: %w", err)
	}
	where := fmt.Sprintf("%s, line %d", path, line)
	data, _ := os.ReadFile(path)
	key := lineKey(string(data), line)
	section, name := "", key
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		section, name = "["+key[:i]+"] ", key[i+1:]
	}
	switch {
	case secretKey(key):
		return secretError(where, section, name, msg)
	case !knownKeys()[key]:
		if shown := hideQuoted(msg); shown != msg {
			return fmt.Errorf("%s: %s (what it quotes is not shown, in case it is a secret; see config.example.toml)", where, shown)
		}
		return fmt.Errorf("%s: %s (see config.example.toml)", where, msg)
	}
	value := configValue(string(data), line, name)
	switch {
	case strings.Contains(msg, "destination has type string"):
		return fmt.Errorf("%s: %s%s must be text in quotes: %s = %q", where, section, name, name, strings.Trim(value, `"'`))
	case strings.Contains(msg, "destination has type int"):
		return fmt.Errorf("%s: %s%s must be a number without quotes: %s = %s", where, section, name, name, strings.Trim(value, `"'`))
	case name != "" && value != "" && !strings.ContainsAny(value[:1], `"'[{0123456789-+`):
		return fmt.Errorf("%s: %s%s: write the value in quotes: %s = %q", where, section, name, name, value)
	}
	return fmt.Errorf("%s: %s (see config.example.toml)", where, msg)
}

// quoted matches what a TOML parser's message quotes of the file.
var quoted = regexp.MustCompile(`'[^']*'|"[^"]*"`)

// hideQuoted replaces what msg quotes with "…", but for the few
// characters a parser names as expected or found ('=', '\n'), which are
// too short to give a secret away and say what is wrong.
func hideQuoted(msg string) string {
	return quoted.ReplaceAllStringFunc(msg, func(q string) string {
		if len(q) > 5 {
			return q[:1] + "…" + q[len(q)-1:]
		}
		return q
	})
}

// secretError explains an error on the line of a secret key without a
// character of the line: the key is set twice, or its value is not text
// in quotes.
func secretError(where, section, name, msg string) error {
	if strings.Contains(msg, "already been defined") {
		return fmt.Errorf("%s: %s%s is set a second time: keep one %s line", where, section, name, name)
	}
	return fmt.Errorf("%s: %s%s must be text in double quotes on one line: %s = \"...\" (the line is not shown here: the %s is a secret)", where, section, name, name, name)
}

// secretKey reports whether the value of key (such as "discord.token")
// must never appear in a message: a key named token, in any section and in
// any case, so that a misspelt section or key keeps the token secret too.
func secretKey(key string) bool {
	name := key[strings.LastIndexByte(key, '.')+1:]
	return strings.EqualFold(name, "token") || strings.EqualFold(name, "etcd_password")
}

// knownKeys returns the configuration's keys ("discord.guild_id"), read
// from Config's toml tags.
func knownKeys() map[string]bool {
	keys := map[string]bool{}
	t := reflect.TypeFor[Config]()
	for i := range t.NumField() {
		sec := t.Field(i)
		for j := range sec.Type.NumField() {
			keys[sec.Tag.Get("toml")+"."+sec.Type.Field(j).Tag.Get("toml")] = true
		}
	}
	return keys
}

// lineKey returns the full key ("discord.token") whose value line n of a
// configuration file holds: the key written on that line, or the key whose
// multi-line string the line continues; "" for any other line.
func lineKey(file string, n int) string {
	section, owner, closing := "", "", ""
	for i, l := range strings.Split(file, "\n") {
		key := ""
		switch t := strings.TrimSpace(l); {
		case closing != "":
			key = owner
			if strings.Contains(l, closing) {
				closing = ""
			}
		case strings.HasPrefix(t, "["):
			h, _, _ := strings.Cut(t, "]")
			section = normalKey(strings.Trim(h, "[]"))
		case strings.HasPrefix(t, "#"):
		default:
			k, v, ok := strings.Cut(l, "=")
			if !ok {
				break
			}
			key = normalKey(k)
			if section != "" {
				key = section + "." + key
			}
			v = strings.TrimSpace(v)
			for _, d := range []string{`"""`, `'''`} {
				if strings.HasPrefix(v, d) && !strings.Contains(v[len(d):], d) {
					owner, closing = key, d
				}
			}
		}
		if i+1 == n {
			return key
		}
	}
	return ""
}

// normalKey writes a TOML key as the decoder names it: its dotted parts
// without the spaces around them or their quotes.
func normalKey(k string) string {
	parts := strings.Split(k, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return strings.Join(parts, ".")
}

// tomlDecodeError is how the TOML decoder words a value of the wrong type.
var tomlDecodeError = regexp.MustCompile(`^toml: line (\d+) \(last key "([^"]*)"\): (.*)$`)

// tomlError reads where a TOML error is: its line, the last key read and
// its message, from a parse error or a decoding error.
func tomlError(err error) (line int, key, msg string, ok bool) {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		return pe.Position.Line, pe.LastKey, pe.Message, true
	}
	m := tomlDecodeError.FindStringSubmatch(err.Error())
	if m == nil {
		return 0, "", "", false
	}
	line, _ = strconv.Atoi(m[1])
	return line, m[2], m[3], true
}

// configValue returns the value written for key name on line n of a
// configuration file, as it was typed; "" when the line holds no such key.
func configValue(file string, n int, name string) string {
	lines := strings.Split(file, "\n")
	if name == "" || n < 1 || n > len(lines) {
		return ""
	}
	k, v, ok := strings.Cut(lines[n-1], "=")
	if !ok || strings.TrimSpace(k) != name {
		return ""
	}
	if i := strings.IndexByte(v, '#'); i >= 0 && !strings.ContainsAny(v[:i], `"'`) {
		v = v[:i]
	}
	return strings.TrimSpace(v)
}

// logLevel reads a log level name.
func logLevel(s string) (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(s)); err != nil {
		return l, fmt.Errorf("[log] level must be debug, info, warn or error, not %q", s)
	}
	return l, nil
}

// newLogger returns the logger the configuration asks for, on w.
func newLogger(c Config, w io.Writer) *slog.Logger {
	level, _ := logLevel(c.Log.Level)
	opts := &slog.HandlerOptions{Level: level}
	if c.Log.Format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}
