package rating

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// Rating is a belief about a player's skill: its mean and its standard
// deviation.
type Rating struct {
	Mu, Sigma float64
}

// Ordinal is the conservative skill shown to players: Mu − 3·Sigma.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Defaults of the model, OpenSkill's: a newcomer's belief, the
// performance noise Beta (half the newcomer's Sigma), the floor Kappa of
// the factor that shrinks Sigma, and Tau, the uncertainty added before
// each game so that a rating can still move after many games.
const (
	DefaultMu    = 25.0
	DefaultSigma = DefaultMu / 3
	DefaultBeta  = DefaultSigma / 2
	DefaultKappa = 0.0001
	DefaultTau   = DefaultMu / 300
)

// Model holds the parameters of the update. Build it with Default and
// change what must differ.
type Model struct {
	// Mu and Sigma are a newcomer's rating (New).
	Mu, Sigma float64
	// Beta is the spread of a performance around the skill.
	Beta float64
	// Kappa is the least factor a game shrinks a variance by.
	Kappa float64
	// Tau is added, as a standard deviation, to every Sigma before a game;
	// 0 adds nothing.
	Tau float64
	// LimitSigma keeps a game from raising a player's Sigma, which Tau
	// could otherwise do for a player whose Sigma is already tiny.
	LimitSigma bool
}

// Default returns the model with OpenSkill's default parameters.
func Default() Model {
	return Model{Mu: DefaultMu, Sigma: DefaultSigma, Beta: DefaultBeta, Kappa: DefaultKappa, Tau: DefaultTau}
}

// New returns a newcomer's rating.
func (m Model) New() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// ErrBadGame is returned for a game Rate cannot rate: ranks that do not
// match the teams, an empty team, or a rating that is not a finite number
// with a positive Sigma.
var ErrBadGame = errors.New("rating: bad game")

// Rate returns the teams' ratings after a game in which team i finished
// at ranks[i] (1 is first, lower is better; equal ranks are ties; only
// the order matters). A team's skill is the sum of its players'; a free
// for all is teams of one. A game of one team changes nothing. The input
// is not changed.
func (m Model) Rate(teams [][]Rating, ranks []int) ([][]Rating, error) {
	if err := check(teams, ranks); err != nil {
		return nil, err
	}
	out := make([][]Rating, len(teams))
	for i, t := range teams {
		out[i] = slices.Clone(t)
	}
	if len(teams) < 2 {
		return out, nil
	}
	if m.Tau > 0 {
		for _, t := range out {
			for j := range t {
				t[j].Sigma = math.Hypot(t[j].Sigma, m.Tau)
			}
		}
	}
	m.plackettLuce(out, ranks)
	if m.LimitSigma {
		for i, t := range out {
			for j := range t {
				t[j].Sigma = min(t[j].Sigma, teams[i][j].Sigma)
			}
		}
	}
	return out, nil
}

// check refuses what Rate cannot rate.
func check(teams [][]Rating, ranks []int) error {
	if len(ranks) != len(teams) {
		return fmt.Errorf("%w: %d ranks for %d teams", ErrBadGame, len(ranks), len(teams))
	}
	for i, t := range teams {
		if len(t) == 0 {
			return fmt.Errorf("%w: team %d has no players", ErrBadGame, i+1)
		}
		for _, r := range t {
			if math.IsNaN(r.Mu) || math.IsInf(r.Mu, 0) || !(r.Sigma > 0) || math.IsInf(r.Sigma, 0) {
				return fmt.Errorf("%w: team %d has the rating %v", ErrBadGame, i+1, r)
			}
		}
	}
	return nil
}

// team is a team's combined belief: the sums of its players' means and
// variances.
type team struct {
	mu, sigmaSq float64
	rank        int
}

// plackettLuce updates the ratings in place by Weng and Lin's Algorithm 4:
// each team's place is a draw, without replacement, among the teams not
// yet placed, with odds exp(mu/c); teams that tie share the terms of their
// place (divided by how many tie, A_q), as OpenSkill does.
func (m Model) plackettLuce(teams [][]Rating, ranks []int) {
	ts := make([]team, len(teams))
	cSq := 0.0
	for i, t := range teams {
		ts[i].rank = ranks[i]
		for _, r := range t {
			ts[i].mu += r.Mu
			ts[i].sigmaSq += r.Sigma * r.Sigma
		}
		cSq += ts[i].sigmaSq + m.Beta*m.Beta
	}
	c := math.Sqrt(cSq)
	// sumQ[q] sums exp(mu/c) over the teams placed at q's rank or after;
	// tied[q] counts the teams at q's rank.
	sumQ := make([]float64, len(ts))
	tied := make([]float64, len(ts))
	for q := range ts {
		for _, o := range ts {
			if o.rank >= ts[q].rank {
				sumQ[q] += math.Exp(o.mu / c)
			}
			if o.rank == ts[q].rank {
				tied[q]++
			}
		}
	}
	for i, ti := range ts {
		e := math.Exp(ti.mu / c)
		omega, delta := 0.0, 0.0
		for q, tq := range ts {
			if tq.rank > ti.rank {
				continue
			}
			p := e / sumQ[q]
			delta += p * (1 - p) / tied[q]
			if q == i {
				omega += (1 - p) / tied[q]
			} else {
				omega -= p / tied[q]
			}
		}
		gamma := math.Sqrt(ti.sigmaSq) / c
		omega *= ti.sigmaSq / c
		delta *= gamma * ti.sigmaSq / (c * c)
		for j, r := range teams[i] {
			share := r.Sigma * r.Sigma / ti.sigmaSq
			teams[i][j] = Rating{
				Mu:    r.Mu + share*omega,
				Sigma: r.Sigma * math.Sqrt(max(1-share*delta, m.Kappa)),
			}
		}
	}
}
