package bot

import (
	"context"

	"github.com/tablebot/tablebot/i18n"
)

// Game is one board game the host can run. A game's package implements it
// (bot/shangrila, ...) and cmd/tablebot registers it; the host keeps what is
// the same for every game: channel locks, the lobby, seats, start, join and
// leave, undo, resign, cancel, language, history, the status frame, pings,
// posting, computer turns, errors and metrics.
//
// A game's words are in its own part of the message catalogue, an
// i18n.Source that cmd/tablebot gives to i18n.New with the host's.
//
// A game is its setup (options, seats, a seed) plus its list of moves, each
// move one line of its record. The host stores the lines and asks the game
// to replay them (Load); it never reads a line itself.
type Game interface {
	// Kind names the game everywhere at once: the store's kind, the slash
	// command and the prefix of its components' custom ids. Lower-case
	// letters, at most 16 ("shangrila").
	Kind() string
	// Seats says how many play and how.
	Seats() Seats
	// Commands lists the game's own subcommands (its moves), in the order
	// they are listed; the host adds its common ones around them.
	Commands() []CommandSpec
	// NewOptions are the options of the "new" subcommand. An option
	// "players", when there, is the number of seats.
	NewOptions() []OptionSpec
	// Setup writes the header of a record about to start: the seats'
	// names in play order and the setup lines. names are the players'
	// display names in seat order; seed was drawn for this game.
	Setup(settings map[string]string, names []string, seed uint64) (Setup, error)
	// Load replays a stored record ("game KIND", the setup lines and the
	// moves, one a line).
	Load(record string) (State, error)

	// Act handles a subcommand of the game (Act.Command) or a step of one
	// of its menus (Act.Action) for the seat Act.Seat. It returns the move
	// to make or a private answer (a menu, a preview, a question).
	Act(ctx context.Context, a *Act) (Outcome, error)
	// Choices lists, for autocomplete, the values of option focused of
	// subcommand command that lead to a legal move of seat, narrowed by the
	// options already filled in. The game's menus use the same function.
	Choices(st State, seat int, command, focused string, options map[string]string, p *i18n.Printer) []Choice
	// Typed reads a move typed in a terminal in the game's short form
	// (words without the seat: "place A rainmaker"); ok is false when the
	// words are not one of the game's moves.
	Typed(st State, seat int, words []string, p *i18n.Printer) (req Typed, ok bool, err error)

	// View says in words and pictures what happens; see View.
	View
	// Computers plays seats and gives hints; see Computers.
	Computers
}

// Seats is how a game seats its players.
type Seats struct {
	Min, Max, Default int
	// Cooperative games are won or lost by everybody together; the host
	// then speaks of teammates instead of opponents.
	Cooperative bool
}

// Setup is the header of a record about to start.
type Setup struct {
	// Seats are the seats' names in play order, in the game's words ("red",
	// "blue"); the record's moves start with them.
	Seats []string
	// Lines are the record's header lines after "game KIND".
	Lines []string
}

// State is a game in progress as the game's engine replayed it. The host
// holds it only while it handles one request of the channel.
type State interface {
	// Moves is the number of moves made.
	Moves() int
	// Over reports whether the game has ended.
	Over() bool
	// ToAct returns the seats (indexes in play order) that may act now:
	// one seat in a game of turns, several or all where anyone may; nil
	// when the game is over.
	ToAct() []int
	// Out reports whether seat has left the game (resigned) and takes no
	// more turns.
	Out(seat int) bool
	// Play makes a move given as its record line, and returns what it did.
	// An illegal move is a *rules.Error and changes nothing.
	Play(move string) (Effect, error)
	// Clone returns an independent copy.
	Clone() State
	// Auto returns a move the host makes by itself now, for a seat that
	// has no choice (a pass); false when there is none.
	Auto() (string, bool)
	// Last is what the latest move did (nil before the first move), and
	// History what every move did, in order.
	Last() Effect
	History() []Effect
}

// Effect is what one move did, as the game's engine reports it. Only the
// game reads it; the host hands it back to the game's View.
type Effect any

// Act is one request of a seat to the game.
type Act struct {
	// Request is the player's request; Command or, for a component, its
	// values.
	Request *Request
	// Command is the subcommand, "" for a component.
	Command string
	// Action is the component's action, nil for a command.
	Action *Action
	// Board is the action of the latest board, for the game to build its
	// menus' custom ids from (Board.With(step, args...)).
	Board Action
	State State
	Seat  int
	// Printer speaks the asker's language; Names are the seats' names in it.
	Printer *i18n.Printer
	Names   []string
}

// Outcome is what the game made of an Act: a move to make, or an answer.
type Outcome struct {
	// Move is the record line of a move to make now; "" for none.
	Move string
	// Reply answers the asker when there is no move: a private menu, or an
	// update of the menu the component belonged to.
	Reply Reply
}

// Typed is a terminal line read as a request: a subcommand with its
// options, or, when Say is set, an answer given at once.
type Typed struct {
	Command string
	Options map[string]string
	Say     string
}

// View is how a game is seen: its board, its posts' words, its status.
// Every method writes in the printer's language; names are the seats'
// names in play order.
type View interface {
	// Title is the game's name ("The Bridges of Shangri-La").
	Title(p *i18n.Printer) string
	// LobbyOptions says in a few words how the table is set up ("players
	// place their starting masters").
	LobbyOptions(p *i18n.Printer, settings map[string]string) string
	// Mark is a small picture of a seat in text ("🔴"), and SeatName its
	// name when nobody's name is known ("Red").
	Mark(seat int) string
	SeatName(p *i18n.Printer, seat int) string
	// Describe says in one line what a move did.
	Describe(p *i18n.Printer, e Effect, names []string) string
	// Prompt tells the seat to move what to do, mention being how to
	// address them ("<@123>"): "🔴 <@123>, your turn (Red).".
	Prompt(p *i18n.Printer, st State, seat int, mention string) string
	// Result says how the game ended.
	Result(p *i18n.Printer, st State, names []string) string
	// Buttons are the buttons under a board for the seats to act; board
	// is the board's action, to build custom ids from.
	Buttons(p *i18n.Printer, st State, board Action) []Row
	// Progress is the status's first line ("setup phase, 3 placements
	// made"); Status the rest: where everyone stands, and what seat (-1 for
	// an onlooker) holds.
	Progress(p *i18n.Printer, st State) string
	Status(p *i18n.Printer, st State, names []string, seat int) string
	// Text is the position as text for a terminal, several lines.
	Text(p *i18n.Printer, st State, names []string) string
	// Moves lists the legal moves of the seats to act, as record lines.
	Moves(st State) []string
	// Guide is the rules guide, one message a section.
	Guide(p *i18n.Printer) []string
	// Board draws the board after the moves of st, highlighting last; it
	// is nil when the game draws no images (tests).
	Board() BoardFunc
}

// BoardFunc draws a board as a PNG image.
type BoardFunc func(ctx context.Context, v BoardView) ([]byte, error)

// BoardView is what a board image shows.
type BoardView struct {
	State State
	// Last is what the move that led here did, highlighted; nil for none.
	Last Effect
	// Since are what the moves since the player to act last acted did,
	// oldest first, Last among them (see Recounter): the board highlights
	// every one. Nil when that is Last alone.
	Since []Effect
	Names []string
	Lang  i18n.Lang
}

// Computers is how a game plays seats by itself and gives hints.
type Computers interface {
	// Levels are the computer levels a lobby offers, weakest first
	// ("easy", "medium", "hard"); none when the game has no computers.
	Levels() []string
	// Computer returns the computer player of a seat at a level. seed is
	// the game's; the moves of a computer depend on the level, the seed,
	// the seat and the position only, so that a game replays exactly.
	Computer(level string, seed uint64, seat int) (Computer, bool)
	// Hint suggests a move for seat, with a reason, in the printer's
	// language.
	Hint(ctx context.Context, st State, seat int, seed uint64, p *i18n.Printer) (string, error)
	// Resign returns the move by which seat leaves the game; false when
	// the game has none (the seat can only be handed to a computer).
	Resign(st State, seat int) (string, bool)
}

// Configurer is implemented by a game whose options of "new" must agree
// with each other or with the seats (a race needs two players). Configure
// gets them by name as the host's Configure has read them (trimmed, each
// given its default, one of its choices or within its range; "players"
// aside) with the number of seats, already checked against Seats, and
// returns the game's settings, stored with the table. A game without it
// stores the options as read.
type Configurer interface {
	Configure(options map[string]string, seats int) (map[string]string, error)
}

// Undoer is implemented by a game whose moves cannot all be taken back:
// what a player has seen (a card revealed, columns drawn) cannot be
// unseen. UndoFrom returns the number of moves below which an undo may
// not go in st; a game without it lets undo go back to its start.
type Undoer interface {
	UndoFrom(st State) int
}

// Computer is a computer player.
type Computer interface {
	// Move returns the move of the computer's seat in st, as a record line.
	// It may think for a while; ctx cancels it.
	Move(ctx context.Context, st State) (string, error)
}
