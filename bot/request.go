package bot

import "strconv"

// User is the person behind a request.
type User struct {
	ID   string // the platform's user id (a Discord snowflake, or a local name)
	Name string // the name to show
	// Locale is the user's language setting as the platform reports it
	// ("es-ES"); private answers use it.
	Locale string
	// ManageChannels reports whether the user may manage the channel, which
	// allows cancelling someone else's game.
	ManageChannels bool
}

// RequestKind says what kind of input a Request is.
type RequestKind uint8

const (
	// CommandRequest is a slash command (or a typed command in local).
	CommandRequest RequestKind = iota
	// ComponentRequest is a button click or a menu choice.
	ComponentRequest
	// AutocompleteRequest asks for the choices of an option being typed.
	AutocompleteRequest
)

// Request is one input from a player.
type Request struct {
	Kind    RequestKind
	User    User
	Guild   string
	Channel string
	// DM is set for a request from the user's direct messages with the
	// bot (Guild is then empty): a click on a turn DM's button, which
	// acts on the game of the button, in its channel.
	DM bool
	// GuildLocale is the server's preferred locale, the default language of
	// the channel's public posts.
	GuildLocale string

	// Game is the kind of the game whose slash command this is
	// ("shangrila"); for a component it is read from the custom id.
	Game string
	// Command is the subcommand ("place") and Options its options by name,
	// as strings. For autocomplete, Focused names the option being typed.
	Command string
	Options map[string]string
	Focused string

	// Interaction is the platform's id of the request (a Discord
	// interaction id), empty where there is none (tablebot local).
	Interaction string
	// Piped is set for a line of input piped into the terminal (tablebot
	// local reading a file, not a person typing): a game's record line is
	// then made as it stands, since nobody is there to answer a question.
	Piped bool

	// CustomID and Values are a component's id and the chosen menu values;
	// Message is the id of the message that carries the component.
	CustomID string
	Values   []string
	Message  string
}

// Option returns a command option's value, "" when absent.
func (r *Request) Option(name string) string { return r.Options[name] }

// IntOption returns an integer option, def when absent or unreadable.
func (r *Request) IntOption(name string, def int) int {
	if n, err := strconv.Atoi(r.Options[name]); err == nil {
		return n
	}
	return def
}
