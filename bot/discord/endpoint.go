package discord

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// How interactions reach the bot: Discord sends them either over the
// gateway or to the application's Interactions Endpoint URL, never both.
const (
	InteractionsGateway = "gateway" // INTERACTION_CREATE events (the default)
	InteractionsHTTP    = "http"    // POST /interactions, signed with Ed25519
)

// Headers Discord signs every request to an Interactions Endpoint URL
// with: Ed25519 over the timestamp followed by the body.
const (
	headerSignature = "X-Signature-Ed25519"
	headerTimestamp = "X-Signature-Timestamp"
)

// SignatureWindow is how far a request's X-Signature-Timestamp may be from
// the bot's clock, either way (clocks drift): a request signed longer ago
// is a replay and is refused with 401, however good its signature.
// Discord sends an interaction as it happens and gives the bot 3 seconds
// to answer, so five minutes only ever turns away replays.
const SignatureWindow = 5 * time.Minute

// maxInteraction bounds an interaction's body. Discord's are a few
// kilobytes; a message component's carries its message, still far below.
const maxInteraction = 4 << 20

// errNotAnswered is what the endpoint answers when the bot made no
// initial response: Discord shows the user "This interaction failed", as
// it does when a gateway interaction goes unanswered.
var errNotAnswered = errors.New("the interaction was not answered")

// ParsePublicKey reads the application's public key as the Developer
// Portal shows it (General Information): 64 hexadecimal digits. Its error
// does not quote the value.
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, errors.New("[discord] public_key must be the application's public key, 64 hexadecimal digits (Developer Portal > your application > General Information > Public Key)")
	}
	return ed25519.PublicKey(b), nil
}

// CheckInteractions checks the settings of how interactions arrive:
// interactions is "gateway" or "http", and with "http" public_key and
// interactions_listen are set.
func CheckInteractions(interactions, publicKey, listen string) error {
	switch interactions {
	case "", InteractionsGateway:
		return nil
	case InteractionsHTTP:
	default:
		return fmt.Errorf("[discord] interactions must be %q or %q, not %q", InteractionsGateway, InteractionsHTTP, interactions)
	}
	if _, err := ParsePublicKey(publicKey); err != nil {
		return err
	}
	if listen == "" {
		return errors.New(`[discord] interactions = "http" needs interactions_listen, the address Discord's POSTs reach (such as "0.0.0.0:8080", behind your HTTPS proxy)`)
	}
	return nil
}

// verify reports whether a request to the endpoint is Discord's: its
// Ed25519 signature over X-Signature-Timestamp followed by the body
// verifies with the application's public key, and the timestamp is
// within SignatureWindow of now.
func verify(key ed25519.PublicKey, now time.Time, h http.Header, body []byte) bool {
	sig, err := hex.DecodeString(h.Get(headerSignature))
	if err != nil || len(sig) != ed25519.SignatureSize {
		return false
	}
	ts := h.Get(headerTimestamp)
	if !ed25519.Verify(key, append([]byte(ts), body...), sig) {
		return false
	}
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return false
	}
	age := now.Sub(time.Unix(secs, 0))
	return age <= SignatureWindow && age >= -SignatureWindow
}

// signedAt returns a verified request's X-Signature-Timestamp.
func signedAt(h http.Header) time.Time {
	secs, _ := strconv.ParseInt(h.Get(headerTimestamp), 10, 64)
	return time.Unix(secs, 0)
}

// endpointHandler serves POST /interactions, Discord's deliveries, and
// GET /healthz, 200 while the bot is ready to answer (its database open,
// its commands registered) and 503 while it starts or stops.
func (a *Adapter) endpointHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /interactions", a.serveInteraction)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		if !a.ready.Load() {
			http.Error(w, "not ready", http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte("ok\n"))
	})
	return mux
}

// serveInteraction takes one interaction from Discord. The signature is
// checked before anything else is read of the request; a PING gets its
// PONG; anything else goes to the same handling as a gateway interaction,
// which makes the initial response through the callback endpoint (with
// the board's image, tried again if Discord fails), after which Discord
// is answered 202 Accepted with no body, as it documents for that case.
func (a *Adapter) serveInteraction(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxInteraction))
	if err != nil {
		http.Error(w, "request too large", http.StatusRequestEntityTooLarge)
		return
	}
	now := a.cfg.Now()
	if !verify(a.publicKey, now, r.Header, body) {
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		http.Error(w, "malformed interaction", http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"type":1}`))
		return
	}
	if !a.taken.first(i.ID, signedAt(r.Header), now) {
		// Discord sends an interaction once: the same one again is a
		// replay of a captured request, signed and in its window.
		http.Error(w, "interaction already received", http.StatusConflict)
		return
	}
	if !a.ready.Load() {
		http.Error(w, "starting or stopping", http.StatusServiceUnavailable)
		return
	}
	if err := a.handleOverHTTP(r.Context(), &i); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// handleOverHTTP handles an interaction that came by HTTP and returns once
// its initial response was made, or once its handling ended without one
// (errNotAnswered); the handling goes on in the background (a hint's
// search, computer turns), as it does for a gateway interaction.
func (a *Adapter) handleOverHTTP(ctx context.Context, i *discordgo.Interaction) error {
	made := a.expectAnswer(i.ID)
	defer a.forgetAnswer(i.ID)
	done := make(chan struct{})
	go func() {
		defer close(done)
		a.onInteraction(i)
	}()
	select {
	case ok := <-made:
		if ok {
			return nil
		}
	case <-done:
		select {
		case ok := <-made:
			if ok {
				return nil
			}
		default:
		}
	case <-ctx.Done():
		return ctx.Err()
	}
	return errNotAnswered
}

// expectAnswer registers an interaction whose initial response someone
// waits for; the channel receives whether it was made.
func (a *Adapter) expectAnswer(id string) <-chan bool {
	ch := make(chan bool, 1)
	a.mu.Lock()
	a.answers[id] = ch
	a.mu.Unlock()
	return ch
}

// forgetAnswer drops the registration of expectAnswer.
func (a *Adapter) forgetAnswer(id string) {
	a.mu.Lock()
	delete(a.answers, id)
	a.mu.Unlock()
}

// initialMade says that the initial response to an interaction was made
// (ok) or given up, to whoever waits for it: the HTTP endpoint, which
// then answers Discord. For a gateway interaction nobody waits.
func (a *Adapter) initialMade(id string, ok bool) {
	a.mu.Lock()
	ch := a.answers[id]
	delete(a.answers, id)
	a.mu.Unlock()
	if ch != nil {
		ch <- ok
	}
}

// listen starts serving the Interactions Endpoint at cfg.InteractionsListen.
func (a *Adapter) listen() error {
	ln, err := net.Listen("tcp", a.cfg.InteractionsListen)
	if err != nil {
		return fmt.Errorf("discord: interactions_listen: %w", err)
	}
	a.endpoint = &http.Server{Handler: a.endpointHandler(), ReadHeaderTimeout: 5 * time.Second}
	a.endpointAddr = ln.Addr()
	a.served = make(chan struct{})
	go func() {
		defer close(a.served)
		if err := a.endpoint.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			a.log.Error("serving interactions", "err", err)
		}
	}()
	a.log.Info("serving interactions over HTTP", "addr", ln.Addr().String(), "path", "/interactions")
	return nil
}

// EndpointAddr returns where the Interactions Endpoint listens (with
// interactions = "http", once Start began), nil otherwise.
func (a *Adapter) EndpointAddr() net.Addr { return a.endpointAddr }

// stopListening stops the Interactions Endpoint, letting requests in
// flight finish.
func (a *Adapter) stopListening() {
	if a.endpoint == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	a.endpoint.Shutdown(ctx)
	<-a.served
}
