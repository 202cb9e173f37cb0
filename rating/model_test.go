package rating

import (
	"errors"
	"math"
	"testing"
)

// The expected values are OpenSkill's own, copied from the tests of its
// reference implementation in JavaScript, openskill.js
// (github.com/philihp/openskill.js): src/models/__tests__/plackett-luce.test.ts
// for the model alone (no Tau), and src/__tests__/rate.test.ts for rate(),
// which adds the default Tau (25/300) first.

// tolerance is how close a value must be to the reference's: its numbers
// are printed to the last bit of a float64, which a different order of
// additions (or fused multiply-adds on another machine) may move; they
// agree to 1e-14 here.
const tolerance = 1e-12

func r(mu, sigma float64) Rating { return Rating{Mu: mu, Sigma: sigma} }

func solo(rs ...Rating) [][]Rating {
	teams := make([][]Rating, len(rs))
	for i, x := range rs {
		teams[i] = []Rating{x}
	}
	return teams
}

func places(n int) []int {
	ranks := make([]int, n)
	for i := range ranks {
		ranks[i] = i + 1
	}
	return ranks
}

func TestRateMatchesOpenSkill(t *testing.T) {
	d := Default().New()
	noTau := Default()
	noTau.Tau = 0
	withTau := func(tau float64, limit bool) Model {
		m := Default()
		m.Tau, m.LimitSigma = tau, limit
		return m
	}
	a1, b1, c1 := r(29.182, 4.782), r(27.174, 4.922), r(16.672, 6.217)
	w1, x1, y1, z1 := r(15, 25/3.0), r(20, 25/3.0), r(25, 25/3.0), r(30, 25/3.0)
	tests := []struct {
		name  string
		model Model
		teams [][]Rating
		ranks []int
		want  [][]Rating
	}{
		// plackett-luce.test.ts
		{"solo game", noTau, solo(d), places(1), solo(d)},
		{"2p FFA", noTau, solo(d, d), places(2), solo(r(27.63523138347365, 8.065506316323548), r(22.36476861652635, 8.065506316323548))},
		{"3p FFA", noTau, solo(d, d, d), places(3), solo(
			r(27.868876552746237, 8.204837030780652), r(25.717219138186557, 8.057829747583874), r(21.413904309067206, 8.057829747583874))},
		{"4p FFA", noTau, solo(d, d, d, d), places(4), solo(
			r(27.795084971874736, 8.263160757613477), r(26.552824984374855, 8.179213704945203),
			r(24.68943500312503, 8.083731307186588), r(20.96265504062538, 8.083731307186588))},
		{"5p FFA", noTau, solo(d, d, d, d, d), places(5), solo(
			r(27.666666666666668, 8.290556877154474), r(26.833333333333332, 8.240145629781066), r(25.72222222222222, 8.179996679645559),
			r(24.055555555555557, 8.111796013701358), r(20.72222222222222, 8.111796013701358))},
		{"3 teams of different sizes", noTau, [][]Rating{{d, d, d}, {d}, {d, d}}, places(3), [][]Rating{
			{r(25.939870821784513, 8.247641552260456), r(25.939870821784513, 8.247641552260456), r(25.939870821784513, 8.247641552260456)},
			{r(27.21366020491262, 8.274321317985242)},
			{r(21.84646897330287, 8.213058173195341), r(21.84646897330287, 8.213058173195341)}}},
		// rate.test.ts
		{"rate, default", Default(), solo(a1, b1, c1, d), places(4), solo(
			r(30.210227447000438, 4.765617924939384), r(27.644725221915632, 4.883479590134575),
			r(17.4036218889969, 6.101259408259549), r(19.21460876538932, 7.854669920480409))},
		{"rate, tau 0.01", withTau(0.01, false), solo(a1, b1, c1, d), places(4), solo(
			r(30.20997558824299, 4.764909330988368), r(27.64461002009721, 4.882799245921361),
			r(17.403587237635527, 6.100731158882956), r(19.21478808745494, 7.854267281042293))},
		{"rate, tau and limitSigma", withTau(0.01, true), solo(r(6.672, 0.0001), a1), places(2), solo(
			r(6.672012533190158, 0.0001), r(26.316243774876106, 4.7540633621019))},
		{"rate, teams", Default(), [][]Rating{{a1, b1}, {c1, d}}, places(2), [][]Rating{
			{r(29.607340941337068, 4.755311788972862), r(27.624602782532037, 4.892807828777459)},
			{r(15.953170429143093, 6.125902065139878), r(23.70858117648013, 8.111707446126035)}}},
		{"rate, teams, tau and limitSigma", withTau(0.01, true), [][]Rating{{r(9.182, 0.0001), b1}, {c1, d}}, places(2), [][]Rating{
			{r(9.182004653636957, 0.0001), r(28.301285923165363, 4.889318394468611)},
			{r(14.87349383521136, 6.076727029758966), r(21.768626152890867, 7.992333183226455)}}},
		{"reverses rank", Default(), solo(d, d), []int{2, 1}, solo(
			r(22.364610506859503, 8.06590141354368), r(27.635389493140497, 8.06590141354368))},
		{"misordered ranks", Default(), solo(d, d, d, d), []int{2, 1, 4, 3}, solo(
			r(26.55291815138952, 8.17961798837266), r(27.795252672501135, 8.263571791259416),
			r(20.962412806387245, 8.084127880168786), r(24.689416369722096, 8.084127880168786))},
		{"rate ordering", Default(), solo(w1, x1, y1, z1), []int{1, 3, 4, 2}, solo(
			r(18.131120980297805, 8.283536573151807), r(20.405169039419135, 8.107860440531121),
			r(20.65583040714804, 8.082574596348321), r(30.80787957313502, 8.155100416275928))},
		{"teams in rating order", Default(), [][]Rating{{a1, d}, {b1, d}, {c1, d}}, []int{3, 1, 2}, [][]Rating{
			{r(27.857622571955794, 4.744504197327133), r(20.97892943330433, 8.129851804000902)},
			{r(27.990904891666695, 4.901705733959291), r(27.341233554297506, 8.2314516336455)},
			{r(17.607030910762578, 6.141282638892306), r(26.67983701239816, 8.149157818911323)}}},
		{"ties", Default(), solo(r(10, 8), r(5, 10), r(0, 12)), []int{1, 2, 2}, solo(
			r(11.942996666741225, 7.926888197620324), r(2.9381178546315034, 9.653804487570165), r(-1.4024317012198733, 11.323641575516767))},
		{"four-way tie of newcomers", Default(), solo(d, d, d, d), []int{1, 1, 1, 1}, solo(
			r(25, 8.263571791259416), r(25, 8.263571791259416), r(25, 8.263571791259416), r(25, 8.263571791259416))},
		{"ties out of order", Default(), solo(w1, x1, y1, z1), []int{2, 4, 2, 1}, solo(
			r(15.340043358359136, 8.213141619804967), r(18.007678675484204, 8.189033933813437),
			r(24.25801928251219, 8.166918055585525), r(32.39425868364447, 8.247687230833794))},
		{"tau 0.3", withTau(0.3, false), solo(r(25, 3), r(25, 3)), places(2), solo(
			r(25.624880438870754, 2.9879993738476953), r(24.375119561129246, 2.9879993738476953))},
		{"limitSigma keeps sigma from rising", withTau(0.3, true), solo(r(40, 3), r(-20, 3)), places(2), solo(
			r(40.00032667136128, 3), r(-20.000326671361275, 3))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.model.Rate(tt.teams, tt.ranks)
			if err != nil {
				t.Fatal(err)
			}
			assertTeams(t, got, tt.want)
		})
	}
}

func assertTeams(t *testing.T, got, want [][]Rating) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d teams, want %d", len(got), len(want))
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Fatalf("team %d: got %d players, want %d", i, len(got[i]), len(want[i]))
		}
		for j, w := range want[i] {
			g := got[i][j]
			if math.Abs(g.Mu-w.Mu) > tolerance || math.Abs(g.Sigma-w.Sigma) > tolerance {
				t.Errorf("team %d player %d: got %v, want %v", i, j, g, w)
			}
		}
	}
}

func TestRateLeavesInputAlone(t *testing.T) {
	teams := solo(Default().New(), Default().New())
	if _, err := Default().Rate(teams, places(2)); err != nil {
		t.Fatal(err)
	}
	if want := Default().New(); teams[0][0] != want || teams[1][0] != want {
		t.Errorf("input changed: %v", teams)
	}
}

func TestRateRefusesBadGames(t *testing.T) {
	d := Default().New()
	tests := []struct {
		name  string
		teams [][]Rating
		ranks []int
	}{
		{"ranks short", solo(d, d), []int{1}},
		{"empty team", [][]Rating{{d}, {}}, places(2)},
		{"zero sigma", solo(d, r(25, 0)), places(2)},
		{"NaN mu", solo(d, r(math.NaN(), 1)), places(2)},
		{"infinite sigma", solo(d, r(25, math.Inf(1))), places(2)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Default().Rate(tt.teams, tt.ranks); !errors.Is(err, ErrBadGame) {
				t.Errorf("got %v, want ErrBadGame", err)
			}
		})
	}
}

func TestOrdinal(t *testing.T) {
	tests := []struct {
		r    Rating
		want float64
	}{
		{Default().New(), 0},
		{r(30, 2), 24},
		{r(10, 5), -5},
	}
	for _, tt := range tests {
		if got := tt.r.Ordinal(); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%v.Ordinal() = %v, want %v", tt.r, got, tt.want)
		}
	}
}
