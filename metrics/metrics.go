// Package metrics exposes tablebot's Prometheus metrics and health check
// over HTTP. It wraps the Prometheus client on a registry of its own (no
// global registry), so several bots can run in one process, as tests do.
package metrics

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics counts what the bot does. The zero value is not usable; use New.
// A nil *Metrics records nothing, so callers need no checks.
type Metrics struct {
	registry     *prometheus.Registry
	interactions *prometheus.CounterVec
	latency      *prometheus.HistogramVec
	moves        prometheus.Counter
	healthy      atomic.Bool
	connected    atomic.Pointer[func() bool]
}

// New returns metrics on a fresh registry, with the Go runtime's.
func New() *Metrics {
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tablebot_interactions_total",
			Help: "Interactions handled, by kind (command, component, autocomplete) and outcome (ok, error).",
		}, []string{"kind", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "tablebot_interaction_seconds",
			Help:    "Time from receiving an interaction to sending its answer, by kind.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"kind"}),
		moves: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "tablebot_moves_total",
			Help: "Moves stored, by players, computers and automatic passes.",
		}),
	}
	m.registry.MustRegister(m.interactions, m.latency, m.moves,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Interaction records one handled interaction.
func (m *Metrics) Interaction(kind string, ok bool, d time.Duration) {
	if m == nil {
		return
	}
	outcome := "ok"
	if !ok {
		outcome = "error"
	}
	m.interactions.WithLabelValues(kind, outcome).Inc()
	m.latency.WithLabelValues(kind).Observe(d.Seconds())
}

// Move records one stored move.
func (m *Metrics) Move() {
	if m != nil {
		m.moves.Inc()
	}
}

// SetHealthy sets what /healthz answers: 200 when healthy, 503 otherwise.
func (m *Metrics) SetHealthy(ok bool) {
	if m != nil {
		m.healthy.Store(ok)
	}
}

// SetConnected gives /healthz a live check of the connection (to Discord's
// gateway): while it answers false, /healthz answers 503 even when healthy,
// so a supervisor sees a bot that lost its gateway and cannot get it back.
func (m *Metrics) SetConnected(check func() bool) {
	if m != nil {
		m.connected.Store(&check)
	}
}

// Healthy reports what /healthz answers.
func (m *Metrics) Healthy() bool {
	if m == nil || !m.healthy.Load() {
		return false
	}
	if check := m.connected.Load(); check != nil && *check != nil {
		return (*check)()
	}
	return true
}

// Handler serves /metrics and /healthz.
func (m *Metrics) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{}))
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		if !m.Healthy() {
			http.Error(w, "not ready", http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte("ok\n"))
	})
	return mux
}

// Serve listens on addr and serves the handler until ctx ends. It returns
// the listener's address once listening through ready (useful with ":0").
func (m *Metrics) Serve(ctx context.Context, addr string, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: m.Handler(), ReadHeaderTimeout: 5 * time.Second}
	if ready != nil {
		ready(ln.Addr())
	}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
