package discord

import (
	"net"
	"net/http"
	"net/url"
	"strings"
)

// discordHost is the host discordgo's endpoints are built on.
const discordHost = "discord.com"

// rewrite sends requests addressed to https://discord.com/ to another base
// URL, keeping the path. discordgo builds its endpoints from package
// variables; rewriting in the transport leaves them untouched, so several
// sessions with different bases can live in one process.
type rewrite struct {
	base *url.URL
	next http.RoundTripper
}

// newTransport returns a transport that rewrites to base, or next itself
// when base is Discord's own address.
func newTransport(base string, next http.RoundTripper) (http.RoundTripper, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, &url.Error{Op: "parse", URL: base, Err: errBadAPIURL}
	}
	// The token travels in every request's headers: in clear only to this
	// machine (a local proxy, the tests' fake).
	if u.Scheme == "http" && !loopback(u.Hostname()) {
		return nil, &url.Error{Op: "parse", URL: base, Err: errPlainAPIURL}
	}
	if u.Host == discordHost && u.Scheme == "https" && strings.TrimSuffix(u.Path, "/") == "" {
		return next, nil
	}
	return rewrite{base: u, next: next}, nil
}

// idleConnsPerHost is how many connections to Discord's API the adapter
// keeps open between requests: as many as answers may go out at once, so
// that a busy bot does not open (and over TLS, handshake) a connection per
// answer. net/http's default keeps 2 a host and closes the others.
const idleConnsPerHost = 100

// apiTransport returns the adapter's own HTTP transport: net/http's
// default one, keeping idleConnsPerHost connections a host.
func apiTransport() http.RoundTripper {
	t, ok := http.DefaultTransport.(*http.Transport)
	if !ok {
		return http.DefaultTransport
	}
	t = t.Clone()
	t.MaxIdleConnsPerHost = idleConnsPerHost
	t.MaxIdleConns = max(t.MaxIdleConns, idleConnsPerHost)
	return t
}

// CloseIdleConnections closes the idle connections of the transport it
// wraps.
func (t rewrite) CloseIdleConnections() {
	if c, ok := t.next.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

type apiURLError string

func (e apiURLError) Error() string { return string(e) }

const (
	errBadAPIURL   = apiURLError("api_url must be an http or https URL such as https://discord.com/")
	errPlainAPIURL = apiURLError("api_url must be https unless it points at a loopback address (127.0.0.1, ::1, localhost): the bot's token would cross the network in clear")
)

// loopback reports whether host is this machine: a loopback address or
// "localhost".
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (t rewrite) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Host != discordHost {
		return t.next.RoundTrip(r)
	}
	r = r.Clone(r.Context())
	r.URL.Scheme = t.base.Scheme
	r.URL.Host = t.base.Host
	r.URL.Path = strings.TrimSuffix(t.base.Path, "/") + r.URL.Path
	r.URL.RawPath = ""
	r.Host = t.base.Host
	return t.next.RoundTrip(r)
}
