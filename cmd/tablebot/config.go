package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/tablebot/tablebot/bot"
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
	} `toml:"discord"`
	Storage struct {
		Path string `toml:"path"`
	} `toml:"storage"`
	Log struct {
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
	c.Storage.Path = "data/tablebot.db"
	c.Log.Level = "info"
	c.Log.Format = "text"
	c.Turns.RemindAfter = bot.DefaultTurns.RemindAfter.String()
	c.Turns.RemindMax = bot.DefaultTurns.RemindMax
	return c
}

// turns reads the [turns] section: how the bot reminds players.
func (c Config) turns() (bot.Turns, error) {
	d, err := time.ParseDuration(c.Turns.RemindAfter)
	if err != nil || d < 0 {
		return bot.Turns{}, fmt.Errorf("[turns] remind_after must be a duration such as \"24h\" or \"90m\" (\"0\" turns reminders off), not %q", c.Turns.RemindAfter)
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
	if c.Discord.ShardCount < 1 || c.Discord.ShardID < 0 || c.Discord.ShardID >= c.Discord.ShardCount {
		return c, fmt.Errorf("%s: shard_id must be from 0 to shard_count-1", path)
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
	return c, nil
}

// configError explains an error of the configuration file at path: where
// it is (line and key) and, for a value of the wrong type, how to write
// it ("guild_id = 12" wants quotes: ids are text).
func configError(path string, err error) error {
	line, key, msg, ok := tomlError(err)
	if !ok {
		return fmt.Errorf("reading the configuration: %w", err)
	}
	where := fmt.Sprintf("%s, line %d", path, line)
	section, name := "", key
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		section, name = "["+key[:i]+"] ", key[i+1:]
	}
	data, _ := os.ReadFile(path)
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
