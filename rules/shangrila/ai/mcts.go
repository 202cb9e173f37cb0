package ai

import (
	"context"
	"math"
	"math/rand/v2"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// Search constants of the hard level, tuned by arena runs.
const (
	// explore weighs the UCT exploration term against win chances.
	explore = 0.6
	// priorWeight weighs the heuristic value of a move (in masters) in the
	// first visits of its child; its pull fades as visits grow.
	priorWeight = 1.0
	// widenBase and widenRate set how many children a node may try after n
	// visits: widenBase + widenRate·√n, best heuristic first (progressive
	// widening: recruits make the branching factor large).
	widenBase = 2
	widenRate = 1.0
	// maxChildren caps the moves a node below the root keeps, best
	// heuristic first; the root keeps all its candidates.
	maxChildren = 20
	// rolloutDepth is how many moves a playout makes before the evaluation
	// judges the position.
	rolloutDepth = 12
	// rolloutRandom is the share of playout moves chosen at random among
	// the candidates rather than by heuristic value.
	rolloutRandom = 0.2
	// rolloutNoise is the heuristic noise of the other playout moves.
	rolloutNoise = 0.4
	// checkEvery is how many iterations pass between looks at the clock.
	checkEvery = 16
)

// node is one position of the search tree.
//
// Invariants: cands is nil until the node is first expanded, then holds its
// legal candidate moves best heuristic first, and child[i], when not zero,
// is the index of the node reached by cands[i]; sum holds the total of the
// rewards backed up through the node, by colour, over visits playouts.
type node struct {
	pos      shangrila.Position
	cands    []cand
	child    []int32
	sum      values
	visits   int32
	terminal bool
}

// tree is one search. The nodes live in one slice and refer to each other
// by index, so the tree costs no pointer chasing for the collector and its
// size is easy to cap.
type tree struct {
	nodes    []node
	maxNodes int
	// iterations counts the iterations run.
	iterations int
	rng        *rand.Rand
	path       []int32
	scratch    []cand
}

// hard searches with Monte Carlo tree search.
type hard struct {
	seed uint64
	opts Options
}

func (h hard) Level() Level { return Hard }

func (h hard) Move(ctx context.Context, p *shangrila.Position) shangrila.Move {
	m, _ := search(ctx, p, h.seed, h.opts)
	return m
}

// search returns the hard level's move in p and the root's statistics.
func search(ctx context.Context, p *shangrila.Position, seed uint64, opts Options) (shangrila.Move, *tree) {
	var b board
	b.read(p)
	cs := b.candidates(nil)
	if len(cs) <= 1 {
		if len(cs) == 0 {
			return shangrila.PassMove(shangrila.NoColour), nil
		}
		return cs[0].m, nil
	}
	sortCands(cs)
	budget := opts.iterations()
	t := &tree{
		nodes:    make([]node, 1, min(opts.maxNodes(), budget+1)),
		maxNodes: opts.maxNodes(),
		rng:      rngFor(seed, &b),
	}
	t.nodes[0] = node{pos: *p, cands: cs, child: make([]int32, len(cs))}
	now := opts.now()
	deadline := now().Add(opts.think())
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	for i := 0; i < budget; i++ {
		if i%checkEvery == 0 && (ctx.Err() != nil || now().After(deadline)) {
			break
		}
		t.iterate()
		t.iterations++
	}
	return t.best(), t
}

// best returns the root's most visited move; ties go to the better mean,
// then to the better heuristic.
func (t *tree) best() shangrila.Move {
	root := &t.nodes[0]
	me := root.pos.Turn()
	best, bv, bq := 0, int32(-1), float32(0)
	for i, ci := range root.child {
		if ci == 0 {
			continue
		}
		n := &t.nodes[ci]
		q := n.sum[me] / float32(n.visits)
		if n.visits > bv || n.visits == bv && q > bq {
			best, bv, bq = i, n.visits, q
		}
	}
	return root.cands[best].m
}

// iterate runs one iteration: down the tree by UCT, one new node, a
// playout from it, and its rewards backed up along the path.
func (t *tree) iterate() {
	t.path = append(t.path[:0], 0)
	cur := int32(0)
	var r values
	for {
		n := &t.nodes[cur]
		if n.terminal {
			var b board
			b.read(&n.pos)
			r = b.final()
			break
		}
		if n.cands == nil {
			t.expand(cur)
			n = &t.nodes[cur]
		}
		i := t.choose(n)
		next := n.child[i]
		if next == 0 {
			if len(t.nodes) >= t.maxNodes {
				// The tree is full: judge this node by a playout instead.
				r = t.playout(n.pos)
				break
			}
			next = t.add(cur, i)
			t.path = append(t.path, next)
			r = t.playout(t.nodes[next].pos)
			break
		}
		cur = next
		t.path = append(t.path, cur)
	}
	for _, i := range t.path {
		n := &t.nodes[i]
		n.visits++
		for c := range n.sum {
			n.sum[c] += r[c]
		}
	}
}

// expand lists node i's candidate moves, keeping the best maxChildren.
func (t *tree) expand(i int32) {
	n := &t.nodes[i]
	var b board
	b.read(&n.pos)
	t.scratch = b.candidates(t.scratch[:0])
	sortCands(t.scratch)
	k := min(len(t.scratch), maxChildren)
	n.cands = append(make([]cand, 0, k), t.scratch[:k]...)
	n.child = make([]int32, k)
}

// add creates the child reached by parent's i-th candidate and returns
// its index.
func (t *tree) add(parent int32, i int) int32 {
	p := &t.nodes[parent]
	next, _, err := p.pos.Apply(p.cands[i].m)
	// A candidate is always legal; should one not be, the child keeps the
	// parent's position as a finished game and is never the best choice.
	idx := int32(len(t.nodes))
	t.nodes = append(t.nodes, node{pos: next, terminal: err != nil || next.Phase() == shangrila.Over})
	t.nodes[parent].child[i] = idx
	return idx
}

// choose returns the index of the candidate to follow from n: an untried
// one while widening allows, else the best by UCT with a fading heuristic
// bias, from the point of view of the player to move.
func (t *tree) choose(n *node) int {
	allowed := min(len(n.cands), widenBase+int(widenRate*math.Sqrt(float64(n.visits))))
	me := n.pos.Turn()
	logN := float32(math.Log(float64(n.visits + 1)))
	top := n.cands[0].score
	best, bestU := 0, float32(math.Inf(-1))
	for i := range allowed {
		ci := n.child[i]
		if ci == 0 {
			return i
		}
		c := &t.nodes[ci]
		v := float32(c.visits)
		u := c.sum[me]/v + explore*float32(math.Sqrt(float64(logN/v))) +
			priorWeight*(n.cands[i].score-top)/(v+1)
		if u > bestU {
			best, bestU = i, u
		}
	}
	return best
}

// playout plays up to rolloutDepth moves from p by the noisy heuristic and
// returns the rewards of where it stops.
func (t *tree) playout(p shangrila.Position) values {
	var b board
	for range rolloutDepth {
		if p.Phase() == shangrila.Over {
			break
		}
		b.read(&p)
		t.scratch = b.candidates(t.scratch[:0])
		var m shangrila.Move
		if t.rng.Float32() < rolloutRandom {
			m = t.scratch[t.rng.IntN(len(t.scratch))].m
		} else {
			m = noisyBest(t.scratch, t.rng, rolloutNoise)
		}
		next, _, err := p.Apply(m)
		if err != nil {
			break
		}
		p = next
	}
	b.read(&p)
	if p.Phase() == shangrila.Over {
		return b.final()
	}
	return b.rewards(b.evaluate())
}
