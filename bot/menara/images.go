package menara

import (
	"context"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// NewImages returns the functions that draw the board images and the
// previews of a floor with r, every word of an image in its language. The
// labels of each language are built once; the buffers, the caller's when
// it lends one (bot.WithImageBuffer), have the room of the images before
// (bot.Room). A board with BoardView.Since highlights
// every change since the player to act last played.
func NewImages(r *rmenara.Renderer, cat *i18n.Catalog) (bot.BoardFunc, PreviewFunc) {
	labels := i18n.PerLang(cat, Labels)
	options := func(names []string, lang i18n.Lang) rmenara.Options {
		return rmenara.Options{Names: names, Labels: labels(lang)}
	}
	var boards, previews bot.Room
	board := func(ctx context.Context, v bot.BoardView) ([]byte, error) {
		s := state(v.State)
		buf := boards.ImageBuffer(ctx)
		defer func() { boards.Took(buf.Len()) }()
		if len(v.Since) > 0 {
			// Every change since the player to act last played.
			view := rmenara.SinceOf(positionOf(s), bot.EffectsOf[*mr.Effects](v.Since))
			err := r.WritePNG(buf, &view, options(v.Names, v.Lang))
			return buf.Bytes(), err
		}
		last, _ := effects(v.Last)
		err := r.WritePosition(buf, positionOf(s), last, options(v.Names, v.Lang))
		return buf.Bytes(), err
	}
	preview := func(ctx context.Context, pos *mr.Position, step mr.Step, names []string, lang i18n.Lang) ([]byte, error) {
		buf := previews.ImageBuffer(ctx)
		err := r.WritePreview(buf, pos, step, options(names, lang))
		previews.Took(buf.Len())
		return buf.Bytes(), err
	}
	return board, preview
}
