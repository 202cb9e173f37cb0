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
