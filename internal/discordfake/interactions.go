package discordfake

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// interaction is the server's record of one dispatched interaction.
type interaction struct {
	id, token   string
	kind        discordgo.InteractionType
	userID      string
	channelID   string
	guildID     string
	sourceMsgID string // message whose component was used, if any

	payload      []byte // the INTERACTION_CREATE data
	dispatched   bool
	dispatchedAt time.Time
	timer        *time.Timer

	acked bool
	// ackUnseen: the initial response was made by a request that was
	// answered with an error all the same (an Applied fault), so the bot
	// cannot know it, and may rightly try again.
	ackUnseen  bool
	ackType    discordgo.InteractionResponseType
	ackedAt    time.Time
	expired    bool   // the deadline passed without an initial response
	final      bool   // answered in a final way (see Response.Final)
	originalID string // message @original designates
	followups  []string
	choices    []*discordgo.ApplicationCommandOptionChoice
	modal      *Modal
}

// Interaction is a test's handle on one interaction it made a user
// perform. Build one with NewSlashCommand, NewAutocomplete, NewClick,
// NewSelect or NewModalSubmit and send it with Dispatch, or use the
// SlashCommand, Autocomplete, Click, Select and SubmitModal shortcuts.
type Interaction struct {
	s  *Server
	in *interaction

	ID        string                    // interaction id (snowflake)
	Token     string                    // interaction token
	Type      discordgo.InteractionType // 2 command, 3 component, 4 autocomplete, 5 modal submit
	UserID    string                    // who acted
	ChannelID string
	GuildID   string
	Name      string // command name, or the component's / modal's custom_id
	MessageID string // message whose component was used, if any
}

// Payload returns the JSON data of the INTERACTION_CREATE event.
func (h *Interaction) Payload() json.RawMessage {
	return append(json.RawMessage(nil), h.in.payload...)
}

type wireComponentData struct {
	CustomID      string                  `json:"custom_id"`
	ComponentType discordgo.ComponentType `json:"component_type"`
	Values        []string                `json:"values,omitempty"`
}

type wireModalData struct {
	CustomID   string           `json:"custom_id"`
	Components []map[string]any `json:"components"`
}

// wireInteraction is INTERACTION_CREATE's data as Discord sends it.
type wireInteraction struct {
	ID             string                    `json:"id"`
	ApplicationID  string                    `json:"application_id"`
	Type           discordgo.InteractionType `json:"type"`
	Data           any                       `json:"data"`
	GuildID        string                    `json:"guild_id,omitempty"`
	Channel        *discordgo.Channel        `json:"channel,omitempty"`
	ChannelID      string                    `json:"channel_id"`
	Member         *discordgo.Member         `json:"member,omitempty"`
	User           *discordgo.User           `json:"user,omitempty"`
	Token          string                    `json:"token"`
	Version        int                       `json:"version"`
	Message        json.RawMessage           `json:"message,omitempty"`
	AppPermissions string                    `json:"app_permissions"`
	Locale         string                    `json:"locale"`
	GuildLocale    string                    `json:"guild_locale,omitempty"`
	Entitlements   []any                     `json:"entitlements"`
	Owners         map[string]string         `json:"authorizing_integration_owners"`
	Context        int                       `json:"context"`
}

// newInteractionLocked fills in what every interaction carries: who, where,
// the user's and guild's locales, permissions and a fresh id and token.
func (s *Server) newInteractionLocked(kind discordgo.InteractionType, userID, channelID string, data any) (*interaction, *wireInteraction, error) {
	u := s.users[userID]
	if u == nil {
		return nil, nil, fmt.Errorf("unknown user %s (add it with AddUser)", userID)
	}
	if err := s.placeProblemLocked(kind, channelID); err != nil {
		return nil, nil, err
	}
	ch := s.channels[channelID]
	var tok [24]byte
	rand.Read(tok[:])
	in := &interaction{
		id:        s.newID(),
		token:     "aW50ZXJhY3Rpb24" + hex.EncodeToString(tok[:]),
		kind:      kind,
		userID:    userID,
		channelID: channelID,
		guildID:   ch.GuildID,
	}
	w := &wireInteraction{
		ID:             in.id,
		ApplicationID:  s.opts.ApplicationID,
		Type:           kind,
		Data:           data,
		GuildID:        ch.GuildID,
		Channel:        s.wireChannelLocked(channelID),
		ChannelID:      channelID,
		Token:          in.token,
		Version:        1,
		AppPermissions: fmt.Sprint(s.botPermsLocked(channelID)),
		Locale:         u.Locale,
		Entitlements:   []any{},
	}
	if ch.GuildID != "" {
		w.Member = s.wireMemberLocked(ch.GuildID, userID)
		w.GuildLocale = s.guilds[ch.GuildID].PreferredLocale
		w.Owners = map[string]string{"0": ch.GuildID}
		w.Context = int(discordgo.InteractionContextGuild)
	} else {
		w.User = s.wireUserLocked(userID)
		w.Owners = map[string]string{"1": userID}
		w.Context = int(discordgo.InteractionContextBotDM)
	}
	return in, w, nil
}

// handle finishes an interaction: it stores the payload and wraps the
// record for the test.
func (s *Server) handle(in *interaction, w *wireInteraction, name string) *Interaction {
	b, err := json.Marshal(w)
	if err != nil {
		s.t.Fatalf("discordfake: marshal interaction: %v", err)
	}
	in.payload = b
	return &Interaction{
		s: s, in: in,
		ID: in.id, Token: in.token, Type: in.kind,
		UserID: in.userID, ChannelID: in.channelID, GuildID: in.guildID,
		Name: name, MessageID: in.sourceMsgID,
	}
}

// NewSlashCommand prepares a user running /name [sub] with options, without
// dispatching it. sub may be "", a subcommand, or "group subcommand". The
// command must have been registered by the bot and the options must fit
// its definition; otherwise the test fails.
func (s *Server) NewSlashCommand(userID, channelID, name, sub string, opts ...Option) *Interaction {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	guildID := ""
	if ch := s.channels[channelID]; ch != nil {
		guildID = ch.GuildID
	}
	data, err := s.commandDataLocked(guildID, name, sub, opts, "", "")
	if err != nil {
		s.t.Fatalf("discordfake: SlashCommand: %v", err)
	}
	in, w, err := s.newInteractionLocked(discordgo.InteractionApplicationCommand, userID, channelID, data)
	if err != nil {
		s.t.Fatalf("discordfake: SlashCommand: %v", err)
	}
	return s.handle(in, w, name)
}

// NewAutocomplete prepares an autocomplete request: the user is typing
// typed into option focused of /name [sub], with other options filled.
func (s *Server) NewAutocomplete(userID, channelID, name, sub, focused, typed string, others ...Option) *Interaction {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	guildID := ""
	if ch := s.channels[channelID]; ch != nil {
		guildID = ch.GuildID
	}
	data, err := s.commandDataLocked(guildID, name, sub, others, focused, typed)
	if err != nil {
		s.t.Fatalf("discordfake: Autocomplete: %v", err)
	}
	in, w, err := s.newInteractionLocked(discordgo.InteractionApplicationCommandAutocomplete, userID, channelID, data)
	if err != nil {
		s.t.Fatalf("discordfake: Autocomplete: %v", err)
	}
	return s.handle(in, w, name)
}

// componentLocked finds an enabled component by custom_id on the current
// state of a message the user can see.
func (s *Server) componentLocked(userID string, msg *Message, customID string) (*Message, discordgo.MessageComponent, error) {
	if msg == nil {
		return nil, nil, fmt.Errorf("nil message")
	}
	cur := s.msgs[msg.ID]
	switch {
	case cur == nil:
		return nil, nil, fmt.Errorf("unknown message %s", msg.ID)
	case cur.Deleted:
		return nil, nil, fmt.Errorf("message %s was deleted", msg.ID)
	case !cur.VisibleToUser(userID):
		return nil, nil, fmt.Errorf("message %s is ephemeral for user %s; user %s cannot see it", cur.ID, cur.VisibleTo, userID)
	case cur.Loading():
		return nil, nil, fmt.Errorf("message %s is still a deferred loading message", cur.ID)
	}
	var found discordgo.MessageComponent
	walkComponents(cur.Components, func(c discordgo.MessageComponent) {
		if b := asButton(c); b != nil && b.CustomID == customID {
			found = b
		}
		if sm := asSelect(c); sm != nil && sm.CustomID == customID {
			found = sm
		}
	})
	if found == nil {
		var have []string
		walkComponents(cur.Components, func(c discordgo.MessageComponent) {
			if b := asButton(c); b != nil && b.CustomID != "" {
				have = append(have, b.CustomID)
			}
			if sm := asSelect(c); sm != nil {
				have = append(have, sm.CustomID)
			}
		})
		return nil, nil, fmt.Errorf("message %s has no component with custom_id %q (it has %q)", cur.ID, customID, have)
	}
	if b := asButton(found); b != nil && b.Disabled {
		return nil, nil, fmt.Errorf("button %q on message %s is disabled", customID, cur.ID)
	}
	if sm := asSelect(found); sm != nil && sm.Disabled {
		return nil, nil, fmt.Errorf("select menu %q on message %s is disabled", customID, cur.ID)
	}
	return cur, found, nil
}

// NewClick prepares a user clicking the button with customID on the
// current state of msg. The button must exist, be enabled, and be visible
// to the user; otherwise the test fails.
func (s *Server) NewClick(userID string, msg *Message, customID string) *Interaction {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	cur, comp, err := s.componentLocked(userID, msg, customID)
	if err != nil {
		s.t.Fatalf("discordfake: Click: %v", err)
	}
	if asButton(comp) == nil {
		s.t.Fatalf("discordfake: Click: %q on message %s is a select menu; use Select", customID, cur.ID)
	}
	return s.componentInteractionLocked(userID, cur, &wireComponentData{CustomID: customID, ComponentType: discordgo.ButtonComponent}, customID)
}

// NewSelect prepares a user choosing values in the select menu with
// customID on the current state of msg. The values must be options of a
// string select and their count within min_values..max_values.
func (s *Server) NewSelect(userID string, msg *Message, customID string, values ...string) *Interaction {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	cur, comp, err := s.componentLocked(userID, msg, customID)
	if err != nil {
		s.t.Fatalf("discordfake: Select: %v", err)
	}
	sm := asSelect(comp)
	if sm == nil {
		s.t.Fatalf("discordfake: Select: %q on message %s is a button; use Click", customID, cur.ID)
	}
	minV, maxV := 1, 1
	if sm.MinValues != nil {
		minV = *sm.MinValues
	}
	if sm.MaxValues != 0 {
		maxV = sm.MaxValues
	}
	if len(values) < minV || len(values) > maxV {
		s.t.Fatalf("discordfake: Select: %d values chosen in %q, which takes %d to %d", len(values), customID, minV, maxV)
	}
	if sm.Type() == discordgo.SelectMenuComponent {
		for _, v := range values {
			if !slices.ContainsFunc(sm.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == v }) {
				s.t.Fatalf("discordfake: Select: %q is not an option of %q", v, customID)
			}
		}
	}
	if values == nil {
		values = []string{}
	}
	return s.componentInteractionLocked(userID, cur, &wireComponentData{CustomID: customID, ComponentType: sm.Type(), Values: values}, customID)
}

func (s *Server) componentInteractionLocked(userID string, cur *Message, data *wireComponentData, name string) *Interaction {
	in, w, err := s.newInteractionLocked(discordgo.InteractionMessageComponent, userID, cur.ChannelID, data)
	if err != nil {
		s.t.Fatalf("discordfake: %v", err)
	}
	in.sourceMsgID = cur.ID
	w.Message = s.wireJSONLocked(cur)
	return s.handle(in, w, name)
}

// NewModalSubmit prepares the user who got the modal of h submitting it
// with the given text input values (custom_id → value).
func (s *Server) NewModalSubmit(h *Interaction, values map[string]string) *Interaction {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if h.in.modal == nil {
		s.t.Fatalf("discordfake: ModalSubmit: interaction %s was not answered with a modal", h.ID)
	}
	modal := h.in.modal
	data := &wireModalData{CustomID: modal.CustomID}
	for _, ti := range modal.TextInputs() {
		v, ok := values[ti.CustomID]
		if !ok && ti.Required {
			s.t.Fatalf("discordfake: ModalSubmit: required text input %q has no value", ti.CustomID)
		}
		data.Components = append(data.Components, map[string]any{
			"type":       discordgo.ActionsRowComponent,
			"components": []map[string]any{{"type": discordgo.TextInputComponent, "custom_id": ti.CustomID, "value": v}},
		})
	}
	for id := range values {
		if !slices.ContainsFunc(modal.TextInputs(), func(ti *discordgo.TextInput) bool { return ti.CustomID == id }) {
			s.t.Fatalf("discordfake: ModalSubmit: modal %q has no text input %q", modal.CustomID, id)
		}
	}
	in, w, err := s.newInteractionLocked(discordgo.InteractionModalSubmit, h.UserID, h.ChannelID, data)
	if err != nil {
		s.t.Fatalf("discordfake: ModalSubmit: %v", err)
	}
	if src := s.msgs[h.in.sourceMsgID]; src != nil && !src.Deleted {
		in.sourceMsgID = src.ID
		w.Message = s.wireJSONLocked(src)
	}
	return s.handle(in, w, modal.CustomID)
}

// Dispatch sends prepared interactions to the bot, back to back, before
// any is answered: several players acting at the same moment. Each goes
// as an INTERACTION_CREATE to every gateway session that handles its
// guild (waiting, up to Options.WaitTimeout, for one), or, once an
// Interactions Endpoint URL is set (SetInteractionsEndpoint), as a signed
// HTTP POST to it, as Discord does. Each interaction's response deadline
// starts as it is sent.
func (s *Server) Dispatch(hs ...*Interaction) {
	s.t.Helper()
	for _, h := range hs {
		s.mu.Lock()
		err := s.placeProblemLocked(h.in.kind, h.in.channelID)
		url := s.endpoint
		s.mu.Unlock()
		if err != nil {
			s.t.Fatalf("discordfake: Dispatch: %v", err)
		}
		var sessions []*gwSession
		if url == "" {
			sessions = s.awaitSessions(h.GuildID)
		}
		s.mu.Lock()
		in := h.in
		if in.dispatched {
			s.mu.Unlock()
			s.t.Fatalf("discordfake: Dispatch: interaction %s was already dispatched", in.id)
		}
		in.dispatched = true
		in.dispatchedAt = time.Now()
		s.interactions[in.id] = in
		s.byToken[in.token] = in
		in.timer = time.AfterFunc(s.opts.AckDeadline, func() { s.deadlinePassed(in) })
		if url != "" && !s.closed {
			s.dispatchHTTPLocked(in, url)
		}
		s.changedLocked()
		s.mu.Unlock()
		for _, sess := range sessions {
			s.sendDispatch(sess, "INTERACTION_CREATE", json.RawMessage(in.payload))
		}
	}
}

// deadlinePassed records a breach when the bot did not answer in time.
func (s *Server) deadlinePassed(in *interaction) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || in.acked || in.expired {
		return
	}
	in.expired = true
	if s.goneChannels[in.channelID] != nil {
		// The channel was deleted under the user: not the bot's fault.
		s.changedLocked()
		return
	}
	s.breachLocked(Breach{
		Rule:          RuleAckDeadline,
		Detail:        fmt.Sprintf("no initial response within %v of the interaction; the user sees \"This interaction failed\"", s.opts.AckDeadline),
		Request:       s.deliveryLocked(),
		InteractionID: in.id,
	})
}

// SlashCommand dispatches NewSlashCommand(...) and returns its handle.
func (s *Server) SlashCommand(userID, channelID, name, sub string, opts ...Option) *Interaction {
	s.t.Helper()
	h := s.NewSlashCommand(userID, channelID, name, sub, opts...)
	s.Dispatch(h)
	return h
}

// Autocomplete dispatches NewAutocomplete(...) and returns its handle; its
// Response's Choices hold the bot's suggestions once answered.
func (s *Server) Autocomplete(userID, channelID, name, sub, focused, typed string, others ...Option) *Interaction {
	s.t.Helper()
	h := s.NewAutocomplete(userID, channelID, name, sub, focused, typed, others...)
	s.Dispatch(h)
	return h
}

// Click dispatches NewClick(...) and returns its handle.
func (s *Server) Click(userID string, msg *Message, customID string) *Interaction {
	s.t.Helper()
	h := s.NewClick(userID, msg, customID)
	s.Dispatch(h)
	return h
}

// Select dispatches NewSelect(...) and returns its handle.
func (s *Server) Select(userID string, msg *Message, customID string, values ...string) *Interaction {
	s.t.Helper()
	h := s.NewSelect(userID, msg, customID, values...)
	s.Dispatch(h)
	return h
}

// SubmitModal dispatches NewModalSubmit(...) and returns its handle.
func (s *Server) SubmitModal(h *Interaction, values map[string]string) *Interaction {
	s.t.Helper()
	m := s.NewModalSubmit(h, values)
	s.Dispatch(m)
	return m
}
