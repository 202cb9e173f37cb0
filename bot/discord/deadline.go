package discord

import (
	"context"
	"io"
	"net/http"
	"time"
)

// requestTimeout bounds a request to Discord's API, its answer's body
// read included.
const requestTimeout = 30 * time.Second

// deadline gives every request its timeout through the request's
// context, cancelled once its answer's body is closed: what
// http.Client.Timeout does, without the goroutine and timer the client
// starts for every request sent through a transport it does not know
// (the rewriting one among them).
type deadline struct {
	next    http.RoundTripper
	timeout time.Duration
}

func (t deadline) RoundTrip(r *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(r.Context(), t.timeout)
	resp, err := t.next.RoundTrip(r.WithContext(ctx))
	if err != nil {
		cancel()
		return nil, err
	}
	resp.Body = cancelOnClose{resp.Body, cancel}
	return resp, nil
}

// CloseIdleConnections closes the idle connections of the transport it
// wraps.
func (t deadline) CloseIdleConnections() {
	if c, ok := t.next.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

// cancelOnClose is an answer's body that ends its request's context when
// closed.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b cancelOnClose) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}
