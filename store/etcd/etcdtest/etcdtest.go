//go:build !race

// Package etcdtest starts a real etcd server inside the test process
// (etcd's embed package), on loopback, with its data in a directory of
// the test's: what the tests of the etcd engine and of the commands that
// use it run against, with nothing to install.
package etcdtest

import (
	"fmt"
	"net/url"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
)

// Available reports whether this build has the embedded server: every
// build but the race detector's (see race.go).
const Available = true

// Server is a running single-member etcd.
type Server struct {
	etcd *embed.Etcd
	// Endpoint is its client address ("127.0.0.1:PORT").
	Endpoint string
}

// startTimeout bounds how long Start waits for the server to be ready.
const startTimeout = time.Minute

// Start starts a single-member etcd with its data in dir, listening on
// loopback ports of the system's choosing.
func Start(dir string) (*Server, error) {
	cfg := embed.NewConfig()
	cfg.Name = "tablebot-test"
	cfg.Dir = dir
	client, _ := url.Parse("http://127.0.0.1:0")
	peer, _ := url.Parse("http://127.0.0.1:0")
	cfg.ListenClientUrls, cfg.AdvertiseClientUrls = []url.URL{*client}, []url.URL{*client}
	cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = []url.URL{*peer}, []url.URL{*peer}
	cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
	cfg.LogLevel = "fatal"
	cfg.LogOutputs = []string{"stderr"}
	e, err := embed.StartEtcd(cfg)
	if err != nil {
		return nil, err
	}
	select {
	case <-e.Server.ReadyNotify():
	case err := <-e.Err():
		e.Close()
		return nil, err
	case <-time.After(startTimeout):
		e.Close()
		return nil, fmt.Errorf("etcdtest: the server was not ready within %s", startTimeout)
	}
	return &Server{etcd: e, Endpoint: e.Clients[0].Addr().String()}, nil
}

// Close stops the server.
func (s *Server) Close() { s.etcd.Close() }
