package discordfake

// Discord's JSON error codes that the fake answers with and a bot must
// tell apart (Discord's documentation, "Opcodes and Status Codes", JSON
// Error Codes).
const (
	// CodeUnknownChannel (HTTP 404) answers a request about a channel that
	// does not exist, or no longer: a moderator deleted it.
	CodeUnknownChannel = 10003
	// CodeMissingAccess (HTTP 403) answers a request about a channel the
	// bot cannot see: it lacks VIEW_CHANNEL there, or it is no longer in
	// the channel's guild. (The discord.js guide on implicit permissions:
	// no VIEW_CHANNEL, "Missing Access".)
	CodeMissingAccess = 50001
	// CodeMissingPermissions (HTTP 403) answers a request the bot sees the
	// channel for but lacks another permission for, such as SEND_MESSAGES.
	CodeMissingPermissions = 50013
	// CodeCannotSendToUser (HTTP 403, "Cannot send messages to this user")
	// answers a post in the DM channel of a user who does not accept DMs
	// from the bot.
	CodeCannotSendToUser = 50007
	// CodeInvalidRecipient (HTTP 400, "Invalid Recipient(s)") answers an
	// attempt to open a DM with a user that does not exist.
	CodeInvalidRecipient = 50033
	// CodeInvalidFormBody (HTTP 400) answers a body that breaks a
	// documented limit (content over 2,000 characters, more than 10 embeds
	// or attachments, an oversized file, ...), with an "errors" object that
	// nests the offending field's path:
	// {"files": {"0": {"_errors": [{"code": "...", "message": "..."}]}}}.
	CodeInvalidFormBody = 50035
	// CodeArchivedThread (HTTP 400, "Thread is archived") answers what
	// cannot be done in an archived thread: editing its messages, or
	// posting in (and so unarchiving) a locked one without MANAGE_THREADS.
	CodeArchivedThread = 50083
)
