package bot

import "context"

// Reply is the bot's answer to a request. Exactly one of Choices (for
// autocomplete) or Message is meaningful.
type Reply struct {
	// Private answers are seen only by the person who asked.
	Private bool
	// Update replaces the message whose component was used instead of
	// posting a new one (the steps of a private menu chain).
	Update bool
	// Message is the answer.
	Message Message
	// Choices answer an autocomplete request.
	Choices []Choice
	// Failed marks an answer that reports an error to the asker.
	Failed bool
	// Notice, when set, is called once the answer is delivered (so that
	// the answer does not wait for it): it returns the private note owed
	// to the asker, nil when none is, which goes as a follow-up seen only
	// by them (that Discord refuses their turn DMs), whatever the answer
	// was. Its Sent is told once it is delivered; unsent, it is owed
	// again with a later answer.
	Notice func(ctx context.Context) *Message
	// Then is to be called once the answer is delivered: it
	// starts the computer players' turns that follow, in the background
	// (they post through the Poster). Nil when none follow.
	Then func()
}

// Message is a message to show: text, an optional board image and
// components. Everything in it is already in the reader's language.
type Message struct {
	Content string
	// Mentions are the users the message may ping (the players to act);
	// every other mention in the text is suppressed. Empty: nobody.
	Mentions []string
	// Image, when set, is drawn lazily: an adapter may acknowledge first.
	Image *Image
	// Film, when set, is an animated image attached after Image (a
	// finished game's timelapse), made lazily like it; only posts carry
	// one. No bytes: the post goes without it.
	Film *Image
	// Rows of components (buttons or one menu a row), at most 5.
	Rows []Row
	// Sent, when set, is told the id of the message once it is posted: an
	// answer that carries an announcement (the board after a move) then no
	// longer owes it, and the board is remembered as the latest.
	Sent func(ctx context.Context, messageID string)
	// Unsent, when set, is told that the answer could not be posted for
	// sure: the announcement it carried is then posted in the channel.
	Unsent func(ctx context.Context)
	// Nonce, when set, identifies the post: posting it again with the same
	// nonce must not make a second message (Discord's enforce_nonce).
	Nonce string
	// Notify asks that the message notify the users it mentions: it is a
	// turn's ping, and must be a new message, never an edit (Discord never
	// notifies anyone of a mention added by an edit).
	Notify bool
}

// Image is an image attachment drawn on demand: a PNG unless Type says
// otherwise.
type Image struct {
	Name   string // file name, such as "board.png"
	Type   string // content type; "" is "image/png"
	Render func(ctx context.Context) ([]byte, error)
}

// Row is a row of components: up to 5 buttons, or one menu.
type Row struct {
	Buttons []Button
	Menu    *Menu
}

// ButtonStyle is a button's look.
type ButtonStyle uint8

// Button styles, as Discord has them.
const (
	Primary ButtonStyle = iota + 1
	Secondary
	Success
	Danger
	Link
)

// Button is a clickable button. Link buttons open URL instead of sending
// their ID.
type Button struct {
	ID       string
	Label    string
	Emoji    string
	Style    ButtonStyle
	Disabled bool
	URL      string
}

// Menu is a select menu of up to 25 options.
type Menu struct {
	ID          string
	Placeholder string
	Options     []MenuOption
	Min, Max    int // values to choose; 0 means 1
}

// MenuOption is one choice of a menu.
type MenuOption struct {
	Label       string
	Value       string
	Description string
	Emoji       string
}

// Choice is one autocomplete suggestion: shown as Name, sent as Value.
type Choice struct {
	Name  string
	Value string
}

// Poster posts public messages in a channel outside a request's answer:
// the boards of computer players' moves, of moves made through menus,
// reminders. Adapters implement it. A Message with a Nonce must be posted
// at most once whatever happens to a first attempt (Discord's
// enforce_nonce), so that a post whose outcome is unknown may be retried.
type Poster interface {
	Post(ctx context.Context, channel string, m Message) (messageID string, err error)
}

// DirectPoster posts a message to a user directly (a Discord DM), as
// Poster does in a channel; ErrDMRefused says the user does not accept
// it. Adapters that can implement it.
type DirectPoster interface {
	PostDM(ctx context.Context, user string, m Message) (messageID string, err error)
}

// Finder finds, among a channel's latest messages, a post whose making is
// in doubt: the answer to an interaction (was it made before the process
// stopped?), or the bot's post that begins with text (was a try whose
// outcome was unknown made after all?). Adapters that can implement it;
// found is false when there is no such message.
type Finder interface {
	Answer(ctx context.Context, channel, interaction string) (messageID string, found bool, err error)
	Find(ctx context.Context, channel, text string) (messageID string, found bool, err error)
}
