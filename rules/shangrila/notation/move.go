package notation

import (
	"strings"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// FormatMove writes a move as a record line: "blue recruit A rainmaker B
// yeti-whisperer".
func FormatMove(m shangrila.Move) string {
	return m.Player.String() + " " + m.String()
}

// ParseMove reads a record line's move: a colour, a keyword and its
// arguments ("red place D healer"). The line must hold no comment.
func ParseMove(line string) (shangrila.Move, error) {
	words := strings.Fields(line)
	if len(words) == 0 {
		return shangrila.Move{}, invalid("notation.empty", nil, "an empty line is not a move")
	}
	c, ok := shangrila.ParseColour(words[0])
	if !ok {
		return shangrila.Move{}, invalid("notation.colour", []any{"word", clip(words[0])},
			"%q is not a colour: a move starts with red, blue, yellow or violet", clip(words[0]))
	}
	return ParseAction(c, words[1:])
}

// ParseAction reads a move of player c from its keyword and arguments, as
// in ["recruit", "A", "rainmaker", "B", "yeti"].
func ParseAction(c shangrila.Colour, words []string) (shangrila.Move, error) {
	if len(words) == 0 {
		return shangrila.Move{}, invalid("notation.no-kind", nil,
			"a move needs a word saying what it does: setup, place, recruit, journey or pass")
	}
	k, ok := shangrila.ParseKind(words[0])
	if !ok {
		return shangrila.Move{}, invalid("notation.kind", []any{"word", clip(words[0])},
			"%q is not a move: use setup, place, recruit, journey or pass", clip(words[0]))
	}
	args := words[1:]
	switch k {
	case shangrila.Setup, shangrila.Place:
		sites, err := parseSites(args, 1)
		if err != nil {
			return shangrila.Move{}, err
		}
		if k == shangrila.Setup {
			return shangrila.SetupMove(c, sites[0].Village, sites[0].Discipline), nil
		}
		return shangrila.PlaceMove(c, sites[0].Village, sites[0].Discipline), nil
	case shangrila.Recruit:
		sites, err := parseSites(args, 2)
		if err != nil {
			return shangrila.Move{}, err
		}
		return shangrila.RecruitMove(c, sites...), nil
	case shangrila.Journey:
		if len(args) != 2 {
			return shangrila.Move{}, invalid("notation.journey", nil,
				"a journey names two villages: journey A B")
		}
		from, err := parseVillage(args[0])
		if err != nil {
			return shangrila.Move{}, err
		}
		to, err := parseVillage(args[1])
		if err != nil {
			return shangrila.Move{}, err
		}
		return shangrila.JourneyMove(c, from, to), nil
	}
	if len(args) > 0 {
		return shangrila.Move{}, invalid("notation.extra", []any{"kind", k},
			"%s takes nothing after it", k)
	}
	if k == shangrila.Pass {
		return shangrila.PassMove(c), nil
	}
	return shangrila.ResignMove(c), nil
}

// parseSites reads village-discipline pairs, at least one and at most max.
func parseSites(words []string, max int) ([]shangrila.Site, error) {
	var sites []shangrila.Site
	for len(words) > 0 {
		if len(sites) == max {
			if max == 1 {
				return nil, invalid("notation.one-site", nil, "name one village and one master: place D healer")
			}
			return nil, invalid("notation.two-sites", nil, "recruit at most two students: recruit A rainmaker B yeti")
		}
		v, err := parseVillage(words[0])
		if err != nil {
			return nil, err
		}
		d, n, ok := takeDiscipline(words[1:])
		if !ok {
			if len(words) < 2 {
				return nil, invalid("notation.no-discipline", []any{"village", v},
					"name a master after village %s, such as rainmaker or R", v)
			}
			return nil, invalid("notation.discipline", []any{"word", clip(words[1])},
				"%q is not a master: use rainmaker, priest, yeti-whisperer, astrologer, dragonbreeder, healer or firekeeper (or R P Y A D H F)", clip(words[1]))
		}
		sites = append(sites, shangrila.Site{Village: v, Discipline: d})
		words = words[1+n:]
	}
	if len(sites) == 0 {
		return nil, invalid("notation.no-site", nil, "name a village and a master, such as D healer")
	}
	return sites, nil
}

func parseVillage(w string) (shangrila.Village, error) {
	v, ok := shangrila.ParseVillage(w)
	if !ok {
		return 0, invalid("notation.village", []any{"word", clip(w)},
			"%q is not a village: villages are lettered A to M", clip(w))
	}
	return v, nil
}

func invalid(key string, args []any, format string, a ...any) error {
	return rules.Errorf(rules.Invalid, key, args, format, a...)
}

// clip shortens what a player typed before it is quoted back, so that a
// long garbage word cannot flood a message.
func clip(s string) string {
	const max = 24
	if r := []rune(s); len(r) > max {
		return string(r[:max]) + "…"
	}
	return s
}
