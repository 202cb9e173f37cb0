package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
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
		return c, fmt.Errorf("reading the configuration: %w", err)
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
