package menara

// WeakestFloor returns the standing floor on columns closest to falling:
// the least slack of its margin over δ(L), with its margin in µm; false
// when no standing floor has a margin.
func (p *Position) WeakestFloor() (FloorID, int, bool) {
	best, bestSlack, bestMargin, found := NoFloor, 0, 0, false
	for _, f := range p.PlacedFloors() {
		m, ok := p.Margin(f)
		if !ok || p.Fallen(f) {
			continue
		}
		slack := m - Delta(p.Level(f))
		if !found || slack < bestSlack {
			best, bestSlack, bestMargin, found = f, slack, m, true
		}
	}
	return best, bestMargin, found
}

// Weakened returns, among the margins the step lowered (Margins), the one
// left closest to falling in next, the position after the step: the least
// slack over δ(L); false when the step lowered none.
func (e *Effects) Weakened(next *Position) (MarginChange, bool) {
	var best MarginChange
	bestSlack, found := 0, false
	for _, mc := range e.Margins() {
		if !mc.HadBefore || !mc.HasAfter || mc.After >= mc.Before {
			continue
		}
		slack := mc.After - Delta(next.Level(mc.Floor))
		if !found || slack < bestSlack {
			best, bestSlack, found = mc, slack, true
		}
	}
	return best, found
}
