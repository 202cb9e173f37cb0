package discordfake

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// apiVersions are the REST API versions served. discordgo v0.29.0 speaks
// v9 (its APIVersion variable); Discord's current documentation is v10.
var apiVersions = []string{"9", "10"}

// apiVersion returns the API version of a REST request's path.
func apiVersion(r *http.Request) string {
	rest, _ := strings.CutPrefix(r.URL.Path, "/api/v")
	v, _, _ := strings.Cut(rest, "/")
	return v
}

// routes builds the HTTP handler: Discord's REST endpoints that discordgo
// uses, the gateway websocket, and a CDN route serving attachments.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	// Every endpoint counts its requests and takes holds and faults (see
	// Route); those are applied once the request is authenticated.
	api := func(pattern string, auth authMode, h http.HandlerFunc) {
		method, path, _ := strings.Cut(pattern, " ")
		route := Route(pattern)
		s.routeSet[route] = true
		handler := s.counted(route, s.withAuth(auth, s.intercept(route, h)))
		for _, v := range apiVersions {
			mux.Handle(method+" /api/v"+v+path, handler)
		}
	}

	api("GET /gateway", botAuth, s.handleGateway)
	api("GET /gateway/bot", botAuth, s.handleGatewayBot)
	api("GET /users/@me", botAuth, s.handleMe)
	api("GET /users/{user}", botAuth, s.handleUser)
	api("POST /users/@me/channels", botAuth, s.handleCreateDM)
	api("GET /applications/@me", botAuth, s.handleApplication)
	api("GET /oauth2/applications/@me", botAuth, s.handleApplication)
	api("GET /oauth2/applications/{app}", botAuth, s.handleApplication)

	for _, scope := range []string{"/applications/{app}", "/applications/{app}/guilds/{guild}"} {
		api("GET "+scope+"/commands", botAuth, s.handleListCommands)
		api("PUT "+scope+"/commands", botAuth, s.handleBulkOverwrite)
		api("POST "+scope+"/commands", botAuth, s.handleCreateCommand)
		api("GET "+scope+"/commands/{cmd}", botAuth, s.handleGetCommand)
		api("PATCH "+scope+"/commands/{cmd}", botAuth, s.handleEditCommand)
		api("DELETE "+scope+"/commands/{cmd}", botAuth, s.handleDeleteCommand)
	}

	// Interaction endpoints authenticate with the interaction token in the
	// path; discordgo still sends its Authorization header, which must then
	// be right.
	api("POST /interactions/{id}/{token}/callback", optionalAuth, s.handleCallback)
	api("POST /webhooks/{app}/{token}", optionalAuth, s.handleFollowup)
	api("GET /webhooks/{app}/{token}/messages/{msg}", optionalAuth, s.handleWebhookGet)
	api("PATCH /webhooks/{app}/{token}/messages/{msg}", optionalAuth, s.handleWebhookEdit)
	api("DELETE /webhooks/{app}/{token}/messages/{msg}", optionalAuth, s.handleWebhookDelete)

	api("GET /channels/{channel}", botAuth, s.handleGetChannel)
	api("GET /channels/{channel}/messages", botAuth, s.handleListMessages)
	api("POST /channels/{channel}/messages", botAuth, s.handleCreateMessage)
	api("GET /channels/{channel}/messages/{msg}", botAuth, s.handleGetMessage)
	api("PATCH /channels/{channel}/messages/{msg}", botAuth, s.handleEditMessage)
	api("DELETE /channels/{channel}/messages/{msg}", botAuth, s.handleDeleteMessage)
	api("GET /guilds/{guild}", botAuth, s.handleGetGuild)
	api("GET /guilds/{guild}/channels", botAuth, s.handleGuildChannels)
	api("GET /guilds/{guild}/members/{user}", botAuth, s.handleGetMember)

	// discordgo appends "?v=9&encoding=json" to the URL from GET /gateway
	// after making sure it ends in a slash.
	mux.HandleFunc("GET /gateway/{$}", s.serveGateway)
	mux.HandleFunc("GET /gateway", s.serveGateway)
	mux.HandleFunc("GET /attachments/{channel}/{id}/{name}", s.handleCDN)

	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// ServeMux would answer unknown routes and wrong methods itself;
		// Discord's answer has a JSON body, and the fake records a breach.
		if _, pattern := mux.Handler(r); pattern == "" {
			s.breach(Breach{Rule: RuleUnknownRoute, Detail: "discordfake has no such Discord endpoint", Request: reqName(r)})
			writeError(w, http.StatusNotFound, 0, "404: Not Found", nil)
			return
		}
		mux.ServeHTTP(w, r)
	})
}

type authMode int

const (
	botAuth      authMode = iota // Authorization: Bot <token> required
	optionalAuth                 // may be absent, must be right if present
)

// withAuth checks the Authorization header before running h.
func (s *Server) withAuth(mode authMode, h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := r.Header.Get("Authorization")
		if got == "" && mode == optionalAuth {
			h(w, r)
			return
		}
		if got != "Bot "+s.opts.Token {
			detail := "missing Authorization header"
			if got != "" {
				detail = "Authorization header is not \"Bot <token>\" with the expected token"
			}
			s.breach(Breach{Rule: RuleUnauthorized, Detail: detail, Request: reqName(r)})
			writeError(w, http.StatusUnauthorized, 0, "401: Unauthorized", nil)
			return
		}
		h(w, r)
	})
}

func reqName(r *http.Request) string { return r.Method + " " + r.URL.Path }

// routeOf returns the Route a request was routed to, from the pattern the
// mux matched ("GET /api/v10/guilds/{guild}" is "GET /guilds/{guild}").
func routeOf(r *http.Request) Route {
	method, path, _ := strings.Cut(r.Pattern, " ")
	path = strings.TrimPrefix(path, "/api/v"+apiVersion(r))
	return Route(method + " " + path)
}

// writeJSON answers with a JSON document.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}

// writeError answers in Discord's error shape:
// {"message": "...", "code": N, "errors": {...}}.
func writeError(w http.ResponseWriter, status, code int, message string, errs map[string]any) {
	body := map[string]any{"message": message, "code": code}
	if errs != nil {
		body["errors"] = errs
	}
	writeJSON(w, status, body)
}

// reject answers a request that broke rules. Each violation becomes a
// breach; the response is the error Discord gives for the first kind.
func (s *Server) reject(w http.ResponseWriter, r *http.Request, interactionID string, vs []violation) {
	s.mu.Lock()
	for _, v := range vs {
		where := v.path
		if where == "" {
			where = "body"
		}
		s.breachLocked(Breach{Rule: v.rule, Detail: where + ": " + v.msg, Request: reqName(r), InteractionID: interactionID})
	}
	s.mu.Unlock()
	if vs[0].rule == RuleEmptyMessage {
		writeError(w, http.StatusBadRequest, 50006, "Cannot send an empty message", nil)
		return
	}
	writeError(w, http.StatusBadRequest, CodeInvalidFormBody, "Invalid Form Body", formErrors(vs))
}

// unreadable answers a body that could not be read. A file over
// Options.MaxFileSize is a breach of RuleFileSize answered as a limit, 400
// with 50035 and the error under files.N (BINARY_TYPE_MAX_SIZE); anything
// else is malformed.
func (s *Server) unreadable(w http.ResponseWriter, r *http.Request, interactionID string, err error) {
	var big *fileTooLargeError
	if !errors.As(err, &big) {
		s.malformed(w, r, interactionID, err)
		return
	}
	s.reject(w, r, interactionID, []violation{{
		rule: RuleFileSize,
		path: fmt.Sprintf("files.%d", big.index),
		code: "BINARY_TYPE_MAX_SIZE",
		msg:  fmt.Sprintf("File cannot be larger than %.2f MB (%q).", float64(big.max)/(1<<20), big.name),
	}})
}

// formErrors nests violations by path the way Discord reports them:
// {"embeds": {"0": {"title": {"_errors": [{"code": ..., "message": ...}]}}}}.
func formErrors(vs []violation) map[string]any {
	root := map[string]any{}
	for _, v := range vs {
		node := root
		if v.path != "" {
			for _, part := range strings.Split(v.path, ".") {
				next, ok := node[part].(map[string]any)
				if !ok {
					next = map[string]any{}
					node[part] = next
				}
				node = next
			}
		}
		list, _ := node["_errors"].([]map[string]string)
		node["_errors"] = append(list, map[string]string{"code": v.code, "message": v.msg})
	}
	return root
}

// malformed answers a body that could not be decoded at all.
func (s *Server) malformed(w http.ResponseWriter, r *http.Request, interactionID string, err error) {
	s.breach(Breach{Rule: RuleMalformed, Detail: err.Error(), Request: reqName(r), InteractionID: interactionID})
	writeError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.", nil)
}

// unknown answers a request about a resource that does not exist, with
// Discord's code for it (10003 Unknown Channel, 10008 Unknown Message, ...).
func (s *Server) unknown(w http.ResponseWriter, r *http.Request, rule Rule, interactionID string, code int, what string) {
	s.breach(Breach{Rule: rule, Detail: what, Request: reqName(r), InteractionID: interactionID})
	writeError(w, http.StatusNotFound, code, what, nil)
}

func (s *Server) handleGateway(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"url": s.GatewayURL()})
}

func (s *Server) handleGatewayBot(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"url":    s.GatewayURL(),
		"shards": 1,
		"session_start_limit": map[string]any{
			"total": 1000, "remaining": 1000, "reset_after": 86400000, "max_concurrency": 1,
		},
	})
}

func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) {
	u := s.botUser()
	u.Verified = true
	writeJSON(w, http.StatusOK, u)
}

func (s *Server) handleUser(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("user")
	s.mu.Lock()
	_, ok := s.users[id]
	u := s.wireUserLocked(id)
	s.mu.Unlock()
	if !ok && id != s.opts.BotUserID {
		writeError(w, http.StatusNotFound, 10013, "Unknown User", nil)
		return
	}
	writeJSON(w, http.StatusOK, u)
}

func (s *Server) handleApplication(w http.ResponseWriter, r *http.Request) {
	if app := r.PathValue("app"); app != "" && app != s.opts.ApplicationID {
		writeError(w, http.StatusNotFound, 10002, "Unknown Application", nil)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id":          s.opts.ApplicationID,
		"name":        s.opts.BotUsername,
		"description": "",
		"bot_public":  false,
		"bot":         s.botUser(),
		"flags":       0,
		"verify_key":  s.PublicKey(), // the application's public key
	})
}

// handleGetChannel is GET /channels/{channel}: a channel or a thread (with
// its type, parent_id and thread_metadata); a bot that cannot see it gets
// 50001 Missing Access.
func (s *Server) handleGetChannel(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	ch, e := s.channelLocked(r, RouteGetChannel)
	if e == nil {
		e = s.permitLocked(RouteGetChannel, ch.ID, discordgo.PermissionViewChannel)
	}
	var wire *discordgo.Channel
	if e == nil {
		wire = s.wireChannelLocked(ch.ID)
	}
	s.mu.Unlock()
	if e != nil {
		e.write(w)
		return
	}
	writeJSON(w, http.StatusOK, wire)
}

func (s *Server) handleGetGuild(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	e := s.guildLocked(r, routeOf(r))
	g := s.wireGuildLocked(r.PathValue("guild"))
	s.mu.Unlock()
	if e != nil {
		e.write(w)
		return
	}
	// The REST guild object has no channels or members.
	g.Channels, g.Members = nil, nil
	writeJSON(w, http.StatusOK, g)
}

func (s *Server) handleGuildChannels(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	e := s.guildLocked(r, routeOf(r))
	g := s.wireGuildLocked(r.PathValue("guild"))
	s.mu.Unlock()
	if e != nil {
		e.write(w)
		return
	}
	sort.Slice(g.Channels, func(i, j int) bool { return g.Channels[i].ID < g.Channels[j].ID })
	writeJSON(w, http.StatusOK, g.Channels)
}

func (s *Server) handleGetMember(w http.ResponseWriter, r *http.Request) {
	gid, uid := r.PathValue("guild"), r.PathValue("user")
	s.mu.Lock()
	e := s.guildLocked(r, routeOf(r))
	_, ok := s.members[gid][uid]
	m := s.wireMemberLocked(gid, uid)
	s.mu.Unlock()
	switch {
	case e != nil:
		e.write(w)
	case !ok:
		writeError(w, http.StatusNotFound, 10007, "Unknown Member", nil)
	default:
		writeJSON(w, http.StatusOK, m)
	}
}

// handleCDN serves attachment bytes, standing in for cdn.discordapp.com.
func (s *Server) handleCDN(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	a := s.attachments[r.PathValue("id")]
	s.mu.Unlock()
	if a == nil || a.Filename != r.PathValue("name") {
		http.NotFound(w, r)
		return
	}
	if a.Data == nil && a.Size > 0 {
		// The fake's own limit, not Discord's: the test asked for bytes
		// it told the fake not to keep.
		s.t.Errorf("discordfake: %s's bytes were not kept (Options.ImageHeaders)", a.Filename)
		http.Error(w, "bytes not kept (Options.ImageHeaders)", http.StatusGone)
		return
	}
	w.Header().Set("Content-Type", a.ContentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(a.Data)))
	w.Write(a.Data)
}

// attachmentURL is where the CDN route serves an attachment.
func (s *Server) attachmentURL(channelID, id, name string) string {
	return fmt.Sprintf("%sattachments/%s/%s/%s", s.URL(), channelID, id, name)
}
