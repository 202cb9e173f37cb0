package local

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/rules"
)

// maxGuidePages bounds the pages of a rules guide the terminal turns.
const maxGuidePages = 50

// moves lists the legal moves of the seats to act, grouped: the moves that
// differ only in their last word share a line ("setup A: rainmaker,
// priest, ..."), written as they can be typed.
func (s *Session) moves(ctx context.Context) {
	g, st, err := s.table(ctx)
	if err == nil && st == nil {
		err = rules.Errorf(bot.Lobby, "bot.err.not-started", nil, "not started")
	}
	if err != nil {
		fmt.Fprintln(s.out, s.bot.Explain(s.request(bot.Request{User: s.user(s.toMove(ctx))}), err))
		return
	}
	legal := s.game.Moves(st)
	if m, ok := s.game.(bot.MovesSayer); ok {
		legal = m.MovesSaid(s.printer(), st)
	}
	var seatWords []string
	for _, seat := range st.ToAct() {
		if seat < len(g.Players) {
			seatWords = append(seatWords, g.Players[seat].Colour)
		}
	}
	fmt.Fprintln(s.out, s.printer().N("local.moves", len(legal)))
	for _, l := range groupMoves(legal, seatWords) {
		fmt.Fprintln(s.out, "  "+l)
	}
}

// groupMoves writes record lines as typed lines, without the seat's word
// when one seat is to act, and the lines that differ only in their last
// word as one: "setup A: rainmaker, priest".
func groupMoves(lines, seats []string) []string {
	type group struct {
		head string
		last []string
	}
	var groups []*group
	byHead := map[string]*group{}
	for _, l := range lines {
		f := strings.Fields(l)
		if len(seats) == 1 && len(f) > 1 && strings.EqualFold(f[0], seats[0]) {
			f = f[1:]
		}
		if len(f) < 2 {
			groups = append(groups, &group{head: strings.Join(f, " ")})
			continue
		}
		head := strings.Join(f[:len(f)-1], " ")
		gr := byHead[head]
		if gr == nil {
			gr = &group{head: head}
			byHead[head] = gr
			groups = append(groups, gr)
		}
		gr.last = append(gr.last, f[len(f)-1])
	}
	out := make([]string, len(groups))
	for i, gr := range groups {
		switch len(gr.last) {
		case 0:
			out[i] = gr.head
		case 1:
			out[i] = gr.head + " " + gr.last[0]
		default:
			out[i] = gr.head + ": " + strings.Join(gr.last, ", ")
		}
	}
	return out
}

// rules shows a page of the game's rules guide: "rules" the first, "rules
// 2" the second. The guide's pages are those of Discord, where buttons
// turn them.
func (s *Session) rules(ctx context.Context, typist string, words []string) error {
	page := 1
	if len(words) > 0 {
		n, err := strconv.Atoi(words[0])
		if err != nil || len(words) > 1 || n < 1 {
			return rules.Errorf(rules.Invalid, "local.err.page", []any{"word", clip(strings.Join(words, " "))}, "not a page number")
		}
		page = n
	}
	pages, err := s.guide(ctx, typist)
	if err != nil {
		return err
	}
	p := s.printer()
	if page > len(pages) {
		return rules.Errorf(rules.Invalid, "local.err.pages", []any{"count", len(pages)}, "no such page")
	}
	fmt.Fprintln(s.out, pages[page-1])
	fmt.Fprintln(s.out, p.T("local.page", "page", page, "count", len(pages)))
	return nil
}

// guide returns the pages of the rules guide, as the bot shows them: the
// first page answers the rules command, and each page's Next button (its
// primary one) turns to the following.
func (s *Session) guide(ctx context.Context, typist string) ([]string, error) {
	r := s.bot.Handle(ctx, s.request(bot.Request{Kind: bot.CommandRequest, User: s.user(typist), Command: cmdRules}))
	var pages []string
	for len(pages) < maxGuidePages {
		if r.Failed {
			return nil, fmt.Errorf("local: the rules guide: %s", r.Message.Content)
		}
		pages = append(pages, r.Message.Content)
		next := ""
		for _, row := range r.Message.Rows {
			for _, b := range row.Buttons {
				if b.Style == bot.Primary {
					next = b.ID
				}
			}
		}
		if next == "" {
			break
		}
		r = s.bot.Handle(ctx, s.request(bot.Request{Kind: bot.ComponentRequest, User: s.user(typist), CustomID: next}))
	}
	return pages, nil
}
