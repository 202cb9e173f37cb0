package discord

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
)

// deliver sends a reply to an interaction. Answers with an image are
// acknowledged first (Discord allows 3 seconds) and edited once the image
// is drawn; the rest are answered at once.
func (a *Adapter) deliver(i *discordgo.Interaction, r bot.Reply) {
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
	switch {
	case r.Update && (m.Image != nil || len(r.Posts) > 0):
		// A menu chain's last step: acknowledge, post the board, then
		// confirm in the menu, so the board is in place (and remembered as
		// the latest) by the time the player sees the confirmation.
		if !a.check(s.InteractionRespond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredMessageUpdate,
		}), "acknowledging") {
			return
		}
		a.posts(ctx, i.ChannelID, r.Posts)
		a.edit(ctx, i, m)
	case m.Image != nil:
		if !a.check(s.InteractionRespond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: flags},
		}), "acknowledging") {
			return
		}
		// The answer's message exists from the acknowledgement on: learn its
		// id first, so the board is remembered before anyone sees it.
		if m.Sent != nil {
			if msg, err := s.InteractionResponse(i); a.check(err, "reading the answer") {
				m.Sent(ctx, msg.ID)
			}
		}
		m.Sent = nil
		a.edit(ctx, i, m)
		a.posts(ctx, i.ChannelID, r.Posts)
	default:
		typ := discordgo.InteractionResponseChannelMessageWithSource
		if r.Update {
			typ = discordgo.InteractionResponseUpdateMessage
		}
		err := s.InteractionRespond(i, &discordgo.InteractionResponse{Type: typ, Data: &discordgo.InteractionResponseData{
			Content: m.Content, Components: components(m.Rows), AllowedMentions: mentions(m), Flags: flags,
		}})
		if a.check(err, "answering") && m.Sent != nil {
			if msg, err := s.InteractionResponse(i); a.check(err, "reading the answer") {
				m.Sent(ctx, msg.ID)
			}
		}
		a.posts(ctx, i.ChannelID, r.Posts)
	}
}

// edit replaces the acknowledged answer with m, drawing its image.
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

// Post posts a public message in a channel (bot.Poster).
func (a *Adapter) Post(ctx context.Context, channel string, m bot.Message) (string, error) {
	fs, err := files(ctx, m)
	if err != nil {
		return "", err
	}
	msg, err := a.session.ChannelMessageSendComplex(channel, &discordgo.MessageSend{
		Content: m.Content, Components: components(m.Rows), Files: fs, AllowedMentions: mentions(m),
	}, discordgo.WithContext(ctx))
	if err != nil {
		return "", redact(err, a.cfg.Token)
	}
	if m.Sent != nil {
		m.Sent(ctx, msg.ID)
	}
	return msg.ID, nil
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
