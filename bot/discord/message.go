package discord

import (
	"bytes"
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
)

// mentions allows pinging exactly the message's mentioned users and
// nobody else, whatever the text holds: names and typed input can never
// ping anyone.
func mentions(m bot.Message) *discordgo.MessageAllowedMentions {
	am := &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
	if len(m.Mentions) > 0 {
		am.Users = append([]string(nil), m.Mentions...)
	}
	return am
}

// components turns rows into Discord action rows.
func components(rows []bot.Row) []discordgo.MessageComponent {
	out := []discordgo.MessageComponent{}
	for _, r := range rows {
		var row discordgo.ActionsRow
		if r.Menu != nil {
			menu := discordgo.SelectMenu{
				CustomID:    r.Menu.ID,
				Placeholder: r.Menu.Placeholder,
			}
			if r.Menu.Min > 0 {
				min := r.Menu.Min
				menu.MinValues = &min
			}
			if r.Menu.Max > 0 {
				menu.MaxValues = r.Menu.Max
			}
			for _, o := range r.Menu.Options {
				opt := discordgo.SelectMenuOption{Label: o.Label, Value: o.Value, Description: o.Description}
				if o.Emoji != "" {
					opt.Emoji = &discordgo.ComponentEmoji{Name: o.Emoji}
				}
				menu.Options = append(menu.Options, opt)
			}
			row.Components = append(row.Components, menu)
		}
		for _, b := range r.Buttons {
			btn := discordgo.Button{Label: b.Label, Style: discordgo.ButtonStyle(b.Style), Disabled: b.Disabled}
			if b.Style == bot.Link {
				btn.URL = b.URL
			} else {
				btn.CustomID = b.ID
			}
			if b.Emoji != "" {
				btn.Emoji = &discordgo.ComponentEmoji{Name: b.Emoji}
			}
			row.Components = append(row.Components, btn)
		}
		out = append(out, row)
	}
	return out
}

// draw renders the message's image, if any: the bytes every try of the
// message sends.
func draw(ctx context.Context, m bot.Message) ([]byte, error) {
	if m.Image == nil {
		return nil, nil
	}
	return m.Image.Render(ctx)
}

// attach returns the message's image as files to upload: a new reader
// over the same bytes for every request, so that a request tried again
// sends the whole image again. None without an image or its bytes.
func attach(m bot.Message, png []byte) []*discordgo.File {
	if m.Image == nil || len(png) == 0 {
		return nil
	}
	return []*discordgo.File{{Name: m.Image.Name, ContentType: contentType(m.Image), Reader: newFileBytes(png)}}
}

// fileBytes reads an upload's bytes, which a request's body sends from
// where they are (see requestBody); data are never changed.
type fileBytes struct {
	*bytes.Reader
	data []byte
}

func newFileBytes(data []byte) *fileBytes { return &fileBytes{bytes.NewReader(data), data} }

// contentType is an image's content type.
func contentType(im *bot.Image) string {
	if im.Type == "" {
		return "image/png"
	}
	return im.Type
}

// film makes the message's film, if any: the bytes every try of the post
// sends. None when it fails (logged): the post goes without it.
func (a *Adapter) film(ctx context.Context, channel string, m bot.Message) []byte {
	if m.Film == nil {
		return nil
	}
	data, err := m.Film.Render(ctx)
	if err != nil {
		if ctx.Err() == nil {
			a.log.Error("making a post's film; the post goes without it", "err", err, "channel", channel)
		}
		return nil
	}
	return data
}

// attachFilm adds the message's film to files, a new reader over the same
// bytes for every request. Nothing without a film or its bytes.
func attachFilm(files []*discordgo.File, m bot.Message, data []byte) []*discordgo.File {
	if m.Film == nil || len(data) == 0 {
		return files
	}
	return append(files, &discordgo.File{Name: m.Film.Name, ContentType: contentType(m.Film), Reader: newFileBytes(data)})
}
