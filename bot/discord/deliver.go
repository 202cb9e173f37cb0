package discord

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
)

// drawBudget bounds the drawing of an answer's image: the answer must
// reach Discord within 3 seconds of the interaction. Drawing takes some 20
// ms; a board not drawn in time goes without its image.
const drawBudget = 1500 * time.Millisecond

// answerBy is how long after an interaction an answer that failed may
// still be tried again: Discord takes none after 3 seconds.
const answerBy = 2500 * time.Millisecond

// deliver sends a reply to an interaction. A message that pings someone
// is always a new message (Discord notifies nobody of a mention added by
// an edit, the completion of a deferred answer included): the answer
// itself, made at once with its image, or a post in the channel.
func (a *Adapter) deliver(i *discordgo.Interaction, r bot.Reply, began time.Time) {
	ctx := a.ctx
	s := a.session
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		a.check(a.autocompleteResult(i, r.Choices), "answering autocomplete")
		return
	}
	m := r.Message
	var flags discordgo.MessageFlags
	if r.Private {
		flags = discordgo.MessageFlagsEphemeral
	}
	typ := discordgo.InteractionResponseChannelMessageWithSource
	if r.Update {
		typ = discordgo.InteractionResponseUpdateMessage
	}
	data := &discordgo.InteractionResponseData{
		Content: m.Content, Components: components(m.Rows), AllowedMentions: mentions(m), Flags: flags,
	}
	if m.Image != nil {
		dctx, cancel := context.WithTimeout(ctx, drawBudget)
		fs, err := files(dctx, m)
		cancel()
		if err != nil {
			a.log.Error("drawing the board", "err", err, "channel", i.ChannelID)
		}
		data.Files = fs
	}
	if r.Update {
		// An update replaces the message's image: without the list of
		// attachments to keep, Discord keeps the old ones and adds the new
		// (a menu gone back to from a preview would keep the preview).
		keep := make([]*discordgo.MessageAttachment, len(data.Files))
		for i, f := range data.Files {
			keep[i] = &discordgo.MessageAttachment{ID: strconv.Itoa(i), Filename: f.Name}
		}
		data.Attachments = &keep
	}
	// An answer whose outcome is unknown (a 5xx, a timeout) is made again
	// while Discord still takes it: if the first was made after all, the
	// second says so ("already acknowledged").
	var err error
	for {
		err = s.InteractionRespond(i, &discordgo.InteractionResponse{Type: typ, Data: data})
		if err == nil || !unknownOutcome(err) || time.Since(began) > answerBy {
			break
		}
		a.log.Warn("discord: answering failed; trying again", "err", redact(err, a.cfg.Token))
	}
	a.answered(ctx, i, m, err)
	a.posts(ctx, i.ChannelID, r.Posts)
}

// answered tells the message's owner how its answer went: made (an
// answer "already acknowledged" was made by an earlier try), or not, in
// which case the board it carried goes to the channel.
func (a *Adapter) answered(ctx context.Context, i *discordgo.Interaction, m bot.Message, err error) {
	if err != nil {
		var rest *discordgo.RESTError
		acked := errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged
		if !acked {
			a.check(err, "answering")
			if m.Unsent != nil {
				m.Unsent(ctx)
			}
			return
		}
	}
	if m.Sent == nil {
		return
	}
	if msg, err := a.session.InteractionResponse(i); a.check(err, "reading the answer") {
		m.Sent(ctx, msg.ID)
	}
}

// unknownOutcome reports whether a failed request may have taken effect
// all the same: no answer came, or Discord failed on its side.
func unknownOutcome(err error) bool {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) {
		return rest.Response != nil && rest.Response.StatusCode >= http.StatusInternalServerError
	}
	return true // a transport error: the request may have arrived
}

// edit replaces the acknowledged answer with m, drawing its image. Only
// for answers that ping nobody: an edit notifies nobody.
func (a *Adapter) edit(ctx context.Context, i *discordgo.Interaction, m bot.Message) {
	fs, err := files(ctx, m)
	if err != nil {
		a.log.Error("drawing the board", "err", err, "channel", i.ChannelID)
		m.Content += "\n" + a.apology(i)
	}
	rows := components(m.Rows)
	msg, err := a.session.InteractionResponseEdit(i, &discordgo.WebhookEdit{
		Content: &m.Content, Components: &rows, Files: fs, AllowedMentions: mentions(m),
	})
	if a.check(err, "editing the answer") && m.Sent != nil {
		m.Sent(ctx, msg.ID)
	}
}

// posts posts messages in the channel, in order.
func (a *Adapter) posts(ctx context.Context, channel string, ms []bot.Message) {
	for _, p := range ms {
		if _, err := a.Post(ctx, channel, p); err != nil {
			a.log.Error("posting in the channel", "err", err, "channel", channel)
		}
	}
}

// messageSend is a channel message as Discord takes it, with what
// discordgo's MessageSend lacks: the nonce that makes a retry safe.
type messageSend struct {
	discordgo.MessageSend
	Nonce        string `json:"nonce,omitempty"`
	EnforceNonce bool   `json:"enforce_nonce,omitempty"`
}

// Post posts a public message in a channel (bot.Poster). A message with a
// nonce is sent with enforce_nonce, so that posting it again after a
// failure whose outcome is unknown makes no second message.
func (a *Adapter) Post(ctx context.Context, channel string, m bot.Message) (string, error) {
	fs, err := files(ctx, m)
	if err != nil {
		return "", err
	}
	body := messageSend{
		MessageSend: discordgo.MessageSend{Content: m.Content, Components: components(m.Rows), Files: fs, AllowedMentions: mentions(m)},
		Nonce:       m.Nonce, EnforceNonce: m.Nonce != "",
	}
	endpoint := discordgo.EndpointChannelMessages(channel)
	var response []byte
	if len(fs) > 0 {
		contentType, data, err := discordgo.MultipartBodyWithJSON(body, fs)
		if err != nil {
			return "", err
		}
		response, err = a.session.RequestRaw("POST", endpoint, contentType, data, endpoint, 0, discordgo.WithContext(ctx))
		if err != nil {
			return "", redact(err, a.cfg.Token)
		}
	} else {
		response, err = a.session.RequestWithBucketID("POST", endpoint, body, endpoint, discordgo.WithContext(ctx))
		if err != nil {
			return "", redact(err, a.cfg.Token)
		}
	}
	var msg discordgo.Message
	if err := discordgo.Unmarshal(response, &msg); err != nil {
		return "", fmt.Errorf("discord: reading the posted message: %w", err)
	}
	if m.Sent != nil {
		m.Sent(ctx, msg.ID)
	}
	return msg.ID, nil
}

// Answer finds the answer to an interaction among the channel's latest
// messages (bot.Finder).
func (a *Adapter) Answer(ctx context.Context, channel, interaction string) (string, bool, error) {
	msgs, err := a.session.ChannelMessages(channel, 100, "", "", "", discordgo.WithContext(ctx))
	if err != nil {
		return "", false, redact(err, a.cfg.Token)
	}
	for _, m := range msgs {
		if m.InteractionMetadata != nil && m.InteractionMetadata.ID == interaction ||
			m.Interaction != nil && m.Interaction.ID == interaction {
			return m.ID, true, nil
		}
	}
	return "", false, nil
}

// Find finds the bot's post that begins with text among the channel's
// latest messages (bot.Finder).
func (a *Adapter) Find(ctx context.Context, channel, text string) (string, bool, error) {
	msgs, err := a.session.ChannelMessages(channel, 100, "", "", "", discordgo.WithContext(ctx))
	if err != nil {
		return "", false, redact(err, a.cfg.Token)
	}
	for _, m := range msgs {
		if m.Author != nil && m.Author.ID == a.appID && strings.HasPrefix(m.Content, text) {
			return m.ID, true, nil
		}
	}
	return "", false, nil
}

// check logs a failed call to Discord and reports whether it succeeded.
func (a *Adapter) check(err error, doing string) bool {
	if err != nil {
		a.log.Error("discord: "+doing, "err", redact(err, a.cfg.Token))
		return false
	}
	return true
}

// apology is the short text players see when something failed on our side.
func (a *Adapter) apology(i *discordgo.Interaction) string {
	return a.bot.Apology(string(i.Locale))
}

// autocompleteResult answers an autocomplete interaction. It builds the
// body itself because discordgo omits an empty choices list, which Discord
// requires ("no suggestions" is an empty list).
func (a *Adapter) autocompleteResult(i *discordgo.Interaction, choices []bot.Choice) error {
	type choice struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	}
	list := make([]choice, 0, len(choices))
	for _, c := range choices {
		list = append(list, choice{Name: c.Name, Value: c.Value})
	}
	body := map[string]any{
		"type": discordgo.InteractionApplicationCommandAutocompleteResult,
		"data": map[string]any{"choices": list},
	}
	endpoint := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	_, err := a.session.RequestWithBucketID("POST", endpoint, body, endpoint)
	return err
}
