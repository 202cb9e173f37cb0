package bot

import (
	"context"
	"strings"

	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// maxChoices is Discord's limit of autocomplete choices.
const maxChoices = 25

// autocomplete suggests, for the option being typed, the values that lead
// to a legal move of the asker in the current position, narrowed by the
// options already filled in. Anyone else gets no suggestions.
func (b *Bot) autocomplete(ctx context.Context, req Request) []Choice {
	t, err := b.load(ctx, req.Channel)
	if err != nil || t.game == nil {
		return []Choice{}
	}
	c, ok := t.colourOf(req.User.ID)
	pos := t.position()
	if !ok || pos.Phase() == shangrila.Over || pos.Turn() != c {
		return []Choice{}
	}
	p := b.printer(req.User.Locale)
	typed := strings.ToLower(strings.TrimSpace(req.Option(req.Focused)))
	fixedVillage := func(name string) (shangrila.Village, bool) {
		if req.Focused == name {
			return 0, false
		}
		return shangrila.ParseVillage(strings.TrimSpace(req.Option(name)))
	}
	fixedDiscipline := func(name string) (shangrila.Discipline, bool) {
		if req.Focused == name {
			return 0, false
		}
		return notation.ParseDiscipline(strings.TrimSpace(req.Option(name)))
	}
	villages := map[shangrila.Village]bool{}
	disciplines := map[shangrila.Discipline]bool{}
	for _, m := range pos.LegalMoves(nil) {
		switch req.Command {
		case "place":
			if m.Kind != shangrila.Place && m.Kind != shangrila.Setup {
				continue
			}
			s := m.Sites[0]
			if v, ok := fixedVillage("village"); ok && v != s.Village {
				continue
			}
			if d, ok := fixedDiscipline("master"); ok && d != s.Discipline {
				continue
			}
			villages[s.Village], disciplines[s.Discipline] = true, true
		case "recruit":
			if m.Kind != shangrila.Recruit {
				continue
			}
			// The first pair of options names one site, the second the other.
			for i, s := range m.Recruited() {
				if m.Students == 1 && (req.Focused == "village2" || req.Focused == "master2") {
					continue
				}
				other := m.Recruited()[(i+1)%len(m.Recruited())]
				vName, dName, v2Name, d2Name := "village", "master", "village2", "master2"
				if req.Focused == "village2" || req.Focused == "master2" {
					vName, dName, v2Name, d2Name = v2Name, d2Name, vName, dName
				}
				if v, ok := fixedVillage(vName); ok && v != s.Village {
					continue
				}
				if d, ok := fixedDiscipline(dName); ok && d != s.Discipline {
					continue
				}
				if m.Students == 2 {
					if v, ok := fixedVillage(v2Name); ok && v != other.Village {
						continue
					}
					if d, ok := fixedDiscipline(d2Name); ok && d != other.Discipline {
						continue
					}
				}
				villages[s.Village], disciplines[s.Discipline] = true, true
			}
		case "journey":
			if m.Kind != shangrila.Journey {
				continue
			}
			if v, ok := fixedVillage("from"); ok && v != m.From {
				continue
			}
			if v, ok := fixedVillage("to"); ok && v != m.To {
				continue
			}
			if req.Focused == "from" {
				villages[m.From] = true
			} else {
				villages[m.To] = true
			}
		}
	}
	var out []Choice
	if strings.HasPrefix(req.Focused, "master") {
		for _, d := range shangrila.Disciplines {
			name := p.Discipline(d)
			if disciplines[d] && matches(typed, name, d.String(), string(d.Letter())) {
				out = append(out, Choice{Name: name, Value: d.String()})
			}
		}
	} else {
		for v := shangrila.Village(0); v < shangrila.NumVillages; v++ {
			if villages[v] && matches(typed, v.String()) {
				st := pos.Strength(v)
				out = append(out, Choice{Name: p.T("bot.choice.village", "village", v, "tiles", counted(p, "tiles", st.Tiles), "masters", counted(p, "masters", st.Masters)), Value: v.String()})
			}
		}
	}
	if len(out) > maxChoices {
		out = out[:maxChoices]
	}
	if out == nil {
		out = []Choice{}
	}
	return out
}

// matches reports whether what was typed starts one of the names.
func matches(typed string, names ...string) bool {
	if typed == "" {
		return true
	}
	for _, n := range names {
		if strings.HasPrefix(strings.ToLower(n), typed) {
			return true
		}
	}
	return false
}
