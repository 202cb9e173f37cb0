//go:build !race

package etcdtest

import (
	"fmt"
	"net"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
)

// Cluster is a cluster of etcd members on loopback, each with its data in
// a directory of its own; a member may be stopped and started again.
type Cluster struct {
	cfgs    []*embed.Config
	members []*embed.Etcd
	// Endpoints are the members' client addresses.
	Endpoints []string
}

// StartCluster starts an n-member cluster with its data under dir.
func StartCluster(dir string, n int) (*Cluster, error) {
	c := &Cluster{cfgs: make([]*embed.Config, n), members: make([]*embed.Etcd, n)}
	var initial []string
	for i := range c.cfgs {
		client, peer := freeURL(), freeURL()
		if client == nil || peer == nil {
			return nil, fmt.Errorf("etcdtest: no free loopback port")
		}
		cfg := embed.NewConfig()
		cfg.Name = fmt.Sprintf("m%d", i)
		cfg.Dir = filepath.Join(dir, cfg.Name)
		cfg.ListenClientUrls, cfg.AdvertiseClientUrls = []url.URL{*client}, []url.URL{*client}
		cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = []url.URL{*peer}, []url.URL{*peer}
		cfg.LogLevel = "fatal"
		cfg.LogOutputs = []string{"stderr"}
		c.cfgs[i] = cfg
		c.Endpoints = append(c.Endpoints, client.Host)
		initial = append(initial, cfg.Name+"="+peer.String())
	}
	for i, cfg := range c.cfgs {
		cfg.InitialCluster = strings.Join(initial, ",")
		e, err := embed.StartEtcd(cfg)
		if err != nil {
			c.Close()
			return nil, err
		}
		c.members[i] = e
	}
	for i := range c.members {
		if err := c.ready(i); err != nil {
			c.Close()
			return nil, err
		}
	}
	return c, nil
}

// freeURL returns a loopback URL whose port is free right now.
func freeURL() *url.URL {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil
	}
	defer ln.Close()
	return &url.URL{Scheme: "http", Host: ln.Addr().String()}
}

// ready waits for member i to be ready.
func (c *Cluster) ready(i int) error {
	e := c.members[i]
	select {
	case <-e.Server.ReadyNotify():
		return nil
	case err := <-e.Err():
		return err
	case <-time.After(startTimeout):
		return fmt.Errorf("etcdtest: member %d was not ready within %s", i, startTimeout)
	}
}

// Stop stops member i, as if its machine went down.
func (c *Cluster) Stop(i int) {
	if c.members[i] != nil {
		c.members[i].Close()
		c.members[i] = nil
	}
}

// Restart starts member i again on its data and waits until it is ready.
func (c *Cluster) Restart(i int) error {
	e, err := embed.StartEtcd(c.cfgs[i])
	if err != nil {
		return err
	}
	c.members[i] = e
	return c.ready(i)
}

// Close stops every member.
func (c *Cluster) Close() {
	for i := range c.members {
		c.Stop(i)
	}
}
