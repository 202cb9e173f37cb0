package discord

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
)

// DefaultAnswerWithin is how long Discord takes an interaction's first
// answer: 3 seconds.
const DefaultAnswerWithin = 3 * time.Second

// drawBudget bounds the drawing of an answer's image: half the time
// Discord takes the answer in. Drawing takes some 20 ms; a board not drawn
// in time goes without its image.
func (a *Adapter) drawBudget() time.Duration { return a.answerWithin() / 2 }

// answerBy is how long after an interaction an answer that failed may
// still be tried again: two thirds of the time Discord takes it in (2 s
// of 3), since the try itself (an upload of the board) takes time too.
func (a *Adapter) answerBy() time.Duration { return a.answerWithin() * 2 / 3 }

// answerWithin is Config.AnswerWithin, Discord's 3 seconds when unset.
func (a *Adapter) answerWithin() time.Duration {
	if a.cfg.AnswerWithin > 0 {
		return a.cfg.AnswerWithin
	}
	return DefaultAnswerWithin
}

// firstAnswerRetry is the first pause before an answer is tried again; it
// doubles with each try.
const firstAnswerRetry = 100 * time.Millisecond

// deliver sends a reply to an interaction. A message that pings someone
// is always a new message (Discord notifies nobody of a mention added by
// an edit, the completion of a deferred answer included): the answer
// itself, made at once with its image, or a post in the channel.
//
// It reports whether the answer was made.
func (a *Adapter) deliver(i *discordgo.Interaction, r bot.Reply, began time.Time) bool {
	ctx := a.ctx
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		a.initialMade(i.ID, a.check(a.autocompleteResult(i, r.Choices), "answering autocomplete"))
		return false
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
	// The image is drawn into a buffer of the adapter's, used again once
	// the answer no longer reads it.
	buf := a.imageBuffer()
	l := newLease(func() { a.images.Put(buf) })
	defer l.end()
	dctx, cancel := context.WithTimeout(bot.WithImageBuffer(ctx, buf), a.drawBudget())
	png, err := draw(dctx, m)
	cancel()
	if err != nil {
		a.log.Error("drawing the board", "err", err, "channel", i.ChannelID)
	}
	if r.Update {
		// An update replaces the message's image: without the list of
		// attachments to keep, Discord keeps the old ones and adds the new
		// (a menu gone back to from a preview would keep the preview).
		keep := make([]*discordgo.MessageAttachment, 0, 1)
		if png != nil {
			keep = append(keep, &discordgo.MessageAttachment{ID: "0", Filename: m.Image.Name})
		}
		data.Attachments = &keep
	}
	id, err := a.respond(i, &discordgo.InteractionResponse{Type: typ, Data: data}, m, png, began, l)
	made := err == nil || acknowledged(err)
	a.initialMade(i.ID, made)
	a.answered(ctx, i, m, id, err)
	return made
}

// respond makes the answer to an interaction, with the image png. An
// answer whose outcome is unknown (a 5xx, a timeout) or that was rate
// limited is made again, after a pause that doubles (with jitter) or the
// rate limit's wait, while Discord still takes it; every try sends the
// whole answer, image bytes included. If an earlier try was made after
// all, Discord says so ("already acknowledged"), which counts as made.
func (a *Adapter) respond(i *discordgo.Interaction, resp *discordgo.InteractionResponse, m bot.Message, png []byte, began time.Time, l *lease) (string, error) {
	for try := 1; ; try++ {
		resp.Data.Files = attach(m, png)
		id, err := a.callback(i, resp, l)
		if err == nil || acknowledged(err) {
			return id, err
		}
		wait, again := answerRetry(err, try)
		left := a.answerBy() - time.Since(began)
		if !again || left <= 0 || wait > left && retryAfterOf(err) > 0 {
			return "", err
		}
		wait = min(wait, left)
		a.log.Warn("discord: answering failed; trying again", "err", redact(err, a.cfg.Token), "try", try, "wait", wait)
		select {
		case <-time.After(wait):
		case <-a.ctx.Done():
			return "", a.ctx.Err()
		}
	}
}

// answerRetry says whether and after how long a failed answer may be
// tried again: after a rate limit's wait, or after a doubling pause when
// its outcome is unknown.
func answerRetry(err error, try int) (time.Duration, bool) {
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) {
		return rl.RetryAfter, true
	}
	if !unknownOutcome(err) {
		return 0, false
	}
	return bot.Jitter(firstAnswerRetry << min(try-1, 5)), true
}

// retryAfterOf is the wait a rate limit asks for, 0 for other errors.
func retryAfterOf(err error) time.Duration {
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) {
		return rl.RetryAfter
	}
	return 0
}

// callback posts an interaction's answer and returns the id of the message
// it made, which Discord sends back when asked (with_response=true); ""
// when it did not say. The bodies sent hold l.
func (a *Adapter) callback(i *discordgo.Interaction, resp *discordgo.InteractionResponse, l *lease) (string, error) {
	endpoint := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	contentType, body, withBody, err := requestBody(resp, resp.Data.Files, l)
	if err != nil {
		return "", err
	}
	out, err := a.session.RequestRaw("POST", endpoint+"?with_response=true", contentType, body, endpoint, 0, append(once(a.ctx), withBody...)...)
	if err != nil {
		return "", err
	}
	var cb struct {
		Resource *struct {
			Message *struct {
				ID string `json:"id"`
			} `json:"message"`
		} `json:"resource"`
	}
	if len(out) == 0 || discordgo.Unmarshal(out, &cb) != nil || cb.Resource == nil || cb.Resource.Message == nil {
		return "", nil
	}
	return cb.Resource.Message.ID, nil
}

// once are the options of a request the bot tries again itself, with its
// own pauses: discordgo neither waits out a rate limit (it would sleep and
// try again for ever) nor retries a 502 at once.
func once(ctx context.Context) []discordgo.RequestOption {
	return []discordgo.RequestOption{discordgo.WithRetryOnRatelimit(false), discordgo.WithRestRetries(0), discordgo.WithContext(ctx)}
}

// acknowledged reports whether an answer was refused because an earlier
// try of it was made.
func acknowledged(err error) bool {
	var rest *discordgo.RESTError
	return errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged
}

// answered tells the message's owner how its answer went: made (also when
// an earlier try was, as Discord's "already acknowledged" says), or not,
// in which case the board it carried goes to the channel. id is the
// answer's message id when Discord said it; otherwise it is read back.
func (a *Adapter) answered(ctx context.Context, i *discordgo.Interaction, m bot.Message, id string, err error) {
	if err != nil && !acknowledged(err) {
		a.check(err, "answering")
		if m.Unsent != nil {
			m.Unsent(ctx)
		}
		return
	}
	if m.Sent == nil {
		return
	}
	if id == "" {
		msg, err := a.session.InteractionResponse(i, discordgo.WithContext(ctx))
		if !a.check(err, "reading the answer") {
			return
		}
		id = msg.ID
	}
	m.Sent(ctx, id)
}

// unknownOutcome reports whether a failed request may have taken effect
// all the same: no answer came, or Discord failed on its side.
func unknownOutcome(err error) bool {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) {
		return rest.Response != nil && rest.Response.StatusCode >= 500
	}
	return !errors.Is(err, context.Canceled) // a transport error: the request may have arrived
}

// edit replaces the acknowledged answer with m, drawing its image. Only
// for answers that ping nobody: an edit notifies nobody.
func (a *Adapter) edit(ctx context.Context, i *discordgo.Interaction, m bot.Message) {
	png, err := draw(ctx, m)
	if err != nil {
		a.log.Error("drawing the board", "err", err, "channel", i.ChannelID)
		m.Content += "\n" + a.apology(i)
	}
	rows := components(m.Rows)
	msg, err := a.session.InteractionResponseEdit(i, &discordgo.WebhookEdit{
		Content: &m.Content, Components: &rows, Files: attach(m, png), AllowedMentions: mentions(m),
	})
	if a.check(err, "editing the answer") && m.Sent != nil {
		m.Sent(ctx, msg.ID)
	}
}

// notice sends the private note that follows an answer (bot.Reply.Notice),
// once the answer is made: a follow-up only the asker sees.
func (a *Adapter) notice(ctx context.Context, i *discordgo.Interaction, owed func(context.Context) *bot.Message) {
	if owed == nil {
		return
	}
	n := owed(ctx)
	if n == nil {
		return
	}
	msg, err := a.session.FollowupMessageCreate(i, true, &discordgo.WebhookParams{
		Content: n.Content, Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: mentions(*n),
	}, discordgo.WithContext(ctx))
	if a.check(err, "sending a notice") && n.Sent != nil {
		n.Sent(ctx, msg.ID)
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
// failure whose outcome is unknown makes no second message. It is tried
// once: the bot's worker tries again, with its backoff, as the error says
// (see classify).
func (a *Adapter) Post(ctx context.Context, channel string, m bot.Message) (string, error) {
	return a.post(ctx, channel, m)
}

// PostDM posts a message in a user's DM channel, opening it (Discord
// returns the one there is), as Post does in a channel (bot.DirectPoster).
// A user who does not accept the bot's DMs is bot.ErrDMRefused.
func (a *Adapter) PostDM(ctx context.Context, user string, m bot.Message) (string, error) {
	ch, err := a.session.UserChannelCreate(user, once(ctx)...)
	if err != nil {
		return "", classify(redact(err, a.cfg.Token), err)
	}
	return a.post(ctx, ch.ID, m)
}

// post is Post, in any channel.
func (a *Adapter) post(ctx context.Context, channel string, m bot.Message) (string, error) {
	png, err := draw(ctx, m)
	if err != nil {
		return "", err
	}
	fs := attachFilm(attach(m, png), m, a.film(ctx, channel, m))
	body := messageSend{
		MessageSend: discordgo.MessageSend{Content: m.Content, Components: components(m.Rows), Files: fs, AllowedMentions: mentions(m)},
		Nonce:       m.Nonce, EnforceNonce: m.Nonce != "",
	}
	endpoint := discordgo.EndpointChannelMessages(channel)
	contentType, data, withBody, err := requestBody(body, fs, nil)
	if err != nil {
		return "", err
	}
	response, err := a.session.RequestRaw("POST", endpoint, contentType, data, endpoint, 0, append(once(ctx), withBody...)...)
	if err != nil {
		return "", classify(redact(err, a.cfg.Token), err)
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
	msgs, err := a.session.ChannelMessages(channel, 100, "", "", "", once(ctx)...)
	if err != nil {
		return "", false, classify(redact(err, a.cfg.Token), err)
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
	msgs, err := a.session.ChannelMessages(channel, 100, "", "", "", once(ctx)...)
	if err != nil {
		return "", false, classify(redact(err, a.cfg.Token), err)
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
