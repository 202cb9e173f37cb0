package discord

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
)

// Discord's JSON error codes that mean a channel cannot be posted in any
// more ("JSON Error Codes" in Discord's documentation).
const (
	codeUnknownChannel = 10003 // the channel was deleted
	codeUnknownGuild   = 10004 // the bot is not in the server any more
	codeMissingAccess  = 50001 // the bot cannot see the channel
	codeMissingPerms   = 50013 // the bot lacks a permission there
	codeThreadArchived = 50083 // an archived (or locked) thread
	codeCannotSendDM   = 50007 // the user does not accept the bot's DMs
)

// classify says in the bot's terms why Discord refused a request about a
// channel (err, with shown the same error as it may be shown): the
// channel is gone for the bot (bot.ErrGone: deleted, access lost, an
// archived thread, the bot removed from the server), the message itself is
// refused (bot.ErrRefused: any other 4xx), the user refuses the bot's DMs
// (bot.ErrDMRefused), or a rate limit to wait out
// (an error with RetryAfter). Anything else (5xx, timeouts, the network)
// is left as it is: temporary.
func classify(shown, err error) error {
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) {
		return rateLimited{err: shown, wait: rl.RetryAfter}
	}
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response == nil {
		return shown
	}
	code := 0
	if rest.Message != nil {
		code = rest.Message.Code
	}
	switch status := rest.Response.StatusCode; {
	case code == codeCannotSendDM:
		return fmt.Errorf("%w: %v", bot.ErrDMRefused, shown)
	case gone(status, code):
		return fmt.Errorf("%w: %v", bot.ErrGone, shown)
	case status == http.StatusUnauthorized || status == http.StatusTooManyRequests || status >= 500:
		return shown
	case status >= 400:
		return fmt.Errorf("%w: %v", bot.ErrRefused, shown)
	}
	return shown
}

// gone reports whether Discord's answer means the bot cannot post in the
// channel any more.
func gone(status, code int) bool {
	switch code {
	case codeUnknownChannel, codeUnknownGuild, codeMissingAccess, codeMissingPerms, codeThreadArchived:
		return true
	}
	return status == http.StatusForbidden
}

// rateLimited is a request Discord rate limited, with the wait it asked
// for.
type rateLimited struct {
	err  error
	wait time.Duration
}

func (r rateLimited) Error() string { return r.err.Error() }

// RetryAfter is how long Discord asked to wait before trying again.
func (r rateLimited) RetryAfter() time.Duration { return r.wait }
