package bot_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
	"github.com/tablebot/tablebot/rating"
	"github.com/tablebot/tablebot/stats"
)

// playSeries plays the scripted series of take-away games the statistics
// tests count by hand, all in server "g":
//
//	G1 ann, bob (3 stones): ann takes 1 after 1m, bob the last 2 after 2m: bob wins.
//	G2 ann, bob (2 stones): ann takes both after 30s: ann wins.
//	G3 ann, bob: cancelled, counts for nobody.
//	G4 ann, bob, cat (9 stones): ann takes 1 after 1m; bob resigns at once;
//	   cat takes 3 after 4m, ann 3 after 1m, cat the last 2 after 2m: cat wins.
//	G5 ann, bob (1 stone): ann hands her seat to the easy computer, which
//	   takes the last stone: ann's seat wins, handed over.
func playSeries(t *testing.T, h *host) {
	t.Helper()
	take := func(who string, after time.Duration, n int) {
		t.Helper()
		h.clock.Advance(after)
		if r := h.cmd(who, "take", "stones", itoa(n)); r.Failed {
			t.Fatalf("%s takes %d: %s", who, n, r.Message.Content)
		}
	}
	h.table([]string{"ann", "bob"}, "stones", "3")
	take("ann", time.Minute, 1)
	take("bob", 2*time.Minute, 2)

	h.table([]string{"ann", "bob"}, "stones", "2")
	take("ann", 30*time.Second, 2)

	h.table([]string{"ann", "bob"})
	if r := h.cmd("ann", "cancel"); r.Failed {
		t.Fatalf("cancel: %s", r.Message.Content)
	}

	h.table([]string{"ann", "bob", "cat"}, "stones", "9")
	take("ann", time.Minute, 1)
	q := h.cmd("bob", "resign")
	if r := h.click("bob", button(t, q.Message, "rs")); r.Failed {
		t.Fatalf("bob resigns: %s", r.Message.Content)
	}
	take("cat", 4*time.Minute, 3)
	take("ann", time.Minute, 3)
	take("cat", 2*time.Minute, 2)

	h.table([]string{"ann", "bob"}, "stones", "1")
	q = h.cmd("ann", "resign")
	if r := h.click("ann", button(t, q.Message, "rc"), "easy"); r.Failed {
		t.Fatalf("ann hands over: %s", r.Message.Content)
	}
	h.wait()
	if g, err := h.db.Current(h.ctx, channel); err == nil {
		t.Fatalf("G5 still on: %+v", g)
	}
}

// TestStatsSeries: after the scripted series, the statistics kept in the
// store are those computed by hand here, and a rebuild from the stored
// games gives exactly what the moves that ended them kept.
func TestStatsSeries(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	playSeries(t, h)
	min := func(m, s int) time.Duration { return time.Duration(m)*time.Minute + time.Duration(s)*time.Second }
	type want struct {
		rec                  stats.Record
		twos, threes         stats.Record // takeaway for 2 and 3
		resigned, handedOver int
		moves                int
		median, slow         time.Duration
	}
	// ann moved after 1m, 30s, 1m, 1m: median 1m, 90th 1m. bob after 2m
	// and 0s (his resignation): median 1m, 90th 0 + 0.9·2m. cat after 4m
	// and 2m: median 3m, 90th 2m + 0.9·2m. The totals: 8 moves of people
	// (0s 30s 1m 1m 1m 2m 2m 4m): median 1m, 90th at 6.3: 2m + 0.3·2m.
	wants := map[string]want{
		"ann":        {stats.Record{Played: 4, Won: 2}, stats.Record{Played: 3, Won: 2}, stats.Record{Played: 1}, 0, 1, 4, min(1, 0), min(1, 0)},
		"bob":        {stats.Record{Played: 4, Won: 1}, stats.Record{Played: 3, Won: 1}, stats.Record{Played: 1}, 1, 0, 2, min(1, 0), min(1, 48)},
		"cat":        {stats.Record{Played: 1, Won: 1}, stats.Record{}, stats.Record{Played: 1, Won: 1}, 0, 0, 2, min(3, 0), min(3, 48)},
		stats.Totals: {stats.Record{Played: 4}, stats.Record{Played: 3}, stats.Record{Played: 1}, 0, 0, 8, min(1, 0), min(2, 36)},
	}
	for _, scope := range []string{"g", stats.Everywhere} {
		for _, period := range []string{stats.AllTime, "2026-11"} {
			all, err := h.db.Tallies(h.ctx, scope, period)
			if err != nil || len(all) != len(wants) {
				t.Fatalf("%q/%s: %d tallies (%v), want %d", scope, period, len(all), err, len(wants))
			}
			for who, w := range wants {
				got := all[who]
				g := want{got.Record, got.ByTable[stats.Table{Kind: "takeaway", Players: 2}], got.ByTable[stats.Table{Kind: "takeaway", Players: 3}],
					got.Resigned, got.HandedOver, got.Moves, got.MedianMove(), got.SlowMove()}
				if g != w {
					t.Errorf("%q/%s/%s: got %+v, want %+v", scope, period, who, g, w)
				}
			}
		}
	}
	t.Run("ratings", func(t *testing.T) {
		m := rating.Default()
		r := map[string]rating.Rating{}
		var before map[string]rating.Rating
		for _, g := range []struct {
			players []string
			ranks   []int
		}{
			{[]string{"ann", "bob"}, []int{2, 1}},
			{[]string{"ann", "bob"}, []int{1, 2}},
			{[]string{"ann", "bob", "cat"}, []int{2, 3, 1}}, // bob resigned: last
			{[]string{"ann", "bob"}, []int{1, 2}},
		} {
			before = maps.Clone(r)
			if _, err := m.RateFreeForAll(r, g.players, g.ranks); err != nil {
				t.Fatal(err)
			}
		}
		// The game-over post of G5 shows the ratings and their change.
		line := fmt.Sprintf("⭐ Ratings: ann %.1f (%+.1f) · bob %.1f (%+.1f)", r["ann"].Ordinal(), r["ann"].Ordinal()-before["ann"].Ordinal(),
			r["bob"].Ordinal(), r["bob"].Ordinal()-before["bob"].Ordinal())
		if p := h.lastPost(); !strings.Contains(p.Content, line) {
			t.Errorf("the game-over post %q lacks %q", p.Content, line)
		}
		all, err := h.db.Tallies(h.ctx, "g", stats.AllTime)
		if err != nil {
			t.Fatal(err)
		}
		for who, w := range r {
			if got := all[who].Ratings["takeaway"]; math.Abs(got.Mu-w.Mu) > 1e-12 || math.Abs(got.Sigma-w.Sigma) > 1e-12 {
				t.Errorf("%s: got %+v, want %+v", who, got, w)
			}
		}
	})
	t.Run("rebuilt", func(t *testing.T) {
		rebuilt, counted, err := bot.RebuildStats(h.ctx, h.db, []bot.Game{h.game}, nil, nil)
		if err != nil || counted != 4 {
			t.Fatalf("RebuildStats: %d games counted (%v), want 4", counted, err)
		}
		if len(rebuilt) != 2*2*len(wants) {
			t.Errorf("%d tallies rebuilt, want %d", len(rebuilt), 2*2*len(wants))
		}
		for k, want := range rebuilt {
			got, err := h.db.Tally(h.ctx, k)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := jsonOf(t, got), jsonOf(t, want); g != w {
				t.Errorf("%q: kept %s\nrebuilt %s", k, g, w)
			}
		}
	})
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// person is a request of /tablebot sub by who, with options as name,
// value pairs.
func person(who, sub string, opts ...string) bot.Request {
	req := command(who, sub, opts...)
	req.Game = bot.PersonCommand
	return req
}

// TestStatsCommands: /tablebot stats and leaderboard after the scripted
// series read what the store kept.
func TestStatsCommands(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	playSeries(t, h)
	tests := []struct {
		name    string
		req     bot.Request
		private bool
		want    []string
	}{
		{"mine", person("ann", "stats"), true, []string{"**ann**", "**Take-away**: 2 won of 4 (50%)", "2 players 2/3 · 3 players 0/1", "⭐ rating **",
			"median 1 minute, 90% within 1 minute (last 4 moves)", "handed to a computer 1"}},
		{"public", person("ann", "stats", "public", "true"), false, []string{"**ann**"}},
		{"bob's", person("ann", "stats", "user", "bob", "game", "takeaway"), true, []string{"**bob**", "1 won of 4 (25%)", "Resigned 1", "90% within 1 minute 48 seconds"}},
		{"cat's", person("ann", "stats", "user", "cat"), true, []string{"**cat**", "1 won of 1 (100%)", "median 3 minutes, 90% within 3 minutes 48 seconds"}},
		{"nobody's", person("ann", "stats", "user", "999"), true, []string{"<@999> has no finished game here yet."}},
		{"leaderboard", person("dan", "leaderboard", "game", "takeaway"), false, []string{"🏆 **Take-away** in this server, all time",
			// By the ratings TestStatsSeries computes by hand.
			"🥇 **ann** 5.8 · 2/4 won\n🥈 **cat** 3.4 · 1/1 won\n🥉 **bob** -2.6 · 1/4 won", "4 games in this server.", "μ − 3σ"}},
		{"this month", person("dan", "leaderboard", "game", "takeaway", "period", "month"), false, []string{"this month", "🥉"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := h.handle(tt.req)
			if r.Failed || r.Private != tt.private {
				t.Errorf("failed %v, private %v; want private %v: %q", r.Failed, r.Private, tt.private, r.Message.Content)
			}
			for _, w := range tt.want {
				if !strings.Contains(r.Message.Content, w) {
					t.Errorf("%q lacks %q", r.Message.Content, w)
				}
			}
			if len(r.Message.Mentions) > 0 {
				t.Errorf("pings %v", r.Message.Mentions)
			}
		})
	}
}

// TestStatsRefused: a game or a period the bot does not know is answered
// clearly.
func TestStatsRefused(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	for _, tt := range []struct {
		req  bot.Request
		want string
	}{
		{person("ann", "stats", "game", "chess"), "“chess” is not a game of this bot."},
		{person("ann", "leaderboard", "game", "chess"), "“chess” is not a game of this bot."},
		{person("ann", "leaderboard", "game", "takeaway", "period", "decade"), "“decade” is not a period"},
		{person("ann", "leaderboard", "game", "takeaway"), "No finished game of Take-away in this server (all time)."},
	} {
		if r := h.handle(tt.req); !r.Private || !strings.Contains(r.Message.Content, tt.want) {
			t.Errorf("%s %v: %+v, want privately %q", tt.req.Command, tt.req.Options, r, tt.want)
		}
	}
}

// TestTeamLeaderboard: a cooperative game's leaderboard ranks by games
// won with the team and shows the server's team record. Take-away in
// team mode: G1 ann empties 3 stones (won, "height" 1 move); G2 of 9
// stones ann takes 3, then both resign (lost, 3 moves).
func TestTeamLeaderboard(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	h.table([]string{"ann", "bob"}, "stones", "3", "mode", "team")
	h.cmd("ann", "take", "stones", "3")
	h.table([]string{"ann", "bob"}, "stones", "9", "mode", "team")
	h.cmd("ann", "take", "stones", "3")
	for _, who := range []string{"ann", "bob"} {
		q := h.cmd(who, "resign")
		if r := h.click(who, button(t, q.Message, "rs")); r.Failed {
			t.Fatalf("%s resigns: %s", who, r.Message.Content)
		}
	}
	r := h.handle(person("cat", "leaderboard", "game", "takeaway"))
	want := "🏆 **Take-away** in this server, all time\n🥇 **ann** 1/2 won · height 3\n🥈 **bob** 1/2 won · height 3\n" +
		"🤝 The server's team: 1/2 won, best height 3, streak 0 (best 1).\n-# By games won with the team, then the best height."
	if r.Failed || r.Private || r.Message.Content != want {
		t.Errorf("got %q\nwant %q", r.Message.Content, want)
	}
	r = h.handle(person("ann", "stats"))
	for _, w := range []string{"🤝 with the team: best height 3, streak 0 (best 1)", "team, 2 players: 1/2, best height 3"} {
		if !strings.Contains(r.Message.Content, w) {
			t.Errorf("%q lacks %q", r.Message.Content, w)
		}
	}
}
