package deps

import (
	"os"
	"strings"
	"testing"
)

// TestHostKnowsNoGame keeps the module's architecture: the host (the
// command layer and its faces), the store, the catalogue, the metrics,
// the shared drawing packages, the ratings and the statistics import no
// game's package, directly or through another package of the module, so
// that a game is a package of its own and a line in cmd/tablebot/main.go,
// never a fork of the host. The shared drawing packages import nothing
// under rules/ at all.
func TestHostKnowsNoGame(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, module, err := ModuleRoot(wd)
	if err != nil {
		t.Fatal(err)
	}
	games := []string{module + "/rules/", module + "/bot/shangrila", module + "/bot/menara", module + "/render/shangrila", module + "/render/menara"}
	tests := []struct {
		pkg       string
		forbidden []string
	}{
		{"bot", games},
		{"bot/discord", games},
		{"bot/local", games},
		{"bot/cli", games},
		{"store", games},
		{"store/etcd", games},
		{"i18n", games},
		{"metrics", games},
		{"render", games},
		{"render/rendertest", games},
		{"render/vision", games},
		{"render/timelapse", games},
		{"rating", games},
		{"stats", games},
	}
	for _, tt := range tests {
		t.Run(tt.pkg, func(t *testing.T) {
			for _, forbidden := range tt.forbidden {
				chain, err := Reaches(root, module, module+"/"+tt.pkg, forbidden)
				if err != nil {
					t.Fatal(err)
				}
				if chain != nil {
					t.Errorf("%s imports a game's package: %s", tt.pkg, strings.Join(chain, " -> "))
				}
			}
		})
	}
}
