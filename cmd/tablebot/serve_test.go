package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/store"
)

// syncBuffer is a buffer safe for a logger writing while a test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestServeWithoutToken(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.toml")
	os.WriteFile(cfg, []byte("[storage]\npath = \""+filepath.Join(dir, "db")+"\"\n"), 0o644)
	var out, errOut bytes.Buffer
	e := cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Getenv: func(string) string { return "" }}
	err := runServe(context.Background(), e, []string{"--config", cfg})
	if err == nil {
		t.Fatal("serve without a token must fail")
	}
	for _, want := range []string{"no Discord token", "DISCORD_TOKEN", "discord.com/developers", "tablebot local"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message lacks %q:\n%v", want, err)
		}
	}
}

func TestConfig(t *testing.T) {
	dir := t.TempDir()
	write := func(s string) string {
		p := filepath.Join(dir, fmt.Sprintf("c%d.toml", time.Now().UnixNano()))
		os.WriteFile(p, []byte(s), 0o644)
		return p
	}
	env := func(k string) string {
		if k == "DISCORD_TOKEN" {
			return "from-env"
		}
		return ""
	}
	c, err := loadConfig(write("[discord]\ntoken = \"from-file\"\nguild_id = \"1\"\n"), true, env)
	if err != nil || c.Discord.Token != "from-env" || c.Discord.GuildID != "1" || c.Discord.APIURL != "https://discord.com/" {
		t.Errorf("config %+v, %v", c.Discord, err)
	}
	if c.Discord.Interactions != "gateway" {
		t.Errorf("interactions %q by default, want gateway", c.Discord.Interactions)
	}
	key := strings.Repeat("5e", 32)
	c, err = loadConfig(write("[discord]\ninteractions = \"http\"\npublic_key = \""+key+"\"\ninteractions_listen = \"127.0.0.1:8080\"\n"), true, env)
	if err != nil || c.Discord.Interactions != "http" || c.Discord.PublicKey != key || c.Discord.InteractionsListen != "127.0.0.1:8080" {
		t.Errorf("config %+v, %v", c.Discord, err)
	}
	for _, bad := range []string{"[discord]\ntokn = \"x\"\n", "[log]\nlevel = \"loud\"\n", "[discord]\nshard_id = 2\nshard_count = 2\n", "not toml =",
		"[discord]\ninteractions = \"webhook\"\n", "[discord]\ninteractions = \"http\"\ninteractions_listen = \":8080\"\n",
		"[discord]\ninteractions = \"http\"\npublic_key = \"" + key + "\"\n"} {
		if _, err := loadConfig(write(bad), true, env); err == nil {
			t.Errorf("config %q accepted", bad)
		}
	}
	if _, err := loadConfig(filepath.Join(dir, "missing.toml"), true, env); err == nil {
		t.Error("a missing explicit config file must be an error")
	}
	if _, err := loadConfig(filepath.Join(dir, "missing.toml"), false, env); err != nil {
		t.Errorf("a missing default config file is fine: %v", err)
	}
	// The example configuration is valid and documents every key.
	c, err = loadConfig("../../config.example.toml", true, func(string) string { return "" })
	if err != nil {
		t.Fatalf("config.example.toml: %v", err)
	}
	example, _ := os.ReadFile("../../config.example.toml")
	for _, key := range []string{"token", "guild_id", "api_url", "shard_id", "shard_count", "path", "level", "format", "listen", "remind_after", "remind_max", "interactions", "public_key", "interactions_listen"} {
		if !strings.Contains(string(example), key+" =") && !strings.Contains(string(example), "# "+key+" =") {
			t.Errorf("config.example.toml does not document %s", key)
		}
	}
}

// TestConfigTypeErrors: a value of the wrong type is explained with its
// file, line and key, and how to write it.
func TestConfigTypeErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, toml string
		want       []string
	}{
		{"an unquoted id", "[discord]\ntoken = \"x\"\nguild_id = 12\n", []string{"line 3", "[discord] guild_id", `in quotes: guild_id = "12"`}},
		{"a quoted number", "[discord]\nshard_count = \"2\"\n", []string{"line 2", "[discord] shard_count", "a number without quotes: shard_count = 2"}},
		{"an unquoted word", "[log]\nlevel = debug\n", []string{"line 2", "in quotes"}},
		{"not TOML", "not toml =\n", []string{"c.toml", "line 1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, "c.toml")
			if err := os.WriteFile(path, []byte(tt.toml), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := loadConfig(path, true, func(string) string { return "" })
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%q lacks %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "destination has type") {
				t.Errorf("a raw decoder message: %q", err)
			}
		})
	}
}

// fakeToken looks like a Discord token: three parts of letters, digits
// and no run that English or a file name would contain.
const fakeToken = "MTIzNDU2Nzg5MDEy.GhIjKl.q8Vx3Zs0TnWpRbYq"

// TestConfigHidesToken: a token written wrong in the configuration is
// reported with its line and how to write it, and the message holds no
// four characters of it in a row; nor does the message for a misspelt
// key, which may be the token's. Other keys' values are still quoted.
func TestConfigHidesToken(t *testing.T) {
	tests := []struct {
		name, toml string
		want       []string
	}{
		{"without quotes", "[discord]\ntoken = TOKEN\n", []string{"line 2", "[discord] token must be text in double quotes", `token = "..."`}},
		{"without spaces", "[discord]\ntoken=TOKEN\n", []string{"line 2", "[discord] token must be text in double quotes"}},
		{"with a comment", "[discord]\ntoken = TOKEN # the bot's\n", []string{"line 2", "[discord] token must be text"}},
		{"a dotted key", "discord.token = TOKEN\n", []string{"line 1", "[discord] token must be text"}},
		{"another case", "[Discord]\nToken = TOKEN\n", []string{"line 2", "[Discord] Token must be text"}},
		{"a quote missing at the end", "[discord]\ntoken = \"TOKEN\n", []string{"line 2", "[discord] token must be text"}},
		{"single quotes unclosed", "[discord]\ntoken = 'TOKEN\n", []string{"line 2", "[discord] token must be text"}},
		{"text after the quotes", "[discord]\ntoken = \"TOKEN\" TOKEN\n", []string{"line 2", "[discord] token must be text"}},
		{"a bad escape", "[discord]\ntoken = \"TOKEN\\q\"\n", []string{"line 2", "[discord] token must be text"}},
		{"in a list", "[discord]\ntoken = [\"TOKEN\"]\n", []string{"line 2", "[discord] token must be text"}},
		{"a number", "[discord]\ntoken = 12TOKEN\n", []string{"line 2", "[discord] token must be text"}},
		{"a multi-line string", "[discord]\ntoken = \"\"\"\nTOKEN\\q\"\"\"\n", []string{"line 3", "[discord] token must be text"}},
		{"on the next line", "[discord]\ntoken =\nTOKEN\n", []string{"line 2", "[discord] token must be text"}},
		{"set twice", "[discord]\ntoken = \"TOKEN\"\ntoken = \"TOKEN\"\n", []string{"line 3", "[discord] token is set a second time"}},
		{"a misspelt key", "[discord]\ntokn = TOKEN\n", []string{"line 2", "not shown, in case it is a secret"}},
		{"alone on a line", "[discord]\nTOKEN\n", []string{"line 2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "c.toml")
			if err := os.WriteFile(path, []byte(strings.ReplaceAll(tt.toml, "TOKEN", fakeToken)), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := loadConfig(path, true, func(string) string { return "" })
			if err == nil {
				t.Fatal("accepted")
			}
			got := err.Error()
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("%q lacks %q", got, w)
				}
			}
			for i := 0; i+4 <= len(fakeToken); i++ {
				if part := fakeToken[i : i+4]; strings.Contains(got, part) {
					t.Fatalf("%q shows %q of the token", got, part)
				}
			}
		})
	}
}

// TestServeNamesAPIURL: when Discord cannot be reached at api_url, the
// error names api_url, not https://discord.com/.
func TestServeNamesAPIURL(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String() + "/"
	ln.Close()
	var cfg Config = defaultConfig()
	cfg.Discord.Token = "t0ken"
	cfg.Discord.APIURL = closed
	cfg.Storage.Path = filepath.Join(t.TempDir(), "t.db")
	m := &Main{Config: cfg, Log: slog.New(slog.DiscardHandler), Games: games()}
	err = m.Run(context.Background())
	if err == nil {
		m.Close()
		t.Fatal("connected to a closed port")
	}
	if !strings.Contains(err.Error(), closed) || strings.Contains(err.Error(), "discord.com") {
		t.Errorf("error %q does not name %s alone", err, closed)
	}
}

// TestServe runs the bot as the binary does, against the fake Discord:
// it registers the command in the guild, logs the invite link but never
// the token, answers a command, serves metrics and health, and stops on
// a signal (the context) with exit status 0, closing the database.
func TestServe(t *testing.T) {
	t.Parallel()
	fake := fakeDiscord(t)
	w := fake.NewWorld("ann")
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "data", "tablebot.db")
	cfgPath := filepath.Join(dir, "config.toml")
	addr := freeAddr(t)
	cfg := fmt.Sprintf("[discord]\ntoken = %q\nguild_id = %q\napi_url = %q\n[storage]\npath = %q\n[log]\nlevel = \"debug\"\n[metrics]\nlisten = %q\n",
		fake.Token(), w.Guild.ID, fake.URL(), dbPath, addr)
	os.WriteFile(cfgPath, []byte(cfg), 0o644)

	var logs syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	code := make(chan int, 1)
	go func() {
		code <- Run(ctx, []string{"serve", "--config", cfgPath}, strings.NewReader(""), io.Discard, &logs)
	}()
	fake.WaitSessions(ctx, 1)
	fake.WaitUntil(ctx, func(v *discordfake.View) bool { return fake.Command(w.Guild.ID, defaultGame(games())) != nil })
	r := fake.SlashCommand(w.Users[0].ID, w.Channel.ID, defaultGame(games()), "rules").Wait(ctx)
	if !r.Ephemeral() || r.Content() == "" {
		t.Errorf("rules: %s", r)
	}
	// The metrics server listens before the command is registered. The
	// adapter counts an interaction once it has delivered the answer, so
	// the count may show a moment after the answer: wait for it.
	for path, want := range map[string]string{"/healthz": "ok", "/metrics": "tablebot_interactions_total"} {
		status, body := waitFor(t, "http://"+addr+path, want)
		if status != 200 || !strings.Contains(body, want) {
			t.Errorf("%s: %d %q", path, status, body)
		}
	}
	cancel()
	if c := <-code; c != 0 {
		t.Errorf("exit status %d after the signal; logs:\n%s", c, logs.String())
	}
	out := logs.String()
	if strings.Contains(out, fake.Token()) {
		t.Error("the token appears in the logs")
	}
	if !strings.Contains(out, "https://discord.com/oauth2/authorize?client_id="+fake.ApplicationID()) || !strings.Contains(out, "permissions=274877942784") {
		t.Errorf("no invite link in the logs:\n%s", out)
	}
	// The database was closed: another process may open it now.
	db, err := store.Open(dbPath, store.Options{Timeout: time.Second})
	if err != nil {
		t.Fatalf("the database is still held: %v", err)
	}
	db.Close()
}

// TestServeOverHTTP: with [discord] interactions = "http" the bot serves
// its Interactions Endpoint, whose /healthz says when it is ready, opens
// no gateway session, passes the Developer Portal's checks and answers;
// neither the token nor the public key is logged.
func TestServeOverHTTP(t *testing.T) {
	t.Parallel()
	fake := fakeDiscord(t)
	w := fake.NewWorld("ann")
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "config.toml")
	addr := freeAddr(t)
	cfg := fmt.Sprintf("[discord]\ntoken = %q\nguild_id = %q\napi_url = %q\ninteractions = \"http\"\npublic_key = %q\ninteractions_listen = %q\n[storage]\npath = %q\n[log]\nlevel = \"debug\"\n",
		fake.Token(), w.Guild.ID, fake.URL(), fake.PublicKey(), addr, filepath.Join(dir, "tablebot.db"))
	os.WriteFile(cfgPath, []byte(cfg), 0o644)

	var logs syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	code := make(chan int, 1)
	go func() {
		code <- Run(ctx, []string{"serve", "--config", cfgPath}, strings.NewReader(""), io.Discard, &logs)
	}()
	if status, body := waitFor(t, "http://"+addr+"/healthz", "ok"); status != 200 {
		t.Fatalf("/healthz: %d %q", status, body)
	}
	if err := fake.SetInteractionsEndpoint(ctx, "http://"+addr+"/interactions"); err != nil {
		t.Fatal(err)
	}
	r := fake.SlashCommand(w.Users[0].ID, w.Channel.ID, defaultGame(games()), "rules").Wait(ctx)
	if !r.Ephemeral() || r.Content() == "" {
		t.Errorf("rules: %s", r)
	}
	if n := len(fake.Sessions()); n != 0 {
		t.Errorf("%d gateway sessions", n)
	}
	cancel()
	if c := <-code; c != 0 {
		t.Errorf("exit status %d after the signal; logs:\n%s", c, logs.String())
	}
	if out := logs.String(); strings.Contains(out, fake.Token()) || strings.Contains(out, fake.PublicKey()) {
		t.Errorf("the token or the public key appears in the logs:\n%s", out)
	}
}

// patience is how long a test waits for something that is bound to
// happen: until the test binary's own deadline (go test -timeout), an hour
// without one. A loaded machine makes a test slow, never wrong.
func patience(t *testing.T) time.Duration {
	if d, ok := t.Deadline(); ok {
		return time.Until(d)
	}
	return time.Hour
}

// fakeDiscord is the fake Discord for tests of the binary. Its waits last
// patience(t), and so does the time the bot has to acknowledge an
// interaction: Discord's 3 seconds are for bot/discord's tests to hold the
// adapter to, and here a slow start on a loaded machine must not fail the
// run.
func fakeDiscord(t *testing.T) *discordfake.Server {
	t.Helper()
	p := patience(t)
	return discordfake.New(t, discordfake.Options{WaitTimeout: p, AckDeadline: p})
}

// waitFor gets url until its body holds want (for at most patience(t))
// and returns the last answer. A server not listening yet is waited for
// too.
func waitFor(t *testing.T, url, want string) (int, string) {
	t.Helper()
	deadline := time.Now().Add(patience(t))
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		resp, err := http.Get(url)
		if err != nil && time.Now().Before(deadline) {
			<-tick.C
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if strings.Contains(string(body), want) || time.Now().After(deadline) {
			return resp.StatusCode, string(body)
		}
		<-tick.C
	}
}

// freeAddr returns a loopback address with a port free right now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}
