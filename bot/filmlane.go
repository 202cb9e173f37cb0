package bot

import (
	"context"
	"time"
)

// A film is a second or more of CPU that nobody waits for. Made in one go,
// it takes a core, and the Go processor that runs it, from the answers
// and boards drawn meanwhile. So a film is made frame by frame in the
// gate's lowest lane: before each frame (FilmView.Pace) it waits until
// the gate holds nothing but films: no interaction being answered (from
// its arrival until its answer has left, Answering; at least while Handle
// runs), no answer or post drawn or waiting for a slot (the films' own
// slots aside: a film is made within its game-over post's). And when it
// had to wait, it goes on only once the gate has stayed so for
// filmSettle, with no work come and gone meanwhile: answers made one
// after the other leave the gate empty for a moment between them, too
// short for a frame. Work that comes while a frame is drawn shares the
// machine with that one frame. A film that has waited filmPatience goes
// on for one frame all the same, so that it arrives even while the bot is
// never idle. A film waiting keeps its post's slot: the other posts have
// one slot fewer meanwhile.

// The films' pace.
const (
	// filmSettle is how long the gate must have held nothing but films
	// before a film that waited draws its next frame: a matter of the
	// machine, measured on the real clock.
	filmSettle = 20 * time.Millisecond
	// filmPatience is the longest a film waits for its next frame, on the
	// bot's clock.
	filmPatience = time.Second
)

// Answering marks an interaction being answered until done is called, from
// its arrival until its answer has left (a face calls it around Handle
// and the answer's delivery): the films wait meanwhile. Handle marks the
// requests it handles by itself.
func (b *Bot) Answering() (done func()) { return b.gate.handle() }

// handle counts a request being handled until done is called: the films
// wait meanwhile.
func (g *gate) handle() (done func()) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.handling++
	g.arrived++
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
// channel closed when it may (look again then: work may have come first);
// and how much work has arrived so far.
func (g *gate) filmTurn() (turn <-chan struct{}, arrived int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.filmsAlone() {
		return nil, g.arrived
	}
	if g.idle == nil {
		g.idle = make(chan struct{})
	}
	g.filmWaits++
	return g.idle, g.arrived
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
// next frame (the gate holds nothing but films, and if the film had to
// wait, has held nothing else for filmSettle), at most filmPatience; it
// fails only when ctx ends first.
func (b *Bot) filmPace(ctx context.Context) error {
	late := make(chan struct{})
	stop := b.clock.AfterFunc(filmPatience, func() { close(late) })
	defer stop()
	turn, arrived := b.gate.filmTurn()
	if turn == nil {
		return ctx.Err()
	}
	settle := time.NewTimer(filmSettle)
	defer settle.Stop()
	for {
		for turn != nil {
			if goOn, err := filmWait(ctx, turn, late); goOn || err != nil {
				return err
			}
			turn, arrived = b.gate.filmTurn()
		}
		settle.Reset(filmSettle)
		if goOn, err := filmWait(ctx, settle.C, late); goOn || err != nil {
			return err
		}
		var now int
		if turn, now = b.gate.filmTurn(); turn == nil && now == arrived {
			return nil
		}
		arrived = now
	}
}

// filmWait waits for c, or for late (goOn: the film has waited long
// enough), or for ctx to end (its error).
func filmWait[T any](ctx context.Context, c <-chan T, late <-chan struct{}) (goOn bool, err error) {
	select {
	case <-c:
		return false, nil
	case <-late:
		return true, nil
	case <-ctx.Done():
		return false, ctx.Err()
	}
}
