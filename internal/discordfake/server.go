package discordfake

import (
	"crypto/ed25519"
	"crypto/rand"
	"net"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Defaults of Options, taken from Discord's documentation.
const (
	DefaultToken             = "discordfake-token"
	DefaultBotUsername       = "tablebot"
	DefaultAckDeadline       = 3 * time.Second  // initial interaction response
	DefaultTokenLifetime     = 15 * time.Minute // interaction token validity
	DefaultWaitTimeout       = 10 * time.Second // generous bound for test waits
	DefaultHeartbeatInterval = 41250 * time.Millisecond
	DefaultMaxFileSize       = 25 << 20 // 25 MiB
)

// DefaultAppPermissions is what the bot may do in every channel unless
// Options.AppPermissions says otherwise: the usual text permissions.
const DefaultAppPermissions int64 = discordgo.PermissionViewChannel |
	discordgo.PermissionSendMessages |
	discordgo.PermissionEmbedLinks |
	discordgo.PermissionAttachFiles |
	discordgo.PermissionReadMessageHistory |
	discordgo.PermissionUseApplicationCommands

// DefaultMemberPermissions is what a member may do unless AddMember says
// otherwise: an ordinary user without moderation rights.
const DefaultMemberPermissions int64 = discordgo.PermissionViewChannel |
	discordgo.PermissionSendMessages |
	discordgo.PermissionEmbedLinks |
	discordgo.PermissionAttachFiles |
	discordgo.PermissionReadMessageHistory |
	discordgo.PermissionUseApplicationCommands

// Options configures a Server. The zero value is usable.
type Options struct {
	// Token is the bot token without the "Bot " prefix; requests must carry
	// "Authorization: Bot <Token>". Default DefaultToken.
	Token string
	// ApplicationID is the bot's application id. Default: a fresh snowflake.
	ApplicationID string
	// BotUserID is the bot user's id. Default: ApplicationID, as for real bots.
	BotUserID string
	// BotUsername is the bot user's name. Default DefaultBotUsername.
	BotUsername string

	// AckDeadline is how long the bot has for the initial interaction
	// response. Default DefaultAckDeadline (Discord's 3 seconds); tests of
	// the deadline itself set it tiny.
	AckDeadline time.Duration
	// TokenLifetime is how long interaction tokens accept edits and
	// followups. Default DefaultTokenLifetime (15 minutes).
	TokenLifetime time.Duration
	// WaitTimeout bounds every Wait* helper even if its context has no
	// deadline. Default DefaultWaitTimeout.
	WaitTimeout time.Duration
	// HeartbeatInterval is announced in the gateway Hello. Default
	// DefaultHeartbeatInterval.
	HeartbeatInterval time.Duration
	// MaxFileSize is the largest accepted upload. Default DefaultMaxFileSize.
	MaxFileSize int64
	// AppPermissions is what the bot may do in a channel that does not set
	// Channel.BotPermissions: it is sent as app_permissions in
	// interactions and checked by POST /channels/{channel}/messages.
	// Default DefaultAppPermissions, which does not include
	// SEND_MESSAGES_IN_THREADS.
	AppPermissions int64
	// NonceWindow is how long a nonce sent with enforce_nonce finds the
	// message it created. Default DefaultNonceWindow.
	NonceWindow time.Duration
	// InvalidRequestLimit is how many invalid requests (responses 401,
	// 403, and 429 other than of scope "shared") within
	// InvalidRequestWindow break RuleInvalidRequests. Default
	// DefaultInvalidRequestLimit (Discord's 10,000); tests set it small.
	InvalidRequestLimit int
	// Now is the fake's clock for Discord's own windows of minutes and for
	// the times the fake shows: the nonce window, the invalid-request
	// window, message timestamps and snowflake ids, Breach.At, Denial.At,
	// Refusal.At and FaultRequest.Now. A test moves it to cross a window
	// without waiting. The interaction deadlines (AckDeadline,
	// TokenLifetime) always run on real time, since the bot's requests
	// take real time. Now is called with the server's lock held and must
	// not call the Server's methods. Default time.Now.
	Now func() time.Time

	// ImageHeaders makes the fake read only the header of an uploaded
	// image (its format and size), not decode it whole, and keep no
	// upload's bytes (Attachment.Data is nil; the CDN route fails the
	// test): for benchmarks of the bot, where decoding every board would
	// cost the machine as much as drawing it, and keeping every board
	// would grow the process by each. Every byte is still read and
	// counted against MaxFileSize. Tests leave it off.
	ImageHeaders bool

	// ExpectBreaches makes the server only collect breaches (see Breaches
	// and TakeBreaches) instead of failing the test, for tests that check
	// that a bad request is caught.
	ExpectBreaches bool
	// PermissiveMentions turns off the strict mention policy. By default
	// every message whose content is not empty must carry allowed_mentions
	// with an empty parse list and no roles, so that only users listed
	// explicitly can ever be pinged.
	PermissiveMentions bool
}

func (o *Options) setDefaults(ids *snowflakes) {
	if o.Now == nil {
		o.Now = time.Now
	}
	ids.now = o.Now
	if o.Token == "" {
		o.Token = DefaultToken
	}
	if o.ApplicationID == "" {
		o.ApplicationID = ids.next()
	}
	if o.BotUserID == "" {
		o.BotUserID = o.ApplicationID
	}
	if o.BotUsername == "" {
		o.BotUsername = DefaultBotUsername
	}
	if o.AckDeadline <= 0 {
		o.AckDeadline = DefaultAckDeadline
	}
	if o.TokenLifetime <= 0 {
		o.TokenLifetime = DefaultTokenLifetime
	}
	if o.WaitTimeout <= 0 {
		o.WaitTimeout = DefaultWaitTimeout
	}
	if o.HeartbeatInterval <= 0 {
		o.HeartbeatInterval = DefaultHeartbeatInterval
	}
	if o.MaxFileSize <= 0 {
		o.MaxFileSize = DefaultMaxFileSize
	}
	if o.AppPermissions == 0 {
		o.AppPermissions = DefaultAppPermissions
	}
	if o.NonceWindow <= 0 {
		o.NonceWindow = DefaultNonceWindow
	}
	if o.InvalidRequestLimit <= 0 {
		o.InvalidRequestLimit = DefaultInvalidRequestLimit
	}
}

// Server is a fake Discord. All its methods are safe for concurrent use;
// the Wait* methods and the ones dispatching interactions may fail the test
// with t.Fatalf and so belong on the test's own goroutine.
type Server struct {
	t        testing.TB
	opts     Options
	ids      snowflakes
	http     *httptest.Server
	upgrader websocket.Upgrader
	wg       sync.WaitGroup // gateway connections and HTTP deliveries still being served
	// bodyReaders are the buffers multipart bodies are read through
	// (*bufio.Reader of bodyBuffer bytes), kept from one request to the next.
	bodyReaders sync.Pool
	// uploadScratch are the buffers (*bytes.Buffer) uploads are read into
	// when only their headers are kept (Options.ImageHeaders).
	uploadScratch sync.Pool

	mu      sync.Mutex
	changed chan struct{} // closed and replaced on every change
	closed  bool
	done    chan struct{} // closed by Close

	guilds     map[string]*Guild
	guildOrder []string
	channels   map[string]*Channel
	// goneChannels are the deleted channels and threads, by id; a channel
	// is in channels or in goneChannels, never in both.
	goneChannels map[string]*Channel
	removedFrom  map[string]bool // guilds the bot was removed from
	users        map[string]*User
	members      map[string]map[string]*Member // guild id → user id → member

	chanMsgs    map[string][]*Message  // channel id → live messages, oldest first
	msgs        map[string]*Message    // message id → latest state, deleted ones too
	attachments map[string]*Attachment // attachment id → file, for the CDN route

	globalCmds []*discordgo.ApplicationCommand
	guildCmds  map[string][]*discordgo.ApplicationCommand

	interactions map[string]*interaction // by interaction id
	byToken      map[string]*interaction // by interaction token

	sessions     map[string]*gwSession // by session id
	sessionOrder []*gwSession          // in order of identify
	conns        map[*gwConn]struct{}  // open websocket connections

	breaches      []Breach
	notifications []Notification // append-only; Views hold it clipped
	denied        []Denial
	refused       []Refusal
	invalid       invalidLog

	routeSet map[Route]bool                             // every route served, for Fail and Hold
	requests map[Route]int                              // requests that reached each route
	faults   map[Route][]Fault                          // queued faults, next first
	rules    map[Route]func(FaultRequest) (Fault, bool) // FailIf rules
	holds    map[Route][]*Hold                          // holds waiting for a request, next first
	held     map[*Hold]struct{}                         // holds with a request held

	// pub and priv are the application's key pair: Discord signs what it
	// sends to an Interactions Endpoint URL with priv.
	pub  ed25519.PublicKey
	priv ed25519.PrivateKey
	// endpoint is the Interactions Endpoint URL; "" delivers interactions
	// over the gateway.
	endpoint string
}

// New starts a fake Discord on 127.0.0.1 and closes it when the test ends.
func New(t testing.TB, opts Options) *Server {
	t.Helper()
	s := &Server{
		t:            t,
		changed:      make(chan struct{}),
		done:         make(chan struct{}),
		guilds:       map[string]*Guild{},
		channels:     map[string]*Channel{},
		goneChannels: map[string]*Channel{},
		removedFrom:  map[string]bool{},
		users:        map[string]*User{},
		members:      map[string]map[string]*Member{},
		chanMsgs:     map[string][]*Message{},
		msgs:         map[string]*Message{},
		attachments:  map[string]*Attachment{},
		guildCmds:    map[string][]*discordgo.ApplicationCommand{},
		interactions: map[string]*interaction{},
		byToken:      map[string]*interaction{},
		sessions:     map[string]*gwSession{},
		conns:        map[*gwConn]struct{}{},
		routeSet:     map[Route]bool{},
		requests:     map[Route]int{},
		faults:       map[Route][]Fault{},
		rules:        map[Route]func(FaultRequest) (Fault, bool){},
		holds:        map[Route][]*Hold{},
		held:         map[*Hold]struct{}{},
	}
	opts.setDefaults(&s.ids)
	s.opts = opts
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatalf("discordfake: generating the application's key: %v", err)
	}
	s.pub, s.priv = pub, priv

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("discordfake: listen on 127.0.0.1: %v", err)
	}
	s.http = httptest.NewUnstartedServer(s.routes())
	s.http.Listener.Close()
	s.http.Listener = l
	s.http.Start()
	t.Cleanup(s.Close)
	return s
}

// URL returns the base URL to configure as the bot's api_url, such as
// "http://127.0.0.1:41234/". REST paths below it are Discord's (/api/v9/... as discordgo v0.29.0 sends them, and /api/v10/...).
func (s *Server) URL() string {
	return s.http.URL + "/"
}

// GatewayURL returns the websocket URL the fake announces on GET /gateway.
func (s *Server) GatewayURL() string {
	return "ws://" + s.http.Listener.Addr().String() + "/gateway/"
}

// Token returns the bot token the fake expects, without the "Bot " prefix.
func (s *Server) Token() string { return s.opts.Token }

// ApplicationID returns the bot's application id.
func (s *Server) ApplicationID() string { return s.opts.ApplicationID }

// BotUserID returns the bot user's id.
func (s *Server) BotUserID() string { return s.opts.BotUserID }

// Close shuts the fake down: gateway connections are dropped, pending
// deadline timers stopped, held requests dropped, and the HTTP server
// closed. It is registered with t.Cleanup by New and safe to call more
// than once.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	close(s.done)
	holds := s.dropHoldsLocked()
	for _, in := range s.interactions {
		if in.timer != nil {
			in.timer.Stop()
		}
	}
	conns := make([]*gwConn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.changedLocked()
	s.mu.Unlock()

	for _, h := range holds {
		h.Release(false)
	}
	for _, c := range conns {
		c.ws.Close()
	}
	s.http.Close()
	s.wg.Wait()
}

// changedLocked wakes every waiter so it rechecks its condition. The caller
// holds s.mu.
func (s *Server) changedLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// botUser returns the bot as a discordgo user.
func (s *Server) botUser() *discordgo.User {
	return &discordgo.User{
		ID:            s.opts.BotUserID,
		Username:      s.opts.BotUsername,
		Discriminator: "0",
		Bot:           true,
	}
}

// newID returns a fresh snowflake.
func (s *Server) newID() string { return s.ids.next() }

// now reads the fake's clock (Options.Now). Real time, for the
// interaction deadlines, is read with time.Now directly.
func (s *Server) now() time.Time { return s.opts.Now() }
