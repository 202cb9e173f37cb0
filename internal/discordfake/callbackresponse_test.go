package discordfake

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// callbackAnswer is the wire form of the interaction callback response
// object, decoded independently of the fake's own types.
type callbackAnswer struct {
	Interaction struct {
		ID                       string                    `json:"id"`
		Type                     discordgo.InteractionType `json:"type"`
		ResponseMessageID        *string                   `json:"response_message_id"`
		ResponseMessageLoading   *bool                     `json:"response_message_loading"`
		ResponseMessageEphemeral *bool                     `json:"response_message_ephemeral"`
	} `json:"interaction"`
	Resource *struct {
		Type    discordgo.InteractionResponseType `json:"type"`
		Message *discordgo.Message                `json:"message"`
	} `json:"resource"`
}

// postCallback answers an interaction over plain HTTP, as a bot whose
// library knows with_response would, and returns the status and body.
func postCallback(t *testing.T, s *Server, i *discordgo.Interaction, query, body string) (int, []byte) {
	t.Helper()
	url := s.URL() + "api/v10/interactions/" + i.ID + "/" + i.Token + "/callback" + query
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

func TestCallbackWithResponse(t *testing.T) {
	t.Parallel()
	// The deadline is not under test; a generous one keeps a loaded
	// machine from turning this test into one of speed.
	s := New(t, Options{AckDeadline: time.Minute})
	w := s.NewWorld("alice")
	alice := w.Users[0].ID
	registerCommands(t, s, chatCommand("play"))
	interactions := make(chan *discordgo.Interaction, 1)
	dg := openBot(t, s, func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { interactions <- ic.Interaction })
	lobby := post(t, dg, w.Channel.ID, "lobby")
	lobbyEdit := discordgo.NewMessageEdit(w.Channel.ID, lobby.ID).SetContent("lobby")
	lobbyEdit.Components = &[]discordgo.MessageComponent{row(buttons(1, "join")...)}
	lobbyEdit.AllowedMentions = noPings()
	if _, err := dg.ChannelMessageEditComplex(lobbyEdit); err != nil {
		t.Fatal(err)
	}
	slash := func() *Interaction { return s.SlashCommand(alice, w.Channel.ID, "play", "") }
	click := func() *Interaction { return s.Click(alice, s.Message(lobby.ID), "joina") }
	message := func(typ int, flags discordgo.MessageFlags) string {
		b, _ := json.Marshal(map[string]any{"type": typ, "data": map[string]any{"content": "board", "flags": flags, "allowed_mentions": noPings()}})
		return string(b)
	}

	for _, tc := range []struct {
		name      string
		start     func() *Interaction
		query     string
		body      string
		message   bool // response_message_* expected
		loading   bool
		ephemeral bool
		resource  bool // resource.message expected
		source    bool // the message is the component's
	}{
		{"message (4)", slash, "?with_response=true", message(4, 0), true, false, false, true, false},
		{"ephemeral message (4)", slash, "?with_response=true", message(4, discordgo.MessageFlagsEphemeral), true, false, true, true, false},
		{"deferred message (5)", slash, "?with_response=true", `{"type":5}`, true, true, false, false, false},
		{"update (7)", click, "?with_response=true", message(7, 0), true, false, false, true, true},
		{"deferred update (6)", click, "?with_response=true", `{"type":6}`, false, false, false, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := tc.start()
			status, body := postCallback(t, s, <-interactions, tc.query, tc.body)
			if status != http.StatusOK {
				t.Fatalf("HTTP %d: %s", status, body)
			}
			var got callbackAnswer
			if err := json.Unmarshal(body, &got); err != nil {
				t.Fatalf("%v: %s", err, body)
			}
			r := h.Response()
			if got.Interaction.ID != h.ID || got.Interaction.Type != h.Type {
				t.Errorf("interaction %+v, want id %s type %d", got.Interaction, h.ID, h.Type)
			}
			if tc.message {
				i := got.Interaction
				if i.ResponseMessageID == nil || *i.ResponseMessageID != r.Message.ID || i.ResponseMessageLoading == nil || *i.ResponseMessageLoading != tc.loading ||
					i.ResponseMessageEphemeral == nil || *i.ResponseMessageEphemeral != tc.ephemeral {
					t.Errorf("response_message_* %v %v %v, want %s %v %v", deref(i.ResponseMessageID), i.ResponseMessageLoading, i.ResponseMessageEphemeral, r.Message.ID, tc.loading, tc.ephemeral)
				}
			} else if got.Interaction.ResponseMessageID != nil {
				t.Errorf("response_message_id %s for a type that makes no message", *got.Interaction.ResponseMessageID)
			}
			if got.Resource == nil || got.Resource.Type != r.Type {
				t.Fatalf("resource %+v, want type %d", got.Resource, r.Type)
			}
			switch m := got.Resource.Message; {
			case !tc.resource && m != nil:
				t.Errorf("resource.message %+v for type %d", m, r.Type)
			case tc.resource && (m == nil || m.ID != r.Message.ID || m.Content != "board" || m.ChannelID != w.Channel.ID):
				t.Errorf("resource.message %+v, want @original %s", m, r.Message.ID)
			}
			if tc.source && r.Message.ID != lobby.ID {
				t.Errorf("@original %s, want the lobby %s", r.Message.ID, lobby.ID)
			}
		})
	}

	for _, tc := range []struct{ name, query string }{{"no query", ""}, {"with_response=false", "?with_response=false"}} {
		t.Run("204 with "+tc.name, func(t *testing.T) {
			h := slash()
			status, body := postCallback(t, s, <-interactions, tc.query, message(4, 0))
			if status != http.StatusNoContent || len(body) != 0 {
				t.Errorf("HTTP %d %q, want 204 and no body", status, body)
			}
			if r := h.Response(); !r.Acked || r.Content() != "board" {
				t.Errorf("response %s", r)
			}
		})
	}
}

func deref(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}
