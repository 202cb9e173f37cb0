package shangrila

import (
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// Labels holds every word drawn on the image, so that the caller can draw
// it in the players' language. Strings with numbers or names in them are
// functions, which leaves plural forms and word order to the language.
// EnglishLabels fills every field; a zero field draws nothing (a nil
// function counts as zero).
//
// The layout copes with long words: each text has a box and shrinks, then
// is cut short with "…", to fit it.
type Labels struct {
	// Colours names each colour, indexed by shangrila.Colour ("Red"). It is
	// the name of a player who has no name of their own in the options.
	Colours [shangrila.Violet + 1]string
	// Disciplines names each discipline, indexed by shangrila.Discipline
	// ("Yeti-Whisperer"), in the legend and in the last move's line.
	Disciplines [shangrila.NumDisciplines]string

	// Strength is a village's strength badge: its tiles of every player,
	// then its masters ("8/5").
	Strength func(tiles, masters int) string
	// OutOfPlay is written on village C, unused in a 3-player game.
	OutOfPlay string

	// ToMove is the panel's headline during play ("Anna to move").
	ToMove func(player string) string
	// SetupToMove is the headline during the setup phase, while players
	// place their seven starting masters ("Anna places a starting master").
	SetupToMove func(player string) string
	// Winners is the headline once the game is over: the winner, or the
	// players who share the win, in seat order.
	Winners func(players []string) string
	// Bridges counts the bridges still standing ("17 bridges").
	Bridges func(n int) string
	// StonesLeft counts the Stones of the Wise Men still to be placed
	// before the game ends ("4 stones left").
	StonesLeft func(n int) string
	// LastMove spells out the move that led to the position, when the
	// options give it ("Last move: Anna sent the students of E to A").
	LastMove func(m MoveWords) string

	// Masters, Villages and Supply head the panel's columns: masters on the
	// board, villages where the player has a master, and tiles of each
	// discipline not yet on the board.
	Masters, Villages, Supply string
	// Resigned is a resigned player's name in the table ("Anna
	// (resigned)").
	Resigned func(player string) string
	// Rank is a place in the final ranking ("1st").
	Rank func(rank int) string

	// The legend explains the strength badge ("tiles/masters"), a student
	// on its master ("master with student"), the stone ("Stone of the Wise
	// Men") and a broken bridge ("broken bridge").
	LegendStrength, LegendStudent, LegendStone, LegendBroken string
}

// MoveWords is the last move in words already put in the image's language,
// for Labels.LastMove. Fields that do not apply to the move's kind are
// empty.
type MoveWords struct {
	Kind shangrila.Kind
	// Player is the mover's display name.
	Player string
	// Village and Discipline say where a Setup or Place put its master.
	Village, Discipline string
	// Sites says where a Recruit put its students.
	Sites []SiteWords
	// From and To are a Journey's villages; the counts say what became of
	// its students (promoted to master, joined a master of their colour,
	// sent home) and how many masters they drove out.
	From, To                              string
	Promoted, Joined, SentHome, DrivenOut int
	// Stones lists the villages that received a Stone of the Wise Men.
	Stones []string
}

// SiteWords is one space of one village, in words.
type SiteWords struct {
	Village, Discipline string
}

// EnglishLabels returns the labels in English.
func EnglishLabels() Labels {
	l := Labels{
		Strength:  func(tiles, masters int) string { return fmt.Sprintf("%d/%d", tiles, masters) },
		OutOfPlay: "out of play",
		ToMove:    func(p string) string { return p + " to move" },
		SetupToMove: func(p string) string {
			return p + " places a starting master"
		},
		Winners: func(ps []string) string {
			switch len(ps) {
			case 0:
				return "Game over"
			case 1:
				return ps[0] + " wins"
			}
			return englishList(ps) + " share the win"
		},
		Bridges:    func(n int) string { return plural(n, "bridge", "bridges") },
		StonesLeft: func(n int) string { return plural(n, "stone", "stones") + " left" },
		LastMove:   englishMove,
		Masters:    "Masters",
		Villages:   "Villages",
		Supply:     "Supply",
		Resigned:   func(p string) string { return p + " (resigned)" },
		Rank:       englishOrdinal,

		LegendStrength: "tiles/masters",
		LegendStudent:  "master with student",
		LegendStone:    "Stone of the Wise Men",
		LegendBroken:   "broken bridge",
	}
	for _, c := range shangrila.Colours {
		l.Colours[c] = c.Name()
	}
	for _, d := range shangrila.Disciplines {
		l.Disciplines[d] = d.Name()
	}
	return l
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func englishList(ps []string) string {
	if len(ps) < 2 {
		return strings.Join(ps, "")
	}
	return strings.Join(ps[:len(ps)-1], ", ") + " and " + ps[len(ps)-1]
}

func englishOrdinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

func englishMove(m MoveWords) string {
	var s string
	switch m.Kind {
	case shangrila.Setup, shangrila.Place:
		s = fmt.Sprintf("%s placed %s in %s", m.Player, englishArticle(m.Discipline), m.Village)
	case shangrila.Recruit:
		var sites []string
		for i, st := range m.Sites {
			if i+1 < len(m.Sites) && m.Sites[i+1].Village == st.Village {
				sites = append(sites, st.Discipline)
				continue
			}
			sites = append(sites, st.Discipline+" in "+st.Village)
		}
		s = fmt.Sprintf("%s recruited a student for the %s", m.Player, englishList(sites))
		if len(m.Sites) > 1 {
			s = fmt.Sprintf("%s recruited students for the %s", m.Player, strings.Join(sites, " and the "))
		}
	case shangrila.Journey:
		s = fmt.Sprintf("%s sent the students of %s to %s", m.Player, m.From, m.To)
		var parts []string
		if m.Promoted > 0 {
			parts = append(parts, fmt.Sprintf("%d promoted", m.Promoted))
		}
		if m.Joined > 0 {
			parts = append(parts, fmt.Sprintf("%d joined a master", m.Joined))
		}
		if m.SentHome > 0 {
			parts = append(parts, fmt.Sprintf("%d sent home", m.SentHome))
		}
		if m.DrivenOut > 0 {
			parts = append(parts, plural(m.DrivenOut, "master", "masters")+" driven out")
		}
		if len(parts) > 0 {
			s += ": " + strings.Join(parts, ", ")
		}
	case shangrila.Pass:
		s = m.Player + " passed"
	case shangrila.Resign:
		s = m.Player + " resigned"
	default:
		return ""
	}
	if len(m.Stones) > 0 {
		s += "; stone on " + englishList(m.Stones)
	}
	return "Last move: " + s
}

// englishArticle puts "a" or "an" before a noun by its first letter.
func englishArticle(noun string) string {
	if noun != "" && strings.ContainsRune("AEIOUaeiou", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}
