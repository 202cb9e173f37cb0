package bot

// FilmWaits returns how many times a film has waited for its next frame
// (filmlane.go): a test sees there that a film waits.
func (b *Bot) FilmWaits() int {
	b.gate.mu.Lock()
	defer b.gate.mu.Unlock()
	return b.gate.filmWaits
}

// FilmPatience is filmPatience, for the tests outside the package.
const FilmPatience = filmPatience
