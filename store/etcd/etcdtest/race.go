//go:build race

package etcdtest

import "errors"

// Available reports whether this build has the embedded server. The race
// detector's build leaves it out: building etcd's server (raft, grpc,
// its storage) a second time, instrumented, would cost CI more than a
// minute for code that is etcd's own. The tests that need a server skip
// under -race; the run without it has them all, the conformance suite
// among them.
const Available = false

// Server is a running single-member etcd; none in this build.
type Server struct {
	// Endpoint is its client address.
	Endpoint string
}

// Start fails: this build has no server.
func Start(dir string) (*Server, error) {
	return nil, errors.New("etcdtest: the race detector's build has no etcd server (see Available)")
}

// Close does nothing.
func (s *Server) Close() {}

// Cluster is a cluster of etcd members; none in this build.
type Cluster struct {
	// Endpoints are the members' client addresses.
	Endpoints []string
}

// StartCluster fails: this build has no server.
func StartCluster(dir string, n int) (*Cluster, error) {
	return nil, errors.New("etcdtest: the race detector's build has no etcd server (see Available)")
}

// Stop does nothing.
func (c *Cluster) Stop(i int) {}

// Restart does nothing.
func (c *Cluster) Restart(i int) error { return nil }

// Close does nothing.
func (c *Cluster) Close() {}
