// Package rating rates players of multiplayer games by their finishing
// places: the Bayesian approximation of Weng and Lin ("A Bayesian
// Approximation Method for Online Ranking", JMLR 12, 2011), with the
// Plackett-Luce model of their Algorithm 4, as OpenSkill implements it.
//
// A player's skill is a normal belief: a mean Mu and an uncertainty
// Sigma. A game updates the beliefs of everyone in it at once, from their
// places alone (1 is first; equal places are ties, which the model
// handles). What players are shown is Ordinal, Mu − 3·Sigma: a skill
// the player very likely has at least, which rises as games make Sigma
// small, so a newcomer starts at 0 and climbs.
//
// The package is pure: no store, no clock. The caller keeps the ratings
// and feeds the games in the order they ended.
package rating
