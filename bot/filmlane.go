package bot

import (
	"context"
	"time"
)

// A film is a second or more of CPU that nobody waits for. Made in one go,
// it takes a core, and the Go processor that runs it, from the answers
// and boards drawn meanwhile. So a film is made frame by frame in the
// gate's lowest lane: before each frame (FilmView.Pace) it waits until
// the gate holds nothing but films: no request being handled, no answer or
// post drawn or waiting for a slot (the films' own slots aside: a film is
// made within its game-over post's). Work that comes meanwhile goes
// first, at the latest once the frame being drawn is done; the film takes
// what is left. A film that has waited filmPatience goes on for one frame
// all the same, so that it arrives even while the bot is never idle.

// filmPatience is the longest a film waits for its next frame.
const filmPatience = time.Second

// handle counts a request being handled until done is called: the films
// wait meanwhile.
func (g *gate) handle() (done func()) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.handling++
	return func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		g.handling--
		g.wakeFilms()
	}
}

// film counts a film being made until done is called. It is made within
// a post's slot.
func (g *gate) film() (done func()) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.films++
	return func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		g.films--
	}
}

// filmTurn returns nil when a film may draw its next frame now, or else a
// channel closed when it may (look again then: work may have come first).
func (g *gate) filmTurn() <-chan struct{} {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.filmsAlone() {
		return nil
	}
	if g.idle == nil {
		g.idle = make(chan struct{})
	}
	g.filmWaits++
	return g.idle
}

// filmsAlone reports whether the gate holds nothing but films; the caller
// holds mu.
func (g *gate) filmsAlone() bool {
	return g.handling == 0 && len(g.answers) == 0 && len(g.posts) == 0 && g.used <= g.films
}

// wakeFilms lets the films waiting go on when the gate holds nothing but
// them; the caller holds mu.
func (g *gate) wakeFilms() {
	if g.idle != nil && g.filmsAlone() {
		close(g.idle)
		g.idle = nil
	}
}

// filmPace is a film's FilmView.Pace: it waits until the film may draw its
// next frame, at most filmPatience; it fails only when ctx ends first.
func (b *Bot) filmPace(ctx context.Context) error {
	turn := b.gate.filmTurn()
	if turn == nil {
		return ctx.Err()
	}
	late := make(chan struct{})
	stop := b.clock.AfterFunc(filmPatience, func() { close(late) })
	defer stop()
	for turn != nil {
		select {
		case <-turn:
		case <-late:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
		turn = b.gate.filmTurn()
	}
	return nil
}
