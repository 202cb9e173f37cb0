package discordfake

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"
	"unicode/utf8"
)

// DefaultNonceWindow is how long a nonce sent with enforce_nonce keeps
// identifying the message it created. Discord says "the past few minutes".
const DefaultNonceWindow = 5 * time.Minute

// maxNonce is the longest nonce Discord accepts, in characters.
const maxNonce = 25

// parseNonce reads a create-message nonce, which Discord takes as a string
// or an integer ("Create Message" JSON params: nonce, integer or string,
// up to 25 characters). It returns the nonce as a string, or why it is
// not acceptable.
func parseNonce(raw json.RawMessage) (nonce, bad string) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		if err := json.Unmarshal(raw, &nonce); err != nil {
			return "", "nonce is not a valid JSON string"
		}
		return nonce, ""
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil {
		return "", "nonce must be a string or an integer (got " + string(raw) + ")"
	}
	return strconv.FormatInt(n, 10), ""
}

// checkNonce adds the nonce's validation errors, in the shape of Discord's
// 50035 Invalid Form Body: {"nonce": {"_errors": [...]}}.
func checkNonce(c *checker, p *msgPayload) {
	switch {
	case p.nonceBad != "":
		c.add(RuleNonce, "nonce", "NONCE_TYPE_INVALID", "%s", p.nonceBad)
	case utf8.RuneCountInString(p.Nonce) > maxNonce:
		c.add(RuleNonce, "nonce", "BASE_TYPE_MAX_LENGTH", "Must be %d or fewer in length.", maxNonce)
	}
}

// nonceMessageLocked returns the live message the bot created in a channel
// with this nonce within Options.NonceWindow, or nil. With enforce_nonce,
// Discord then creates nothing and answers with that message ("If another
// message was created by the same author with the same nonce, that message
// will be returned and no new message will be created"). A message deleted
// since no longer counts: the fake's guess where Discord says nothing.
func (s *Server) nonceMessageLocked(channelID, nonce string) *Message {
	ms := s.chanMsgs[channelID]
	for i := len(ms) - 1; i >= 0; i-- {
		m := ms[i]
		if m.Nonce == nonce && m.Author != nil && m.Author.ID == s.opts.BotUserID && s.now().Sub(m.CreatedAt) <= s.opts.NonceWindow {
			return m
		}
	}
	return nil
}
