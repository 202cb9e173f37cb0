package bot

import "testing"

// TestRoom: a buffer has room for the largest image taken yet and a
// sixteenth, firstRoom before any; the room only grows.
func TestRoom(t *testing.T) {
	var r Room
	if got := r.Buffer().Cap(); got < firstRoom {
		t.Errorf("first buffer's room %d, want at least %d", got, firstRoom)
	}
	for _, tc := range []struct{ n, want int }{{160000, 170000}, {150000, 170000}, {320000, 340000}, {0, 340000}} {
		r.Took(tc.n)
		if got := r.Buffer().Cap(); got < tc.want || got > tc.want+tc.want/8 {
			t.Errorf("after Took(%d): room %d, want about %d", tc.n, got, tc.want)
		}
	}
}
