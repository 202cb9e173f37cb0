package discordfake

import (
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Message limits from Discord's documentation.
const (
	maxContent         = 2000
	maxEmbeds          = 10
	maxEmbedTitle      = 256
	maxEmbedDesc       = 4096
	maxEmbedFields     = 25
	maxFieldName       = 256
	maxFieldValue      = 1024
	maxFooter          = 2048
	maxAuthorName      = 256
	maxEmbedTotal      = 6000
	maxFiles           = 10
	maxMentionIDs      = 100
	maxColor           = 0xFFFFFF
	maxCustomID        = 100
	maxActionRows      = 5
	maxRowButtons      = 5
	maxButtonLabel     = 80
	maxSelectOptions   = 25
	maxOptionText      = 100
	maxPlaceholder     = 150
	maxModalTitle      = 45
	maxTextInputLabel  = 45
	maxTextInputLength = 4000
	maxTextPlaceholder = 100
	maxChoices         = 25
)

// violation is one broken rule in a request, with the JSON path Discord
// would report it under in a 50035 "Invalid Form Body" error.
type violation struct {
	rule Rule
	path string // e.g. "embeds.0.title"
	code string // Discord's error code string, e.g. BASE_TYPE_MAX_LENGTH
	msg  string
}

// checker accumulates violations under a path prefix.
type checker struct {
	prefix string
	vs     []violation
}

func (c *checker) add(rule Rule, path, code, format string, args ...any) {
	p := c.prefix + path
	if c.prefix != "" && path == "" {
		p = strings.TrimSuffix(c.prefix, ".")
	}
	c.vs = append(c.vs, violation{rule: rule, path: p, code: code, msg: fmt.Sprintf(format, args...)})
}

// addFile records a violation about the request's files. File parts sit
// beside payload_json, not inside it, so their path (files, files.N) takes
// no prefix even in an interaction callback, whose other fields sit under
// data.
func (c *checker) addFile(rule Rule, path, code, format string, args ...any) {
	c.vs = append(c.vs, violation{rule: rule, path: path, code: code, msg: fmt.Sprintf(format, args...)})
}

// maxLen records a violation if s is longer than max characters. Discord
// counts Unicode code points, not bytes.
func (c *checker) maxLen(rule Rule, path, s string, max int) {
	if n := utf8.RuneCountInString(s); n > max {
		c.add(rule, path, "BASE_TYPE_MAX_LENGTH", "must be %d or fewer in length (got %d)", max, n)
	}
}

// lenRange records a violation unless min <= len(s) <= max.
func (c *checker) lenRange(rule Rule, path, s string, min, max int) {
	n := utf8.RuneCountInString(s)
	if n < min || n > max {
		c.add(rule, path, "BASE_TYPE_BAD_LENGTH", "must be between %d and %d in length (got %d)", min, max, n)
	}
}

// checkPayload checks the fields a message create/edit/response request
// sent, independently of the message it applies to.
func (s *Server) checkPayload(c *checker, p *msgPayload) {
	if p.has("content") {
		c.maxLen(RuleContentLength, "content", p.Content, maxContent)
	}
	if p.has("embeds") {
		checkEmbeds(c, p.Embeds)
	}
	if p.has("components") {
		checkComponents(c, p.Components, p.Flags&discordgo.MessageFlagsIsComponentsV2 != 0)
	}
	if p.has("allowed_mentions") {
		checkAllowedMentions(c, p.AllowedMentions)
	}
	if len(p.Files) > maxFiles {
		c.addFile(RuleFileCount, "files", "BASE_TYPE_MAX_LENGTH", "at most %d files per message (got %d)", maxFiles, len(p.Files))
	}
	seen := map[int]bool{}
	for _, f := range p.Files {
		if seen[f.index] {
			c.addFile(RuleMalformed, fmt.Sprintf("files.%d", f.index), "DUPLICATE", "files[%d] sent twice", f.index)
		}
		seen[f.index] = true
		if f.filename == "" {
			c.addFile(RuleMalformed, fmt.Sprintf("files.%d", f.index), "BASE_TYPE_REQUIRED", "file part without a filename")
		}
	}
}

// checkResult checks the message as it would be after the request: things
// that depend on both the request and what an edit keeps.
func (s *Server) checkResult(c *checker, m *Message) {
	if m.Content == "" && len(m.Embeds) == 0 && len(m.Components) == 0 && len(m.Attachments) == 0 && !m.Loading() {
		c.add(RuleEmptyMessage, "", "EMPTY_MESSAGE", "cannot send an empty message (no content, embeds, components or files)")
	}
	if len(m.Attachments) > maxFiles {
		c.add(RuleFileCount, "attachments", "BASE_TYPE_MAX_LENGTH", "at most %d attachments per message (got %d)", maxFiles, len(m.Attachments))
	}
	if m.Flags&discordgo.MessageFlagsIsComponentsV2 != 0 && (m.Content != "" || len(m.Embeds) > 0) {
		c.add(RuleFlags, "flags", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2", "IS_COMPONENTS_V2 messages cannot have content or embeds")
	}
	for i, e := range m.Embeds {
		refs := []struct{ path, url string }{{"url", e.URL}}
		if e.Image != nil {
			refs = append(refs, struct{ path, url string }{"image.url", e.Image.URL})
		}
		if e.Thumbnail != nil {
			refs = append(refs, struct{ path, url string }{"thumbnail.url", e.Thumbnail.URL})
		}
		if e.Author != nil {
			refs = append(refs, struct{ path, url string }{"author.icon_url", e.Author.IconURL})
		}
		if e.Footer != nil {
			refs = append(refs, struct{ path, url string }{"footer.icon_url", e.Footer.IconURL})
		}
		for _, r := range refs {
			name, ok := strings.CutPrefix(r.url, "attachment://")
			if !ok {
				continue
			}
			if r.path == "url" {
				c.add(RuleEmbedURL, fmt.Sprintf("embeds.%d.url", i), "URL_TYPE_INVALID_URL", "embed url cannot be an attachment:// reference")
				continue
			}
			if m.Attachment(name) == nil {
				c.add(RuleAttachmentRef, fmt.Sprintf("embeds.%d.%s", i, r.path), "ATTACHMENT_NOT_FOUND",
					"%q names no file uploaded with this request or kept by the message (files: %s)", r.url, attachmentNames(m))
			}
		}
	}
}

func attachmentNames(m *Message) string {
	if len(m.Attachments) == 0 {
		return "none"
	}
	names := make([]string, len(m.Attachments))
	for i, a := range m.Attachments {
		names[i] = a.Filename
	}
	return strings.Join(names, ", ")
}

// checkEmbeds applies Discord's embed limits.
func checkEmbeds(c *checker, embeds []*discordgo.MessageEmbed) {
	if len(embeds) > maxEmbeds {
		c.add(RuleEmbedCount, "embeds", "BASE_TYPE_MAX_LENGTH", "at most %d embeds per message (got %d)", maxEmbeds, len(embeds))
	}
	total := 0
	count := func(s string) { total += utf8.RuneCountInString(s) }
	for i, e := range embeds {
		if e == nil {
			c.add(RuleMalformed, fmt.Sprintf("embeds.%d", i), "BASE_TYPE_REQUIRED", "null embed")
			continue
		}
		p := fmt.Sprintf("embeds.%d.", i)
		c.maxLen(RuleEmbedLength, p+"title", e.Title, maxEmbedTitle)
		c.maxLen(RuleEmbedLength, p+"description", e.Description, maxEmbedDesc)
		count(e.Title)
		count(e.Description)
		if len(e.Fields) > maxEmbedFields {
			c.add(RuleEmbedFields, p+"fields", "BASE_TYPE_MAX_LENGTH", "at most %d fields per embed (got %d)", maxEmbedFields, len(e.Fields))
		}
		for j, f := range e.Fields {
			fp := fmt.Sprintf("%sfields.%d.", p, j)
			if f == nil {
				c.add(RuleEmbedFields, fp, "BASE_TYPE_REQUIRED", "null field")
				continue
			}
			if strings.TrimSpace(f.Name) == "" {
				c.add(RuleEmbedFields, fp+"name", "BASE_TYPE_REQUIRED", "field name is required")
			}
			if strings.TrimSpace(f.Value) == "" {
				c.add(RuleEmbedFields, fp+"value", "BASE_TYPE_REQUIRED", "field value is required")
			}
			c.maxLen(RuleEmbedLength, fp+"name", f.Name, maxFieldName)
			c.maxLen(RuleEmbedLength, fp+"value", f.Value, maxFieldValue)
			count(f.Name)
			count(f.Value)
		}
		if e.Footer != nil {
			c.maxLen(RuleEmbedLength, p+"footer.text", e.Footer.Text, maxFooter)
			count(e.Footer.Text)
			checkURL(c, p+"footer.icon_url", e.Footer.IconURL, true)
		}
		if e.Author != nil {
			c.maxLen(RuleEmbedLength, p+"author.name", e.Author.Name, maxAuthorName)
			count(e.Author.Name)
			checkURL(c, p+"author.url", e.Author.URL, false)
			checkURL(c, p+"author.icon_url", e.Author.IconURL, true)
		}
		if e.Color < 0 || e.Color > maxColor {
			c.add(RuleEmbedLength, p+"color", "NUMBER_TYPE_MAX", "color must be between 0 and %d", maxColor)
		}
		if e.Timestamp != "" {
			if _, err := time.Parse(time.RFC3339, e.Timestamp); err != nil {
				c.add(RuleEmbedLength, p+"timestamp", "DATE_TIME_TYPE_PARSE", "timestamp %q is not ISO8601", e.Timestamp)
			}
		}
		checkURL(c, p+"url", e.URL, false)
		if e.Image != nil {
			checkURL(c, p+"image.url", e.Image.URL, true)
		}
		if e.Thumbnail != nil {
			checkURL(c, p+"thumbnail.url", e.Thumbnail.URL, true)
		}
	}
	if total > maxEmbedTotal {
		c.add(RuleEmbedTotal, "embeds", "MAX_EMBED_SIZE_EXCEEDED", "embeds hold %d characters in all, the limit is %d", total, maxEmbedTotal)
	}
}

// checkURL accepts http(s) URLs, and attachment:// where media may come
// from the message's own files.
func checkURL(c *checker, path, u string, media bool) {
	if u == "" {
		return
	}
	if media && strings.HasPrefix(u, "attachment://") {
		if strings.TrimPrefix(u, "attachment://") == "" {
			c.add(RuleAttachmentRef, path, "URL_TYPE_INVALID_URL", "attachment:// needs a file name")
		}
		return
	}
	pu, err := url.Parse(u)
	if err != nil || (pu.Scheme != "http" && pu.Scheme != "https") || pu.Host == "" {
		c.add(RuleEmbedURL, path, "URL_TYPE_INVALID_URL", "%q is not a valid http(s) URL", u)
	}
}

// checkAllowedMentions applies Discord's allowed_mentions rules.
func checkAllowedMentions(c *checker, am *discordgo.MessageAllowedMentions) {
	if am == nil {
		return
	}
	parse := map[discordgo.AllowedMentionType]bool{}
	for i, p := range am.Parse {
		switch p {
		case discordgo.AllowedMentionTypeUsers, discordgo.AllowedMentionTypeRoles, discordgo.AllowedMentionTypeEveryone:
			parse[p] = true
		default:
			c.add(RuleMentionSyntax, fmt.Sprintf("allowed_mentions.parse.%d", i), "BASE_TYPE_CHOICES", "%q is not one of users, roles, everyone", p)
		}
	}
	if parse[discordgo.AllowedMentionTypeUsers] && len(am.Users) > 0 {
		c.add(RuleMentionSyntax, "allowed_mentions", "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE", `parse:["users"] and a users list are mutually exclusive`)
	}
	if parse[discordgo.AllowedMentionTypeRoles] && len(am.Roles) > 0 {
		c.add(RuleMentionSyntax, "allowed_mentions", "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE", `parse:["roles"] and a roles list are mutually exclusive`)
	}
	for _, l := range []struct {
		name string
		ids  []string
	}{{"users", am.Users}, {"roles", am.Roles}} {
		if len(l.ids) > maxMentionIDs {
			c.add(RuleMentionSyntax, "allowed_mentions."+l.name, "BASE_TYPE_MAX_LENGTH", "at most %d %s (got %d)", maxMentionIDs, l.name, len(l.ids))
		}
		for i, id := range l.ids {
			if !isSnowflake(id) {
				c.add(RuleMentionSyntax, fmt.Sprintf("allowed_mentions.%s.%d", l.name, i), "NUMBER_TYPE_COERCE", "%q is not a snowflake", id)
			}
		}
	}
}

// checkChoices applies the rules for autocomplete results.
func checkChoices(c *checker, choices []*discordgo.ApplicationCommandOptionChoice) {
	if len(choices) > maxChoices {
		c.add(RuleAutocomplete, "choices", "BASE_TYPE_MAX_LENGTH", "at most %d choices (got %d)", maxChoices, len(choices))
	}
	for i, ch := range choices {
		p := fmt.Sprintf("choices.%d.", i)
		if ch == nil {
			c.add(RuleAutocomplete, p, "BASE_TYPE_REQUIRED", "null choice")
			continue
		}
		c.lenRange(RuleAutocomplete, p+"name", ch.Name, 1, maxOptionText)
		for loc, n := range ch.NameLocalizations {
			if !validLocale(string(loc)) {
				c.add(RuleAutocomplete, p+"name_localizations", "LOCALE", "%q is not a Discord locale", loc)
			}
			c.lenRange(RuleAutocomplete, p+"name_localizations."+string(loc), n, 1, maxOptionText)
		}
		switch v := ch.Value.(type) {
		case string:
			c.maxLen(RuleAutocomplete, p+"value", v, maxOptionText)
		case float64:
		default:
			c.add(RuleAutocomplete, p+"value", "BASE_TYPE_REQUIRED", "value must be a string or a number, got %T", ch.Value)
		}
	}
}
