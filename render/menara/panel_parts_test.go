package menara

import "testing"

// TestPanelParts: the panels of the sample boards split into their boxes,
// every thing in one of them, so that the renderer keeps them apart; a
// thing outside every box keeps the panel whole.
func TestPanelParts(t *testing.T) {
	for i, v := range sampleViews() {
		l := NewLayout(&v, Options{Labels: sampleLabels()})
		pn := &l.Panel
		whole := panelPart{Boxes: pn.Boxes, CampRow: pn.CampRow, ToAct: pn.ToAct, Levels: pn.Levels, Piles: pn.Piles,
			Next: pn.Next, Chips: pn.Chips, Legend: pn.Legend, Texts: pn.Texts}
		parts, ok := panelParts(&whole)
		if !ok || len(parts) != len(pn.Boxes) {
			t.Fatalf("sample %d: %d parts, %t; want the %d boxes", i, len(parts), ok, len(pn.Boxes))
		}
		count := func(p *panelPart) int {
			return len(p.Levels) + len(p.Piles) + len(p.Next) + len(p.Chips) + len(p.Cards) + len(p.Legend) + len(p.Texts)
		}
		got := 0
		for j := range parts {
			got += count(&parts[j])
		}
		if want := count(&whole); got != want {
			t.Errorf("sample %d: %d things in the parts, %d in the panel", i, got, want)
		}
		whole.Texts = append(whole.Texts, whole.Texts[0])
		whole.Texts[len(whole.Texts)-1].Rect = whole.Texts[0].Rect.Add(l.Size)
		if _, ok := panelParts(&whole); ok {
			t.Errorf("sample %d: a text outside every box, and the panel still split", i)
		}
	}
}
