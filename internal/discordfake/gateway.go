package discordfake

import (
	"bytes"
	"compress/zlib"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Gateway opcodes and close codes used by the fake.
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opPresenceUpdate = 3
	opVoiceState     = 4
	opResume         = 6
	opRequestMembers = 8
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatAck   = 11

	closeUnknownOpcode   = 4001
	closeDecodeError     = 4002
	closeNotAuthed       = 4003
	closeAuthFailed      = 4004
	closeAlreadyAuthed   = 4005
	closeInvalidShard    = 4010
	closeInvalidIntents  = 4013
	maxReplayedEvents    = 1000
	gatewayWriteDeadline = 5 * time.Second
)

// Session describes one gateway session (one Identify) the bot opened.
type Session struct {
	ID           string
	Shard        [2]int           // [shard_id, num_shards]; [0, 1] when the bot sent none
	Intents      discordgo.Intent // as sent in Identify
	Compress     bool             // the bot asked for zlib-compressed payloads
	IdentifiedAt time.Time
	Ready        bool  // READY and the GUILD_CREATEs were sent
	Connected    bool  // a websocket is attached now
	Resumes      int   // successful Resumes
	Heartbeats   int   // heartbeats received
	Seq          int64 // last sequence number sent
}

type gwEvent struct {
	seq  int64
	typ  string
	data json.RawMessage
}

// gwSession is the server's record of a session; mutable fields are
// guarded by Server.mu, and sendMu orders sequence numbers with writes.
type gwSession struct {
	id           string
	shard        [2]int
	intents      discordgo.Intent
	compress     bool
	identifiedAt time.Time

	sendMu     sync.Mutex
	seq        int64
	log        []gwEvent // recent events, replayed on Resume
	conn       *gwConn
	ready      bool
	resumes    int
	heartbeats int
}

// gwConn is one websocket connection.
type gwConn struct {
	version int // gateway version from the URL query; READY reports it
	ws      *websocket.Conn
	wmu     sync.Mutex // gorilla allows one writer at a time
	sess    *gwSession // guarded by Server.mu

	// zw and zbuf, guarded by wmu, compress the dispatches: one writer
	// reset for each payload costs far less than a new one.
	zw   *zlib.Writer
	zbuf bytes.Buffer
}

func (c *gwConn) writeFrame(mt int, b []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.writeFrameLocked(mt, b)
}

func (c *gwConn) writeFrameLocked(mt int, b []byte) error {
	c.ws.SetWriteDeadline(time.Now().Add(gatewayWriteDeadline))
	return c.ws.WriteMessage(mt, b)
}

func (c *gwConn) writeJSON(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return c.writeFrame(websocket.TextMessage, b)
}

// close ends the connection with a gateway close code, as Discord does
// when a client breaks the protocol.
func (c *gwConn) close(code int, text string) {
	c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(time.Second))
	c.ws.Close()
}

// compressed reports whether Discord compresses an event for a session that
// asked for payload compression (Identify's compress): "payload
// compression enables optional per-packet compression for *some* events
// [...] not all payloads will be compressed" (Discord's Gateway docs),
// the large ones: READY and GUILD_CREATE (DSharpPlus documents its payload
// compression as compressing those; discordgo issue 40 quotes "if the
// READY event is big enough, it'll be sent as compressed binary data").
// Every other event comes as a text frame.
func compressed(typ string) bool { return typ == "READY" || typ == "GUILD_CREATE" }

// writeDispatch sends an op 0 event. With compression on, the events
// Discord compresses (see compressed) are each a complete zlib stream in
// a binary frame, which is what discordgo decodes (it inflates every
// binary message on its own); the others are text frames.
func (c *gwConn) writeDispatch(ev gwEvent, compress bool) error {
	frame, err := dispatchFrame(ev)
	if err != nil {
		return err
	}
	if !compress || !compressed(ev.typ) {
		return c.writeFrame(websocket.TextMessage, frame)
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.zbuf.Reset()
	if c.zw == nil {
		c.zw, _ = zlib.NewWriterLevel(&c.zbuf, zlib.BestSpeed) // the level is valid
	} else {
		c.zw.Reset(&c.zbuf)
	}
	c.zw.Write(frame)
	c.zw.Close()
	return c.writeFrameLocked(websocket.BinaryMessage, c.zbuf.Bytes()) // the frame is copied out
}

// dispatchFrame encodes an op 0 payload as json.Marshal encodes the map
// of its fields (keys in order), without scanning the event's data again:
// they were encoded by json.Marshal (sendDispatch) or are a compact
// literal.
func dispatchFrame(ev gwEvent) ([]byte, error) {
	typ, err := json.Marshal(ev.typ)
	if err != nil {
		return nil, err
	}
	data := []byte(ev.data)
	if data == nil {
		data = []byte("null")
	}
	b := make([]byte, 0, len(data)+len(typ)+40)
	b = append(append(b, `{"d":`...), data...)
	b = strconv.AppendInt(append(b, `,"op":`...), opDispatch, 10)
	b = strconv.AppendInt(append(b, `,"s":`...), ev.seq, 10)
	b = append(append(b, `,"t":`...), typ...)
	return append(b, '}'), nil
}

// serveGateway runs one websocket connection of the bot.
func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	if q := r.URL.Query(); !slices.Contains(apiVersions, q.Get("v")) || q.Get("encoding") != "json" {
		s.breach(Breach{Rule: RuleGateway, Detail: fmt.Sprintf("gateway URL query %q lacks v=9 or v=10 and encoding=json", r.URL.RawQuery), Request: reqName(r)})
	}
	ws, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gwConn{ws: ws, version: 10}
	if v, err := strconv.Atoi(r.URL.Query().Get("v")); err == nil {
		c.version = v
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		ws.Close()
		return
	}
	s.conns[c] = struct{}{}
	s.wg.Add(1)
	s.mu.Unlock()
	defer s.dropConn(c)

	ws.SetReadLimit(1 << 20)
	if err := c.writeJSON(map[string]any{"op": opHello, "d": map[string]any{"heartbeat_interval": s.opts.HeartbeatInterval.Milliseconds()}}); err != nil {
		return
	}
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			return // the bot closed the connection, or the server is closing
		}
		var p struct {
			Op int             `json:"op"`
			D  json.RawMessage `json:"d"`
		}
		if err := json.Unmarshal(data, &p); err != nil {
			s.breach(Breach{Rule: RuleGateway, Detail: "undecodable gateway payload: " + err.Error(), Request: "gateway"})
			c.close(closeDecodeError, "Decode error")
			return
		}
		if !s.handleOp(c, p.Op, p.D) {
			return
		}
	}
}

// handleOp handles one payload from the bot; false ends the connection.
func (s *Server) handleOp(c *gwConn, op int, d json.RawMessage) bool {
	s.mu.Lock()
	sess := c.sess
	s.mu.Unlock()
	switch op {
	case opHeartbeat:
		if sess != nil {
			s.mu.Lock()
			sess.heartbeats++
			s.changedLocked()
			s.mu.Unlock()
		}
		return c.writeJSON(map[string]any{"op": opHeartbeatAck, "d": nil}) == nil
	case opIdentify:
		return s.identify(c, d)
	case opResume:
		return s.resume(c, d)
	case opPresenceUpdate, opVoiceState, opRequestMembers:
		if sess == nil {
			s.breach(Breach{Rule: RuleGateway, Detail: fmt.Sprintf("op %d before Identify", op), Request: "gateway"})
			c.close(closeNotAuthed, "Not authenticated")
			return false
		}
		return true
	default:
		s.breach(Breach{Rule: RuleGateway, Detail: fmt.Sprintf("unknown opcode %d", op), Request: "gateway"})
		c.close(closeUnknownOpcode, "Unknown opcode")
		return false
	}
}

// tokenOK accepts the token with or without the "Bot " prefix: discordgo
// sends the session token, which bots set to "Bot <token>".
func (s *Server) tokenOK(tok string) bool {
	return strings.TrimPrefix(tok, "Bot ") == s.opts.Token
}

func (s *Server) identify(c *gwConn, d json.RawMessage) bool {
	var id struct {
		Token    string  `json:"token"`
		Intents  *int64  `json:"intents"`
		Shard    *[2]int `json:"shard"`
		Compress bool    `json:"compress"`
	}
	fail := func(rule Rule, code int, text, detail string) bool {
		s.breach(Breach{Rule: rule, Detail: detail, Request: "gateway Identify"})
		c.close(code, text)
		return false
	}
	if err := json.Unmarshal(d, &id); err != nil {
		return fail(RuleGateway, closeDecodeError, "Decode error", "undecodable Identify: "+err.Error())
	}
	s.mu.Lock()
	already := c.sess != nil
	s.mu.Unlock()
	switch {
	case already:
		return fail(RuleGateway, closeAlreadyAuthed, "Already authenticated", "a second Identify on one connection")
	case !s.tokenOK(id.Token):
		return fail(RuleUnauthorized, closeAuthFailed, "Authentication failed", "Identify with a wrong token")
	case id.Intents == nil:
		return fail(RuleGateway, closeInvalidIntents, "Invalid intent(s)", "Identify without intents (required since API v8)")
	}
	shard := [2]int{0, 1}
	if id.Shard != nil {
		shard = *id.Shard
	}
	if shard[1] < 1 || shard[0] < 0 || shard[0] >= shard[1] {
		return fail(RuleGateway, closeInvalidShard, "Invalid shard", fmt.Sprintf("invalid shard %v", shard))
	}

	var rnd [16]byte
	rand.Read(rnd[:])
	sess := &gwSession{
		id:           hex.EncodeToString(rnd[:]),
		shard:        shard,
		intents:      discordgo.Intent(*id.Intents),
		compress:     id.Compress,
		identifiedAt: time.Now(),
		conn:         c,
	}
	s.mu.Lock()
	c.sess = sess
	s.sessions[sess.id] = sess
	s.sessionOrder = append(s.sessionOrder, sess)
	var guilds []map[string]any
	var creates []*discordgo.Guild
	for _, gid := range s.guildOrder {
		if shardFor(gid, shard[1]) != shard[0] || s.removedFrom[gid] {
			continue
		}
		guilds = append(guilds, map[string]any{"id": gid, "unavailable": true})
		creates = append(creates, s.wireGuildLocked(gid))
	}
	s.changedLocked()
	s.mu.Unlock()

	bot := s.botUser()
	bot.Verified = true
	version := c.version
	if guilds == nil {
		guilds = []map[string]any{}
	}
	s.sendDispatch(sess, "READY", map[string]any{
		"v":                       version,
		"user":                    bot,
		"guilds":                  guilds,
		"session_id":              sess.id,
		"session_type":            "normal",
		"resume_gateway_url":      s.GatewayURL(),
		"shard":                   shard,
		"application":             map[string]any{"id": s.opts.ApplicationID, "flags": 0},
		"private_channels":        []any{},
		"relationships":           []any{},
		"presences":               []any{},
		"guild_join_requests":     []any{},
		"geo_ordered_rtc_regions": []any{},
		"user_settings":           map[string]any{},
		"_trace":                  []string{"discordfake"},
	})
	// GUILD_CREATE is only sent to sessions with the GUILDS intent.
	if sess.intents&discordgo.IntentGuilds != 0 {
		for _, g := range creates {
			s.sendDispatch(sess, "GUILD_CREATE", g)
		}
	}
	s.mu.Lock()
	sess.ready = true
	s.changedLocked()
	s.mu.Unlock()
	return true
}

// resume reattaches a session to a new connection and replays what the bot
// missed. An unknown session gets op 9 (not resumable), after which
// discordgo identifies again on the same connection.
func (s *Server) resume(c *gwConn, d json.RawMessage) bool {
	var rs struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	if err := json.Unmarshal(d, &rs); err != nil {
		s.breach(Breach{Rule: RuleGateway, Detail: "undecodable Resume: " + err.Error(), Request: "gateway Resume"})
		c.close(closeDecodeError, "Decode error")
		return false
	}
	if !s.tokenOK(rs.Token) {
		s.breach(Breach{Rule: RuleUnauthorized, Detail: "Resume with a wrong token", Request: "gateway Resume"})
		c.close(closeAuthFailed, "Authentication failed")
		return false
	}
	s.mu.Lock()
	sess := s.sessions[rs.SessionID]
	if sess == nil || c.sess != nil {
		s.mu.Unlock()
		return c.writeJSON(map[string]any{"op": opInvalidSession, "d": false}) == nil
	}
	s.mu.Unlock()

	sess.sendMu.Lock()
	defer sess.sendMu.Unlock()
	s.mu.Lock()
	old := sess.conn
	sess.conn = c
	c.sess = sess
	sess.resumes++
	var missed []gwEvent
	for _, ev := range sess.log {
		if ev.seq > rs.Seq {
			missed = append(missed, ev)
		}
	}
	sess.seq++
	resumed := gwEvent{seq: sess.seq, typ: "RESUMED", data: json.RawMessage(`{"_trace":["discordfake"]}`)}
	s.changedLocked()
	s.mu.Unlock()
	if old != nil && old != c {
		old.ws.Close() // Discord drops the connection a session was resumed away from
	}
	for _, ev := range missed {
		if c.writeDispatch(ev, sess.compress) != nil {
			return false
		}
	}
	return c.writeDispatch(resumed, sess.compress) == nil
}

// sendDispatch sends an event to a session with its next sequence number.
// A session without a live connection still consumes the number and logs
// the event, so a Resume can replay it.
func (s *Server) sendDispatch(sess *gwSession, typ string, data any) {
	raw, err := json.Marshal(data)
	if err != nil {
		panic("discordfake: marshal " + typ + ": " + err.Error())
	}
	sess.sendMu.Lock()
	defer sess.sendMu.Unlock()
	s.mu.Lock()
	sess.seq++
	ev := gwEvent{seq: sess.seq, typ: typ, data: raw}
	sess.log = append(sess.log, ev)
	if len(sess.log) > maxReplayedEvents {
		sess.log = sess.log[len(sess.log)-maxReplayedEvents:]
	}
	c := sess.conn
	s.mu.Unlock()
	if c != nil {
		c.writeDispatch(ev, sess.compress) // a failed write ends the read loop too
	}
}

// dropConn forgets a finished connection.
func (s *Server) dropConn(c *gwConn) {
	s.mu.Lock()
	delete(s.conns, c)
	if c.sess != nil && c.sess.conn == c {
		c.sess.conn = nil
	}
	s.changedLocked()
	s.mu.Unlock()
	c.ws.Close()
	s.wg.Done()
}

// shardFor returns the shard that receives a guild's events; DMs go to
// shard 0.
func shardFor(guildID string, numShards int) int {
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil || numShards < 1 {
		return 0
	}
	return int((id >> 22) % uint64(numShards))
}

// liveSessionsLocked returns the ready, connected sessions that receive the
// guild's events. Discord sends events to every such session, so a bot
// running twice answers twice.
func (s *Server) liveSessionsLocked(guildID string) []*gwSession {
	var out []*gwSession
	for _, sess := range s.sessionOrder {
		if sess.ready && sess.conn != nil && shardFor(guildID, sess.shard[1]) == sess.shard[0] {
			out = append(out, sess)
		}
	}
	return out
}

// awaitSessions waits for at least one session that receives the guild's
// events.
func (s *Server) awaitSessions(guildID string) []*gwSession {
	s.t.Helper()
	var out []*gwSession
	if !s.await(context.Background(), func() { out = s.liveSessionsLocked(guildID) }, func() bool { return len(out) > 0 }) {
		s.t.Fatalf("discordfake: no gateway session is connected for guild %q (did the bot open its session?)", guildID)
	}
	return out
}

// announceGuild sends GUILD_CREATE for a guild added while sessions run.
func (s *Server) announceGuild(guildID string) {
	s.mu.Lock()
	sessions := s.liveSessionsLocked(guildID)
	g := s.wireGuildLocked(guildID)
	s.mu.Unlock()
	for _, sess := range sessions {
		if sess.intents&discordgo.IntentGuilds != 0 {
			s.sendDispatch(sess, "GUILD_CREATE", g)
		}
	}
}

func (s *Server) sessionsLocked() []Session {
	out := make([]Session, 0, len(s.sessionOrder))
	for _, g := range s.sessionOrder {
		out = append(out, Session{
			ID: g.id, Shard: g.shard, Intents: g.intents, Compress: g.compress,
			IdentifiedAt: g.identifiedAt, Ready: g.ready, Connected: g.conn != nil,
			Resumes: g.resumes, Heartbeats: g.heartbeats, Seq: g.seq,
		})
	}
	return out
}

// Sessions returns every gateway session the bot identified, in order.
func (s *Server) Sessions() []Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessionsLocked()
}

// Shards returns the distinct [shard_id, num_shards] pairs that
// identified, in order of first appearance.
func (s *Server) Shards() [][2]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out [][2]int
	seen := map[[2]int]bool{}
	for _, g := range s.sessionOrder {
		if !seen[g.shard] {
			seen[g.shard] = true
			out = append(out, g.shard)
		}
	}
	return out
}

// WaitSessions waits until at least n sessions have identified over the
// server's life and are ready, and returns all sessions. A test restarting
// the bot waits for 2 before dispatching to the new process.
func (s *Server) WaitSessions(ctx context.Context, n int) []Session {
	s.t.Helper()
	var out []Session
	ok := s.await(ctx, func() { out = s.sessionsLocked() }, func() bool {
		ready := 0
		for _, g := range out {
			if g.Ready {
				ready++
			}
		}
		return ready >= n
	})
	if !ok {
		s.t.Fatalf("discordfake: WaitSessions: %d sessions ready, want %d", len(out), n)
	}
	return out
}

// WaitDisconnected waits until no gateway session is connected (a bot
// closed, or cut off) and returns all sessions.
func (s *Server) WaitDisconnected(ctx context.Context) []Session {
	s.t.Helper()
	var out []Session
	ok := s.await(ctx, func() { out = s.sessionsLocked() }, func() bool {
		for _, g := range out {
			if g.Connected {
				return false
			}
		}
		return true
	})
	if !ok {
		s.t.Fatalf("discordfake: WaitDisconnected: a session is still connected: %+v", out)
	}
	return out
}

// DropConnections cuts every gateway websocket without a close frame, as a
// network failure would. discordgo then reconnects and resumes.
func (s *Server) DropConnections() {
	s.mu.Lock()
	conns := make([]*gwConn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	for _, c := range conns {
		c.ws.NetConn().Close()
	}
}
