package bot

import (
	"context"

	"github.com/tablebot/tablebot/store"
)

// fromDM points a click in the clicker's DMs at the game the button
// belongs to: a turn DM carries the channel post's buttons, whose game
// token names one of the clicker's live games. The request then acts in
// that game's channel and server as a click there would (its board is
// posted in the channel, by the channel's worker). A button of no live
// game of theirs is stale.
func (b *Bot) fromDM(ctx context.Context, req Request, a Action) (Request, error) {
	live, err := b.cfg.Store.LiveOf(ctx, req.User.ID)
	if err != nil {
		return req, err
	}
	for _, l := range live {
		g, err := b.cfg.Store.Current(ctx, l.Channel)
		switch {
		case err != nil && errCode(err) == store.NotFound:
			continue
		case err != nil:
			return req, err
		case g.Kind == a.Kind && gameToken(g.ID) == a.Game:
			req.Channel, req.Guild, req.DM = l.Channel, l.Guild, false
			return req, nil
		}
	}
	return req, BadComponent()
}
