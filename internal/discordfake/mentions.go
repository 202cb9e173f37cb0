package discordfake

import (
	"regexp"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
)

var (
	userMentionRE = regexp.MustCompile(`<@!?(\d{1,20})>`)
	roleMentionRE = regexp.MustCompile(`<@&(\d{1,20})>`)
)

// mentionsIn returns the user and role ids mentioned in content, each once,
// in order of appearance, and whether it says @everyone or @here.
func mentionsIn(content string) (users, roles []string, everyone bool) {
	for _, m := range userMentionRE.FindAllStringSubmatch(content, -1) {
		if !slices.Contains(users, m[1]) {
			users = append(users, m[1])
		}
	}
	for _, m := range roleMentionRE.FindAllStringSubmatch(content, -1) {
		if !slices.Contains(roles, m[1]) {
			roles = append(roles, m[1])
		}
	}
	everyone = strings.Contains(content, "@everyone") || strings.Contains(content, "@here")
	return users, roles, everyone
}

// computePings applies Discord's allowed_mentions semantics: without
// allowed_mentions every mention in the content pings; with it, a kind of
// mention pings only if "parse" names it, or the id is listed explicitly.
// Mentions inside embeds never ping, and ephemeral messages ping like any
// other.
func computePings(content string, am *discordgo.MessageAllowedMentions) (users, roles []string, everyone bool) {
	mu, mr, me := mentionsIn(content)
	if am == nil {
		return mu, mr, me
	}
	parse := func(t discordgo.AllowedMentionType) bool { return slices.Contains(am.Parse, t) }
	for _, id := range mu {
		if parse(discordgo.AllowedMentionTypeUsers) || slices.Contains(am.Users, id) {
			users = append(users, id)
		}
	}
	for _, id := range mr {
		if parse(discordgo.AllowedMentionTypeRoles) || slices.Contains(am.Roles, id) {
			roles = append(roles, id)
		}
	}
	return users, roles, me && parse(discordgo.AllowedMentionTypeEveryone)
}

// setContent sets a message's content and recomputes who it pings,
// as Discord rebuilds the mentions whenever the content changes.
func setContent(m *Message, content string, am *discordgo.MessageAllowedMentions) {
	m.Content = content
	m.AllowedMentions = am
	m.Pinged, m.PingedRoles, m.PingedEveryone = computePings(content, am)
}

// mentionPolicyViolation returns why a request setting content breaks the
// strict policy, or "" if it complies. The policy: content is always sent
// with allowed_mentions whose parse list is empty and which lists no roles,
// so nothing but explicitly listed users can ever be pinged, whatever
// player-chosen text ends up in the content.
func mentionPolicyViolation(content string, am *discordgo.MessageAllowedMentions) string {
	if content == "" {
		return ""
	}
	switch {
	case am == nil:
		return "content sent without allowed_mentions: every <@id>, <@&role>, @everyone and @here in it would ping"
	case len(am.Parse) > 0:
		return "allowed_mentions.parse is not empty; send parse: [] and list the users to ping"
	case len(am.Roles) > 0:
		return "allowed_mentions lists roles; only explicitly listed users may be pinged"
	}
	return ""
}
