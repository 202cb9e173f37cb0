package bot

import "testing"

func TestClip(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly", 7, "exactly"},
		{"too long", 5, "too …"},
		{"città di là", 6, "città…"},
	}
	for _, tt := range tests {
		t.Run(tt.s, func(t *testing.T) {
			if got := Clip(tt.s, tt.n); got != tt.want {
				t.Errorf("Clip(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
			}
		})
	}
}

// TestHostCommandNames lists every subcommand the host gives a game, in
// the order of the slash command.
func TestHostCommandNames(t *testing.T) {
	got := HostCommandNames()
	want := []string{"new", "join", "leave", "start", "board", "status", "history", "hint", "undo", "resign", "cancel", "rules", "language", "settings", "mygames"}
	if len(got) != len(want) {
		t.Fatalf("HostCommandNames = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("HostCommandNames()[%d] = %q, want %q", i, got[i], want[i])
		}
	}
}
