package menara

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

func TestZZDebug(t *testing.T) {
	h := newHost(t, Options{}, 9)
	r := h.table([]string{"ann", "bob"})
	fmt.Println("START:", r.Message.Content)
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 30; i++ {
		_, s := h.state()
		if s.Over() {
			break
		}
		step := s.pos.RandomStep(rng)
		sub, opts := slashOf(step)
		r := h.cmd(h.mover(), sub, opts...)
		fmt.Printf("--- %s %v\n%s\n", sub, opts, r.Message.Content)
		for _, row := range r.Message.Rows {
			for _, b := range row.Buttons {
				fmt.Printf("   [%s %s%v]", b.Emoji, b.Label, map[bool]string{true: " (disabled)"}[b.Disabled])
			}
			fmt.Println()
		}
		if r.Private {
			h.click(h.mover(), button(t, r.Message, stepConfirm))
		}
	}
	_, s := h.state()
	fmt.Println(h.game.Text(catalog(t).Printer("en"), s, []string{"ann", "bob"}))
	fmt.Println(h.game.Status(catalog(t).Printer("en"), s, []string{"ann", "bob"}, 0))
	fmt.Println(h.game.Moves(s))
}
