package menara

import (
	"context"
	"io"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/render/timelapse"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// NewFilmFunc returns a FilmFunc that films games with r (render/menara's
// Timelapse, encoded by render/timelapse): the start, then a frame per
// turn, captioned in the view's language. The labels of each language are
// built once.
func NewFilmFunc(r *rmenara.Renderer, cat *i18n.Catalog) bot.FilmFunc {
	labels := i18n.PerLang(cat, FilmLabels)
	return func(ctx context.Context, w io.Writer, v bot.FilmView) error {
		lb := labels(v.Lang)
		s := state(v.State)
		start := s.Start()
		film := r.Timelapse(&start, s.MoveList(), rmenara.Options{Names: v.Names, Labels: lb})
		_, err := timelapse.Encode(ctx, w, film, timelapse.Options{Pace: v.Pace})
		return err
	}
}

// FilmLabels returns the words of a timelapse in the printer's language:
// the image's (Labels) and each turn's caption (Labels.Turn).
func FilmLabels(p *i18n.Printer) rmenara.Labels {
	l := Labels(p)
	l.Turn = func(w rmenara.TurnWords) string { return turnLine(p, w) }
	return l
}

// turnLine is a whole turn in a few words: who, the card, what was built,
// and how the turn ended ("Ana · Place 2 columns: red on K2, yellow on
// K3").
func turnLine(p *i18n.Printer, w rmenara.TurnWords) string {
	var did []string
	if w.Give != "" || w.Take != "" {
		did = append(did, p.T("menara.film.exchange", "give", w.Give, "take", w.Take))
	}
	for _, s := range w.Steps {
		if s := turnStep(p, s); s != "" {
			did = append(did, s)
		}
	}
	switch {
	case w.Collapse:
		did = append(did, p.T("menara.film.collapse"))
	case w.GaveUp:
		did = append(did, p.T("menara.film.give-up"))
	case w.ToLevelRow:
		did = append(did, p.T("menara.film.to-level-row"))
	}
	if w.Renew {
		did = append(did, p.T("menara.film.renew"))
	}
	all := strings.Join(did, ", ")
	switch {
	case w.Card != "" && all != "":
		return p.T("menara.film.turn", "player", w.Player, "card", w.Card, "did", all)
	case w.Card != "":
		return p.T("menara.film.turn.card", "player", w.Player, "card", w.Card)
	case all != "":
		return p.T("menara.film.turn.no-card", "player", w.Player, "did", all)
	}
	return w.Player
}

// turnStep is a building step of a turn, in a few words.
func turnStep(p *i18n.Printer, w rmenara.StepWords) string {
	switch {
	case w.LiftFell:
		return p.T("menara.film.lift-fell", "floor", w.Floor)
	case !w.Kind.Builds():
		return ""
	}
	s := p.T("menara.film."+kindWord(w.Kind), wordArgs(w)...)
	if w.Failed {
		if w.Kind == mr.PlaceFloor || w.Kind == mr.Lift {
			// A step that failed reached no level.
			s = p.T("menara.film.floor-tried", "floor", w.Floor)
		}
		s = p.T("menara.film.failed", "step", s)
	}
	return s
}
