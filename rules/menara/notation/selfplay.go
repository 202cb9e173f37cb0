package notation

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"

	"github.com/tablebot/tablebot/rules/menara"
)

// playerNames are the names PlayerNames gives, in seat order.
var playerNames = [menara.MaxPlayers]string{"ana", "bob", "cy", "dee"}

// PlayerNames returns n names for seats that have none (selfplay, tests):
// ana, bob, cy and dee; nil when n is not 1 to 4.
func PlayerNames(n int) []string {
	if n < menara.MinPlayers || n > menara.MaxPlayers {
		return nil
	}
	return append([]string(nil), playerNames[:n]...)
}

// RandomGame plays one whole game of uniformly random legal steps and
// returns its record. Game index of seed always plays the same: one
// generator, PCG(seed, index), first gives the game's own seed (the
// record's seed line, below 2^53) and then chooses every step. The record carries, as
// comments, what the draws revealed: each card and each refill.
func RandomGame(o menara.Options, seed, index uint64) (string, error) {
	rng := rand.New(rand.NewPCG(seed, index))
	// 53 bits, so that readers of the JSON state that hold numbers as
	// float64 read the seed exactly.
	gameSeed := rng.Uint64() >> 11
	p, err := menara.NewPosition(o, gameSeed)
	if err != nil {
		return "", err
	}
	rec := NewRecord(o, gameSeed, nil)
	var b bytes.Buffer
	bw := bufio.NewWriter(&b)
	writeHeader(bw, rec)
	for p.Phase() != menara.Over {
		s := p.RandomStep(rng)
		next, e, err := p.Apply(s)
		if err != nil {
			return "", fmt.Errorf("internal error: random step %s is illegal: %w", FormatStep(rec.Players, s), err)
		}
		bw.WriteString(FormatStep(rec.Players, e.Step))
		if c := Comment(&p, &e); c != "" {
			bw.WriteString("  # " + c)
		}
		bw.WriteByte('\n')
		p = next
	}
	o2 := p.Outcome()
	fmt.Fprintf(bw, "# %s: height %d of %d, %s\n", map[bool]string{true: "won", false: "lost"}[o2.Won], p.Height(), p.Required(), endWords[o2.Reason])
	if err := bw.Flush(); err != nil {
		return "", err
	}
	return b.String(), nil
}

// Comment describes in a few words what a step's draws and consequences
// were, for a record's comment: the card revealed, a new floor to place, a
// failure, the columns drawn, a collapse. before is the position the step
// was played in.
func Comment(before *menara.Position, e *menara.Effects) string {
	var parts []string
	if e.Step.Kind == menara.Reveal {
		parts = append(parts, fmt.Sprintf("%s (%s rim)", e.Card, e.Card.Rim))
	}
	if e.Failed {
		parts = append(parts, fmt.Sprintf("failed (risk %d%%)", e.Risk.Percent()))
	}
	if e.NewFloor.Valid() {
		parts = append(parts, "new floor "+e.NewFloor.String())
	}
	if e.Collapse {
		parts = append(parts, "the temple collapses")
	}
	if e.Renewed {
		parts = append(parts, "new camp "+e.NewCamp.String())
	}
	if e.TurnOver && e.Drawn.Total() > 0 {
		parts = append(parts, "draws "+e.Drawn.String())
	}
	if e.ToLevelRow {
		parts = append(parts, fmt.Sprintf("level row %d", before.Required()+1))
	}
	return joinWords(parts)
}

func joinWords(parts []string) string {
	s := ""
	for i, p := range parts {
		if i > 0 {
			s += "; "
		}
		s += p
	}
	return s
}
