package menara

// The plans under the temple and the panel move down or up with them
// whenever the header or the temple changes height, which most steps do,
// while most plans stay as they were. The PNG encoder knows a band of rows
// met before by its pixels: so that a plan moved is such a band again,
// the bands of the image begin anew at the plans' top.

// bandCuts returns the rows where the bands of an image of l begin, bands
// of rows rows each: from the top, then from the plans' top again; nil
// when there are no plans.
func bandCuts(l *Layout, rows int) []int {
	if len(l.Plans) == 0 || rows <= 0 {
		return nil
	}
	top := l.Plans[0].Rect.Min.Y
	for _, pl := range l.Plans {
		top = min(top, pl.Rect.Min.Y)
	}
	var cuts []int
	for y := 0; y < top; y += rows {
		cuts = append(cuts, y)
	}
	for y := top; y < l.Size.Y; y += rows {
		cuts = append(cuts, y)
	}
	return cuts
}
