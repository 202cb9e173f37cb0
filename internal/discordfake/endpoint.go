package discordfake

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// The headers Discord signs every request to an Interactions Endpoint URL
// with ("Interactions Overview", Validating Security Request Headers).
const (
	HeaderSignature = "X-Signature-Ed25519"
	HeaderTimestamp = "X-Signature-Timestamp"
)

// maxEndpointAnswer bounds what the fake reads of an endpoint's answer: an
// interaction response is JSON of a few kilobytes.
const maxEndpointAnswer = 1 << 20

// RuleEndpoint is broken by an Interactions Endpoint URL that answers a
// signed interaction with anything but an interaction response (200) or,
// after an initial response made through the callback endpoint, 202.
const RuleEndpoint Rule = "interaction.endpoint"

// PublicKey returns the application's public key as the Developer Portal
// shows it: 64 hexadecimal digits. The fake signs with the private key it
// generated in New.
func (s *Server) PublicKey() string { return hex.EncodeToString(s.pub) }

// Sign returns the signature Discord sends in X-Signature-Ed25519 for a
// request with this timestamp and body: Ed25519 over timestamp+body, in
// hex. Tests use it to forge requests the way Discord signs them (a stale
// timestamp, say).
func (s *Server) Sign(timestamp string, body []byte) string {
	msg := append([]byte(timestamp), body...)
	return hex.EncodeToString(ed25519.Sign(s.priv, msg))
}

// SetInteractionsEndpoint sets the application's Interactions Endpoint
// URL, as saving it in the Developer Portal does, and from then on every
// interaction is delivered to it by HTTP POST instead of as a gateway
// INTERACTION_CREATE (Discord uses one or the other, never both).
//
// As the portal does, it first validates the endpoint: a PING signed
// with the application's key must be answered 200 with a JSON PONG
// ({"type": 1}), and a PING with a wrong signature 401 (Discord's routine
// security checks send invalid signatures on purpose). If either fails,
// the URL is not saved and the error says why; it is not a breach, since
// the portal only refuses to save.
func (s *Server) SetInteractionsEndpoint(ctx context.Context, url string) error {
	if err := s.ping(ctx, url, true); err != nil {
		return fmt.Errorf("discordfake: validating %s: %w", url, err)
	}
	if err := s.ping(ctx, url, false); err != nil {
		return fmt.Errorf("discordfake: validating %s: %w", url, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.endpoint = url
	s.changedLocked()
	return nil
}

// InteractionsEndpoint returns the Interactions Endpoint URL set, or ""
// when interactions go over the gateway.
func (s *Server) InteractionsEndpoint() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.endpoint
}

// Ping sends a signed PING to the Interactions Endpoint URL set and
// reports whether it was answered with a PONG.
func (s *Server) Ping(ctx context.Context) error {
	url := s.InteractionsEndpoint()
	if url == "" {
		return errors.New("discordfake: Ping: no Interactions Endpoint URL is set")
	}
	return s.ping(ctx, url, true)
}

// ping sends a PING, signed rightly or not, and checks the answer: a PONG
// for a signed one, 401 for the other.
func (s *Server) ping(ctx context.Context, url string, signed bool) error {
	var tok [24]byte
	rand.Read(tok[:])
	body, err := json.Marshal(map[string]any{
		"id": s.newID(), "application_id": s.opts.ApplicationID, "type": discordgo.InteractionPing,
		"token": "cGluZw" + hex.EncodeToString(tok[:]), "version": 1,
	})
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.AckDeadline)
	defer cancel()
	status, header, answer, err := s.post(ctx, url, body, signed)
	switch {
	case err != nil:
		return fmt.Errorf("PING: %w", err)
	case !signed && status != http.StatusUnauthorized:
		return fmt.Errorf("a PING with a wrong signature was answered %d, want 401", status)
	case !signed:
		return nil
	case status != http.StatusOK:
		return fmt.Errorf("PING answered %d, want 200 with a PONG", status)
	}
	if mt, _, _ := mime.ParseMediaType(header.Get("Content-Type")); mt != "application/json" {
		return fmt.Errorf("PONG with Content-Type %q, want application/json", header.Get("Content-Type"))
	}
	var pong struct {
		Type *discordgo.InteractionResponseType `json:"type"`
	}
	if json.Unmarshal(answer, &pong) != nil || pong.Type == nil || *pong.Type != discordgo.InteractionResponsePong {
		return fmt.Errorf("PING answered %q, want {\"type\": 1}", answer)
	}
	return nil
}

// post sends body to the endpoint as Discord does, its signature over the
// fake's clock's time; with signed false the signature is of another
// body. It returns the answer's status, headers and body.
func (s *Server) post(ctx context.Context, url string, body []byte, signed bool) (int, http.Header, []byte, error) {
	ts := strconv.FormatInt(s.unixNow(), 10)
	sig := s.Sign(ts, body)
	if !signed {
		sig = s.Sign(ts, append(body, ' '))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	req.Header.Set(HeaderSignature, sig)
	req.Header.Set(HeaderTimestamp, ts)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(resp.Body, maxEndpointAnswer))
	if err != nil {
		return 0, nil, nil, err
	}
	return resp.StatusCode, resp.Header, answer, nil
}

// unixNow reads the fake's clock in Unix seconds (Now is called with s.mu
// held).
func (s *Server) unixNow() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.now().Unix()
}

// deliver sends a dispatched interaction to the Interactions Endpoint URL
// and takes the answer as Discord does: a 200 carries the initial
// response in its body (Discord's "Inline HTTP Response Behavior"); a 202
// says it was made through the callback endpoint. No answer within
// Options.AckDeadline leaves the interaction to its deadline, which
// records the breach if nothing answered it.
func (s *Server) deliver(in *interaction, url string) {
	defer s.wg.Done()
	ctx, cancel := context.WithTimeout(context.Background(), s.opts.AckDeadline)
	defer cancel()
	go func() {
		select {
		case <-s.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	status, header, answer, err := s.post(ctx, url, in.payload, true)
	if err != nil {
		return // no answer: the deadline decides
	}
	switch status {
	case http.StatusOK:
		s.inlineResponse(in, header, answer)
	case http.StatusAccepted:
		s.mu.Lock()
		if !in.acked && !in.expired && !s.closed {
			s.breachLocked(Breach{Rule: RuleEndpoint, Detail: "202 Accepted before any initial response was made through POST /interactions/{id}/{token}/callback", Request: "POST " + url, InteractionID: in.id})
		}
		s.mu.Unlock()
	default:
		s.breach(Breach{Rule: RuleEndpoint, Detail: fmt.Sprintf("a signed interaction was answered %d %q; the user sees \"This interaction failed\"", status, truncate(string(answer), 200)), Request: "POST " + url, InteractionID: in.id})
	}
}

// inlineResponse takes the body of a 200 answer as the interaction's
// initial response: it is checked and applied as a callback would be
// (with the same breaches), without the callback route's faults or holds.
func (s *Server) inlineResponse(in *interaction, header http.Header, answer []byte) {
	path := "/api/v10/interactions/" + in.id + "/" + in.token + "/callback"
	r := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(answer))
	r.Header.Set("Content-Type", header.Get("Content-Type"))
	r.SetPathValue("id", in.id)
	r.SetPathValue("token", in.token)
	s.handleCallback(httptest.NewRecorder(), r)
}

// dispatchHTTPLocked starts delivering an interaction to url; the caller holds
// s.mu and has checked that the server is open.
func (s *Server) dispatchHTTPLocked(in *interaction, url string) {
	s.wg.Add(1)
	go s.deliver(in, url)
}

// deliveryLocked names how interactions reach the bot, for breaches.
func (s *Server) deliveryLocked() string {
	if s.endpoint != "" {
		return "POST " + s.endpoint
	}
	return "gateway INTERACTION_CREATE"
}
