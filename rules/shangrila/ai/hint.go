package ai

import (
	"context"
	"fmt"
	"math/bits"
	"strings"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// Reason says why a move is worth making, as data for translation: Key
// names the message and Args fills it with the game's own types. The keys,
// with their arguments:
//
//	hint.pass              no legal action, so a pass
//	hint.setup.spread      village, discipline: a first master in a village
//	hint.setup.join        village, discipline: beside the player's master
//	hint.place             village, discipline, masters (the player's there after)
//	hint.place.defend      village, discipline, from (the village whose journey it stops), count (masters saved)
//	hint.recruit           village, discipline, students (1 or 2), and village2, discipline2 for a second
//	hint.recruit.attack    as hint.recruit, plus to (the journey's target) and count (masters it can win)
//	hint.journey.take      from, to, bridge, count (spaces taken), victim (a Colour, NoColour when several)
//	hint.journey.settle    from, to, bridge, count (students that become masters)
//	hint.journey.block     from, to, bridge, count (masters saved from a journey back)
//	hint.journey.lock      from, to, bridge, village (which gets a stone, with the player ahead there)
//	hint.journey           from, to, bridge
//
// Villages are shangrila.Village, disciplines shangrila.Discipline, the
// bridge a shangrila.Bridge, the victim a shangrila.Colour, counts int.
type Reason struct {
	Key  string
	Args map[string]any
}

// String returns the reason as one line of English, addressed to the
// player ("Journey A→B: your students take 2 spaces from Yellow and the
// bridge A-B breaks").
func (r Reason) String() string {
	a := r.Args
	v := func(k string) string { return fmt.Sprint(a[k]) }
	d := func(k string) string {
		if x, ok := a[k].(shangrila.Discipline); ok {
			return x.Name()
		}
		return "?"
	}
	n := func(k string) int { x, _ := a[k].(int); return x }
	journey := func() string { return fmt.Sprintf("Journey %s→%s: ", v("from"), v("to")) }
	switch r.Key {
	case "hint.pass":
		return "You have no legal action, so you pass"
	case "hint.setup.spread":
		return fmt.Sprintf("Set up your %s in %s: a first master there gives you room to place more later", d("discipline"), v("village"))
	case "hint.setup.join":
		return fmt.Sprintf("Set up your %s in %s, beside your master there", d("discipline"), v("village"))
	case "hint.place":
		return fmt.Sprintf("Place your %s in %s: one more master for you, %d there", d("discipline"), v("village"), n("masters"))
	case "hint.place.defend":
		return fmt.Sprintf("Place your %s in %s: one more master, and a journey from %s can no longer take %s of yours there",
			d("discipline"), v("village"), v("from"), count(n("count"), "one", "masters"))
	case "hint.recruit", "hint.recruit.attack":
		s := fmt.Sprintf("Recruit a student for your %s in %s", d("discipline"), v("village"))
		if n("students") == 2 {
			s += fmt.Sprintf(" and one for your %s in %s", d("discipline2"), v("village2"))
		}
		if r.Key == "hint.recruit" {
			return s + ": students are the ammunition for journeys"
		}
		return s + fmt.Sprintf(": then a journey from %s to %s can win %s", v("village"), v("to"), count(n("count"), "a master", "masters"))
	case "hint.journey.take":
		from := "other players"
		if c, ok := a["victim"].(shangrila.Colour); ok && c != shangrila.NoColour {
			from = c.Name()
		}
		took := fmt.Sprintf("your students take %d spaces", n("count"))
		if n("count") == 1 {
			took = "your student takes a space"
		}
		return journey() + fmt.Sprintf("%s from %s and the bridge %s breaks", took, from, v("bridge"))
	case "hint.journey.settle":
		return journey() + fmt.Sprintf("%s in %s and the bridge %s breaks",
			count(n("count"), "your student becomes a master", "of your students become masters"), v("to"), v("bridge"))
	case "hint.journey.block":
		return journey() + fmt.Sprintf("the bridge %s breaks before a journey from %s can take %s of yours",
			v("bridge"), v("to"), count(n("count"), "a master", "masters"))
	case "hint.journey.lock":
		return journey() + fmt.Sprintf("the bridge %s breaks and %s gets a stone, keeping your lead there", v("bridge"), v("village"))
	case "hint.journey":
		return journey() + fmt.Sprintf("the bridge %s breaks", v("bridge"))
	}
	return r.Key
}

// count writes n with its noun: one is the phrase for 1, many the noun
// after any other number ("2 masters").
func count(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf("%d %s", n, strings.TrimSpace(many))
}

// Hint returns the move the hard level would make in p for the player to
// move, with a reason. It is deterministic for a seed and takes at most
// DefaultThink.
func Hint(ctx context.Context, p *shangrila.Position, seed uint64) (shangrila.Move, Reason) {
	m, _ := search(ctx, p, seed, Options{})
	return m, Explain(p, m)
}

// Explain returns why move m is worth making in p, from the point of view
// of its player. The bot may use it for any move, a computer's or a
// player's. For an illegal move it returns the plain reason of its kind;
// Resign, which needs no hint, has none and gets hint.pass.
func Explain(p *shangrila.Position, m shangrila.Move) Reason {
	var b board
	b.read(p)
	after, e, err := p.Apply(m)
	if err != nil {
		return plainReason(m)
	}
	switch m.Kind {
	case shangrila.Setup:
		s := m.Sites[0]
		key := "hint.setup.join"
		if b.owned[m.Player][s.Village] == 0 {
			key = "hint.setup.spread"
		}
		return Reason{key, map[string]any{"village": s.Village, "discipline": s.Discipline}}
	case shangrila.Place:
		return explainPlace(&b, &after, m)
	case shangrila.Recruit:
		return explainRecruit(&after, m)
	case shangrila.Journey:
		return explainJourney(&b, &e, m)
	}
	return plainReason(m)
}

// plainReason returns the reason of m's kind that needs no analysis.
func plainReason(m shangrila.Move) Reason {
	switch m.Kind {
	case shangrila.Setup:
		return Reason{"hint.setup.join", map[string]any{"village": m.Sites[0].Village, "discipline": m.Sites[0].Discipline}}
	case shangrila.Place:
		return Reason{"hint.place", map[string]any{"village": m.Sites[0].Village, "discipline": m.Sites[0].Discipline, "masters": 0}}
	case shangrila.Recruit:
		r := Reason{"hint.recruit", map[string]any{"students": int(m.Students)}}
		for i, s := range m.Recruited() {
			suffix := [2]string{"", "2"}[i]
			r.Args["village"+suffix], r.Args["discipline"+suffix] = s.Village, s.Discipline
		}
		return r
	case shangrila.Journey:
		b, _ := shangrila.BridgeBetween(m.From, m.To)
		return Reason{"hint.journey", map[string]any{"from": m.From, "to": m.To, "bridge": b}}
	}
	return Reason{Key: "hint.pass"}
}

func explainPlace(b *board, after *shangrila.Position, m shangrila.Move) Reason {
	c, s := m.Player, m.Sites[0]
	args := map[string]any{"village": s.Village, "discipline": s.Discipline}
	for _, l := range links[s.Village] {
		w := l.to
		if b.standing&(1<<l.bridge) == 0 || !b.open(w) || b.leaders(w)&^(1<<c) == 0 {
			continue
		}
		if g := b.plainJourney(w, link{s.Village, l.bridge}); g[c] < 0 &&
			b.beats(w, s.Village, 0, 0) && !b.beats(w, s.Village, 0, 1) {
			args["from"], args["count"] = w, int(-g[c])
			return Reason{"hint.place.defend", args}
		}
	}
	var a board
	a.read(after)
	args["masters"] = bits.OnesCount8(a.owned[c][s.Village])
	return Reason{"hint.place", args}
}

func explainRecruit(after *shangrila.Position, m shangrila.Move) Reason {
	c := m.Player
	sites := m.Recruited()
	if len(sites) == 0 {
		return Reason{Key: "hint.recruit"}
	}
	args := map[string]any{"village": sites[0].Village, "discipline": sites[0].Discipline, "students": len(sites)}
	if len(sites) == 2 {
		args["village2"], args["discipline2"] = sites[1].Village, sites[1].Discipline
	}
	// The best journey the new students make possible, judged after the
	// recruit as if it were the player's turn again.
	var a board
	a.read(after)
	bestGain, bestTo, bestFrom := int8(0), shangrila.Village(0), shangrila.Village(0)
	for _, s := range sites {
		for _, l := range links[s.Village] {
			if a.standing&(1<<l.bridge) == 0 || !a.open(s.Village) {
				continue
			}
			if g := a.plainJourney(s.Village, l); g[c] > bestGain {
				bestGain, bestTo, bestFrom = g[c], l.to, s.Village
			}
		}
	}
	if bestGain <= 0 {
		return Reason{"hint.recruit", args}
	}
	if bestFrom != sites[0].Village {
		// Name the village the journey leaves from first.
		args["village"], args["village2"] = args["village2"], args["village"]
		args["discipline"], args["discipline2"] = args["discipline2"], args["discipline"]
	}
	args["to"], args["count"] = bestTo, int(bestGain)
	return Reason{"hint.recruit.attack", args}
}

func explainJourney(b *board, e *shangrila.Effects, m shangrila.Move) Reason {
	c := m.Player
	args := map[string]any{"from": m.From, "to": m.To, "bridge": e.Bridge}
	taken, settled := 0, 0
	victim, several := shangrila.NoColour, false
	for _, t := range e.Travellers() {
		if t.Colour != c || t.Outcome != shangrila.Promoted {
			continue
		}
		if t.Displaced.Empty() {
			settled++
			continue
		}
		taken++
		switch v := t.Displaced.Master(); {
		case victim == shangrila.NoColour && !several:
			victim = v
		case v != victim:
			victim, several = shangrila.NoColour, true
		}
	}
	switch {
	case taken > 0:
		args["count"], args["victim"] = taken, victim
		return Reason{"hint.journey.take", args}
	case settled > 0:
		args["count"] = settled
		return Reason{"hint.journey.settle", args}
	}
	bridge := e.Bridge
	if b.open(m.To) && b.leaders(m.To)&^(1<<c) != 0 && b.beats(m.To, m.From, 0, 0) {
		if g := b.plainJourney(m.To, link{m.From, bridge}); g[c] < 0 {
			args["count"] = int(-g[c])
			return Reason{"hint.journey.block", args}
		}
	}
	for _, v := range e.Stones() {
		if b.lead(v, c) > 0 {
			args["village"] = v
			return Reason{"hint.journey.lock", args}
		}
	}
	return Reason{"hint.journey", args}
}
