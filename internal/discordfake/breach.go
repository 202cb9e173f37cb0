package discordfake

import (
	"fmt"
	"strings"
	"time"
)

// Rule names one of Discord's documented rules that the fake enforces. The
// values are stable so tests can look for a particular breach.
type Rule string

// Request and routing rules.
const (
	RuleUnknownRoute    Rule = "route.unknown"        // no such endpoint (or method)
	RuleInvalidRequests Rule = "requests.invalid"     // Options.InvalidRequestLimit invalid requests (401, 403, 429) within 10 minutes
	RuleUnauthorized    Rule = "auth.token"           // missing or wrong Authorization header
	RuleMalformed       Rule = "request.malformed"    // body is not valid JSON / multipart
	RuleUnknownResource Rule = "request.unknown"      // channel, guild, application or webhook does not exist
	RuleGateway         Rule = "gateway.protocol"     // gateway protocol violation (bad identify, bad token, ...)
	RuleFlags           Rule = "message.flags"        // flags not allowed on that endpoint
	RuleEmptyMessage    Rule = "message.empty"        // no content, embeds, components or files
	RuleContentLength   Rule = "message.content"      // content over 2000 characters
	RuleMentionSyntax   Rule = "mentions.allowed"     // malformed allowed_mentions
	RuleMentionPolicy   Rule = "mentions.policy"      // strict policy: content could ping someone not listed
	RuleFileCount       Rule = "files.count"          // more than 10 files
	RuleFileSize        Rule = "files.size"           // a file over the size limit
	RuleImage           Rule = "files.image"          // a file named or typed as an image that is empty or does not decode
	RuleFileUnlisted    Rule = "files.unlisted"       // uploaded file missing from the attachments list of an edit
	RuleAttachmentRef   Rule = "embed.attachment-ref" // attachment://NAME naming no file of the message
	RuleEmbedCount      Rule = "embed.count"          // more than 10 embeds
	RuleEmbedLength     Rule = "embed.length"         // a single embed field over its limit
	RuleEmbedTotal      Rule = "embed.total"          // all embed text over 6000 characters
	RuleEmbedFields     Rule = "embed.fields"         // more than 25 fields, or an empty field
	RuleEmbedURL        Rule = "embed.url"            // a URL with a scheme Discord refuses
	RuleComponentRows   Rule = "components.rows"      // more than 5 rows, or a non-row at top level
	RuleComponentRow    Rule = "components.row"       // row content: >5 buttons, select not alone, empty row
	RuleCustomID        Rule = "components.custom-id" // custom_id missing, too long, or on a link button
	RuleCustomIDUnique  Rule = "components.unique"    // custom_id used twice in one message
	RuleButton          Rule = "components.button"    // bad button: label length, style, url
	RuleSelect          Rule = "components.select"    // bad select: options, placeholder, min/max values
	RuleModal           Rule = "components.modal"     // bad modal
	RuleNonce           Rule = "message.nonce"        // nonce neither a string nor an integer, or over 25 characters
)

// Interaction rules.
const (
	RuleAckDeadline     Rule = "interaction.deadline"        // no initial response within 3 seconds
	RuleAlreadyAcked    Rule = "interaction.already-acked"   // a second initial response
	RuleNotAcked        Rule = "interaction.not-acked"       // edit or followup before the initial response
	RuleTokenExpired    Rule = "interaction.token-expired"   // interaction token older than 15 minutes
	RuleCallbackType    Rule = "interaction.callback-type"   // response type not valid for that interaction
	RuleAutocomplete    Rule = "interaction.autocomplete"    // bad autocomplete result
	RuleUnknownMessage  Rule = "interaction.unknown-message" // webhook message id not of this interaction
	RuleInteractionGone Rule = "interaction.unknown"         // callback for an interaction Discord no longer knows
)

// Application command rules.
const (
	RuleCommandName        Rule = "command.name"        // bad or duplicate command/option name
	RuleCommandDescription Rule = "command.description" // description missing, too long, or not allowed
	RuleCommandOptions     Rule = "command.options"     // >25 options, nesting, required order, bounds
	RuleCommandChoices     Rule = "command.choices"     // >25 choices, bad choice, choices with autocomplete
	RuleCommandLocale      Rule = "command.locale"      // localization key is not a Discord locale
	RuleCommandCount       Rule = "command.count"       // >100 chat-input (>15 user/message) commands
	RuleCommandLength      Rule = "command.length"      // >4000 characters in one command and locale
)

// Breach is one recorded violation of Discord's rules by the bot under test.
type Breach struct {
	Rule          Rule      // which rule was broken
	Detail        string    // what exactly was wrong, for humans
	Request       string    // "METHOD /path" of the offending request, or "gateway"
	InteractionID string    // the interaction concerned, if any
	At            time.Time // when the fake noticed
}

// String formats the breach for test failure messages.
func (b Breach) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Discord rule %s broken: %s", b.Rule, b.Detail)
	if b.Request != "" {
		fmt.Fprintf(&sb, " [%s]", b.Request)
	}
	if b.InteractionID != "" {
		fmt.Fprintf(&sb, " (interaction %s)", b.InteractionID)
	}
	return sb.String()
}

// breachLocked records b and, unless the test asked to collect breaches,
// fails the test at once so the failure points at the moment it happened.
// The caller holds s.mu.
func (s *Server) breachLocked(b Breach) {
	if b.At.IsZero() {
		b.At = s.now()
	}
	s.breaches = append(s.breaches, b)
	if !s.opts.ExpectBreaches && !s.closed {
		s.t.Errorf("discordfake: %s", b)
	}
	s.changedLocked()
}

// breach is breachLocked for callers that do not hold s.mu.
func (s *Server) breach(b Breach) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.breachLocked(b)
}

// Breaches returns every breach recorded so far, oldest first.
func (s *Server) Breaches() []Breach {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Breach(nil), s.breaches...)
}

// TakeBreaches returns the breaches recorded so far and forgets them, so a
// test can assert on one deliberately bad request at a time.
func (s *Server) TakeBreaches() []Breach {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.breaches
	s.breaches = nil
	return out
}

// BreachesOf returns the recorded breaches of one rule.
func (s *Server) BreachesOf(r Rule) []Breach {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Breach
	for _, b := range s.breaches {
		if b.Rule == r {
			out = append(out, b)
		}
	}
	return out
}
