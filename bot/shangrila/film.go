package shangrila

import (
	"context"
	"io"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	srender "github.com/tablebot/tablebot/render/shangrila"
	"github.com/tablebot/tablebot/render/timelapse"
)

// NewFilmFunc returns a FilmFunc that films games with r (render/shangrila's
// Timelapse, encoded by render/timelapse): the start, then a frame per
// move, captioned in the view's language. The labels of each language are
// built once.
func NewFilmFunc(r *srender.Renderer, cat *i18n.Catalog) bot.FilmFunc {
	labels := i18n.PerLang(cat, Labels)
	return func(ctx context.Context, w io.Writer, v bot.FilmView) error {
		s := state(v.State)
		start := s.Start()
		film := r.Timelapse(&start, s.MoveList(), srender.Options{Names: colourNames(start, v.Names), Labels: labels(v.Lang)})
		_, err := timelapse.Encode(ctx, w, film, timelapse.Options{Pace: v.Pace})
		return err
	}
}
