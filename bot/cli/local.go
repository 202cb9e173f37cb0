package cli

// Local is how tablebot local sets a game up: its players, its seats'
// names and their check, and its own flags. The flags are declared as
// data: the binary registers them beside its own (each game's help
// prefixed with its name), refuses one of another game, and hands their
// values to Settings. clitest.CheckLocal checks that it fits the game.
type Local struct {
	// Players is --players when it is not given.
	Players int
	// PlayersHelp says in --players's help how many players the game
	// takes and its default: "3 or 4, default 4".
	PlayersHelp string
	// NamesHelp says in --names's help what the seats are called without
	// it: "their colours".
	NamesHelp string
	// Seats returns the seats' default names for n players, n checked
	// against the game's seats.
	Seats func(n int) []string
	// CheckName checks name i of --names (all of them, trimmed), after
	// the binary's own checks; nil takes any.
	CheckName func(names []string, i int) error
	// Words are the words the game's lines start with in the terminal
	// (its moves, their short forms): no player may be called one, in any
	// game, so that a line that starts with a name means that player.
	Words []string
	// Flags are the game's own flags.
	Flags []Flag
	// Settings returns the options of the game's new (besides players)
	// from its flags' values by name, a flag not given at its default;
	// nil for a game without flags. Its errors are usage errors (Usagef).
	Settings func(values map[string]string) (map[string]string, error)
	// Lacks says why a flag of another game is none of this one's, after
	// "--FLAG is a flag of OTHER: " ("a Menara game starts from its
	// seed"); nil says "GAME has none", GAME this game's name.
	Lacks func(flag string) string
}

// Flag is a flag of tablebot local that one game reads.
type Flag struct {
	// Name is the flag without its dashes: "difficulty".
	Name string
	// Default is its value when it is not given: "medium".
	Default string
	// Usage is its help, which the binary prefixes with the game's name:
	// "easy, medium or hard".
	Usage string
	// Arg is what the usage line shows after the flag: "D",
	// "steady|shaky".
	Arg string
}
