package metrics

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestHealthz: /healthz answers 200 only when the bot is healthy and its
// connection check (if any) says it is connected.
func TestHealthz(t *testing.T) {
	var up atomic.Bool
	tests := []struct {
		name      string
		healthy   bool
		check     func() bool
		connected bool
		want      int
	}{
		{"starting", false, nil, false, http.StatusServiceUnavailable},
		{"healthy, no check", true, nil, false, http.StatusOK},
		{"healthy, connected", true, up.Load, true, http.StatusOK},
		{"healthy, gateway lost", true, up.Load, false, http.StatusServiceUnavailable},
		{"stopping, connected", false, up.Load, true, http.StatusServiceUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := New()
			m.SetHealthy(tt.healthy)
			if tt.check != nil {
				m.SetConnected(tt.check)
			}
			up.Store(tt.connected)
			rec := httptest.NewRecorder()
			m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/healthz", nil))
			if got := rec.Code; got != tt.want {
				t.Errorf("got %d, want %d", got, tt.want)
			}
		})
	}
}

// TestMetricsPage: the counters appear on /metrics once recorded, and a
// nil *Metrics records nothing without panicking.
func TestMetricsPage(t *testing.T) {
	var none *Metrics
	none.Interaction("command", true, time.Millisecond)
	none.Move()
	none.SetHealthy(true)
	if none.Healthy() {
		t.Error("a nil Metrics is healthy")
	}
	m := New()
	m.Interaction("command", true, 3*time.Millisecond)
	m.Interaction("component", false, time.Second)
	m.Move()
	srv := httptest.NewServer(m.Handler())
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{
		`tablebot_interactions_total{kind="command",outcome="ok"} 1`,
		`tablebot_interactions_total{kind="component",outcome="error"} 1`,
		`tablebot_interaction_seconds_count{kind="command"} 1`,
		`tablebot_moves_total 1`,
		`go_goroutines`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}
