package notation_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

func site(v shangrila.Village, d shangrila.Discipline) shangrila.Site {
	return shangrila.Site{Village: v, Discipline: d}
}

func TestParseMove(t *testing.T) {
	tests := []struct {
		in   string
		want shangrila.Move
	}{
		{"red setup A rainmaker", shangrila.SetupMove(shangrila.Red, shangrila.VillageA, shangrila.Rainmaker)},
		{"RED SETUP a R", shangrila.SetupMove(shangrila.Red, shangrila.VillageA, shangrila.Rainmaker)},
		{"red place D healer", shangrila.PlaceMove(shangrila.Red, shangrila.VillageD, shangrila.Healer)},
		{"Violet place m f", shangrila.PlaceMove(shangrila.Violet, shangrila.VillageM, shangrila.Firekeeper)},
		{"blue recruit A rainmaker B yeti", shangrila.RecruitMove(shangrila.Blue, site(shangrila.VillageA, shangrila.Rainmaker), site(shangrila.VillageB, shangrila.YetiWhisperer))},
		{"blue recruit B yeti-whisperer A rainmaker", shangrila.RecruitMove(shangrila.Blue, site(shangrila.VillageA, shangrila.Rainmaker), site(shangrila.VillageB, shangrila.YetiWhisperer))},
		{"blue recruit a a", shangrila.RecruitMove(shangrila.Blue, site(shangrila.VillageA, shangrila.Astrologer))},
		{"yellow journey A B", shangrila.JourneyMove(shangrila.Yellow, shangrila.VillageA, shangrila.VillageB)},
		{"red pass", shangrila.PassMove(shangrila.Red)},
		{"red resign", shangrila.ResignMove(shangrila.Red)},
		// Spanish and Italian names, with or without accents.
		{"red place A hacedor de lluvia", shangrila.PlaceMove(shangrila.Red, shangrila.VillageA, shangrila.Rainmaker)},
		{"red place A Uomo della pioggia", shangrila.PlaceMove(shangrila.Red, shangrila.VillageA, shangrila.Rainmaker)},
		{"red place A astrólogo", shangrila.PlaceMove(shangrila.Red, shangrila.VillageA, shangrila.Astrologer)},
		{"red place A astrologo", shangrila.PlaceMove(shangrila.Red, shangrila.VillageA, shangrila.Astrologer)},
		{"red recruit A susurrador de yetis B custode del fuoco", shangrila.RecruitMove(shangrila.Red, site(shangrila.VillageA, shangrila.YetiWhisperer), site(shangrila.VillageB, shangrila.Firekeeper))},
		{"red recruit A Sussurratore agli yeti B criador de dragones", shangrila.RecruitMove(shangrila.Red, site(shangrila.VillageA, shangrila.YetiWhisperer), site(shangrila.VillageB, shangrila.Dragonbreeder))},
		{"red place A guardafuegos", shangrila.PlaceMove(shangrila.Red, shangrila.VillageA, shangrila.Firekeeper)},
		{"red place A sanador", shangrila.PlaceMove(shangrila.Red, shangrila.VillageA, shangrila.Healer)},
		{"red place A guaritore", shangrila.PlaceMove(shangrila.Red, shangrila.VillageA, shangrila.Healer)},
		{"red place A prete", shangrila.PlaceMove(shangrila.Red, shangrila.VillageA, shangrila.Priest)},
		{"red place A sacerdote", shangrila.PlaceMove(shangrila.Red, shangrila.VillageA, shangrila.Priest)},
		{"red place A criador", shangrila.PlaceMove(shangrila.Red, shangrila.VillageA, shangrila.Dragonbreeder)},
		{"red place A allevatore", shangrila.PlaceMove(shangrila.Red, shangrila.VillageA, shangrila.Dragonbreeder)},
		{"red recruit A susurrador B sussurratore", shangrila.RecruitMove(shangrila.Red, site(shangrila.VillageA, shangrila.YetiWhisperer), site(shangrila.VillageB, shangrila.YetiWhisperer))},
		{"red place A custode", shangrila.PlaceMove(shangrila.Red, shangrila.VillageA, shangrila.Firekeeper)},
		{"red place A allevatore di draghi", shangrila.PlaceMove(shangrila.Red, shangrila.VillageA, shangrila.Dragonbreeder)},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := notation.ParseMove(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestFormatMove(t *testing.T) {
	for _, line := range []string{
		"red setup A rainmaker",
		"blue recruit A rainmaker B yeti-whisperer",
		"violet recruit M firekeeper",
		"yellow journey A B",
		"red place D healer",
		"red pass",
		"blue resign",
	} {
		m, err := notation.ParseMove(line)
		if err != nil {
			t.Fatal(err)
		}
		if got := notation.FormatMove(m); got != line {
			t.Errorf("got %q, want %q", got, line)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	tests := []struct {
		in, key, want string
	}{
		{"", "notation.empty", "empty"},
		{"green place A rainmaker", "notation.colour", `"green" is not a colour`},
		{"red", "notation.no-kind", "a move needs a word"},
		{"red fly A B", "notation.kind", `"fly" is not a move`},
		{"red place Z healer", "notation.village", `"Z" is not a village`},
		{"red place A wizard", "notation.discipline", `"wizard" is not a master`},
		{"red place A", "notation.no-discipline", "name a master after village A"},
		{"red place", "notation.no-site", "name a village and a master"},
		{"red place A healer B priest", "notation.one-site", "name one village and one master"},
		{"red recruit A healer B priest C yeti", "notation.two-sites", "at most two students"},
		{"red journey A", "notation.journey", "two villages"},
		{"red journey A B C", "notation.journey", "two villages"},
		{"red pass now", "notation.extra", "pass takes nothing after it"},
		{"red place A " + strings.Repeat("x", 500), "notation.discipline", "…"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := notation.ParseMove(tt.in)
			var re *rules.Error
			if !errors.As(err, &re) || re.Code != rules.Invalid || re.Key != tt.key || !strings.Contains(re.Message, tt.want) {
				t.Errorf("got %v, want %s containing %q", err, tt.key, tt.want)
			}
			if re != nil && len(re.Message) > 300 {
				t.Errorf("message too long: %d bytes", len(re.Message))
			}
		})
	}
}
