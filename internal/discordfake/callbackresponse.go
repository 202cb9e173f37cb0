package discordfake

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// callbackResponse is Discord's interaction callback response object, the
// answer to POST /interactions/{id}/{token}/callback?with_response=true
// instead of 204 No Content (Discord's "Receiving and Responding",
// Interaction Callback Response Object; change log "Interaction Callback
// Response", 2024-08-19, which also says it becomes the default in API
// v11).
type callbackResponse struct {
	Interaction callbackInteraction `json:"interaction"`
	Resource    *callbackResource   `json:"resource,omitempty"`
}

// callbackInteraction is the interaction callback object: the interaction
// and, when the response made or showed a message, that message's id,
// loading state and ephemerality.
type callbackInteraction struct {
	ID                       string                    `json:"id"`
	Type                     discordgo.InteractionType `json:"type"`
	ResponseMessageID        string                    `json:"response_message_id,omitempty"`
	ResponseMessageLoading   *bool                     `json:"response_message_loading,omitempty"`
	ResponseMessageEphemeral *bool                     `json:"response_message_ephemeral,omitempty"`
}

// callbackResource is the interaction callback resource object: the
// callback type and, "only present if type is either
// CHANNEL_MESSAGE_WITH_SOURCE or UPDATE_MESSAGE", the message.
type callbackResource struct {
	Type    discordgo.InteractionResponseType `json:"type"`
	Message *wireMessage                      `json:"message,omitempty"`
}

// withResponse reports whether a callback asked for the callback response
// object.
func withResponse(r *http.Request) bool {
	v, err := strconv.ParseBool(r.URL.Query().Get("with_response"))
	return err == nil && v
}

// callbackResponseLocked renders the callback response object of an
// interaction just answered. The response_message_* fields are sent for
// the types that create a message (4 and 5) or update one (7); Discord
// documents them as optional, and which types carry them is the fake's
// reading. The resource is always sent, with its message for types 4
// and 7.
func (s *Server) callbackResponseLocked(in *interaction) []byte {
	out := callbackResponse{
		Interaction: callbackInteraction{ID: in.id, Type: in.kind},
		Resource:    &callbackResource{Type: in.ackType},
	}
	switch in.ackType {
	case discordgo.InteractionResponseChannelMessageWithSource,
		discordgo.InteractionResponseDeferredChannelMessageWithSource,
		discordgo.InteractionResponseUpdateMessage:
		m := s.msgs[in.originalID]
		loading, ephemeral := m.Loading(), m.Ephemeral()
		out.Interaction.ResponseMessageID = m.ID
		out.Interaction.ResponseMessageLoading = &loading
		out.Interaction.ResponseMessageEphemeral = &ephemeral
		if in.ackType != discordgo.InteractionResponseDeferredChannelMessageWithSource {
			wm := s.wireLocked(m)
			out.Resource.Message = &wm
		}
	}
	b, err := json.Marshal(out)
	if err != nil {
		panic("discordfake: marshal callback response: " + err.Error())
	}
	return b
}
