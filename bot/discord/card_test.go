package discord

import (
	"bytes"
	"cmp"
	"image"
	"image/color"
	"image/png"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	xdraw "golang.org/x/image/draw"

	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/render"
)

// A card is a message of the fake Discord drawn as Discord's dark theme
// shows it, for the README's pictures (pictures_test.go): the bot's
// avatar and name, the text (bold, mentions and links set apart; the
// emoji the fonts lack left out, the medals written as places), the
// attached image scaled down, the embeds' titles and texts, the buttons
// and menus. It is an illustration drawn from what the fake holds, not a
// copy of Discord's layout.

// The card's measures, in pixels.
const (
	cardWidth   = 560
	cardPad     = 16
	cardText    = 72 // where the text starts, right of the avatar
	cardSize    = 15 // the text's letters
	cardLine    = 22
	cardImage   = 420 // the widest an attached image is shown
	cardButtonH = 32
)

// The card's colours: Discord's dark theme.
const (
	cardBackground render.Hex = 0x313338
	cardName       render.Hex = 0xF2F3F5
	cardBody       render.Hex = 0xDBDEE1
	cardMuted      render.Hex = 0x949BA4
	cardLink       render.Hex = 0x00A8FC
	cardMention    render.Hex = 0xC9CDFB
	cardMentionBg  render.Hex = 0x3C4270
	cardBlurple    render.Hex = 0x5865F2
	cardGrey       render.Hex = 0x4E5058
	cardGreen      render.Hex = 0x248046
	cardRed        render.Hex = 0xDA373C
	cardMenu       render.Hex = 0x1E1F22
	cardEmbed      render.Hex = 0x2B2D31
)

// cardOptions say what a card shows around the message.
type cardOptions struct {
	// Names are the users' names by id, for their mentions.
	Names map[string]string
	// Heading, when set, is a grey line above the card (where the message
	// is: "Direct message", "#games").
	Heading string
	// Time is the message's time as Discord writes it.
	Time string
}

// cardWord is a word of the card's text and how it is set.
type cardWord struct {
	s       string
	bold    bool
	colour  render.Hex
	mention bool
	// glued words follow the one before without a space.
	glued bool
}

// card draws a card of message m.
type card struct {
	fonts *render.Fonts
	fill  render.Filler
	img   *image.RGBA
	o     cardOptions
	y     int
}

// drawCard draws message m as a card, and returns it as a PNG.
func drawCard(fonts *render.Fonts, m *discordfake.Message, o cardOptions) ([]byte, error) {
	// Laid out twice: to measure the height, then to draw.
	measure := &card{fonts: fonts, o: o}
	measure.layout(m)
	c := &card{fonts: fonts, o: o, img: image.NewRGBA(image.Rect(0, 0, cardWidth, measure.y))}
	render.FillRect(c.img, c.img.Bounds(), cardBackground)
	c.layout(m)
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, paletted(c.img)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// paletted is img in its 256 most frequent colours (each pixel the nearest
// of them): a card is flat colours, text and a board drawn in a palette,
// and its PNG is a third of the size.
func paletted(img *image.RGBA) *image.Paletted {
	counts := map[color.RGBA]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			counts[img.RGBAAt(x, y)]++
		}
	}
	colours := make([]color.RGBA, 0, len(counts))
	for c := range counts {
		colours = append(colours, c)
	}
	slices.SortFunc(colours, func(a, b color.RGBA) int {
		if d := counts[b] - counts[a]; d != 0 {
			return d
		}
		return cmp.Compare(uint32(a.R)<<16|uint32(a.G)<<8|uint32(a.B), uint32(b.R)<<16|uint32(b.G)<<8|uint32(b.B))
	})
	pal := make(color.Palette, 0, 256)
	for _, c := range colours[:min(256, len(colours))] {
		pal = append(pal, c)
	}
	out := image.NewPaletted(b, pal)
	xdraw.Draw(out, b, img, b.Min, xdraw.Src)
	return out
}

// layout sets the card's parts one under the other from the top, drawing
// them when the card has an image.
func (c *card) layout(m *discordfake.Message) {
	c.y = cardPad
	if c.o.Heading != "" {
		c.text(cardPad, cardWidth-cardPad, []cardWord{{s: c.o.Heading, colour: cardMuted}}, 13)
		c.y += 6
	}
	top := c.y
	if c.img != nil {
		c.fill.Fill(c.img, render.Shape{render.Circle(render.Pt{X: cardPad + 20, Y: float32(top + 20)}, 20)}, cardBlurple)
		c.word(cardPad+8, top+20, "tb", true, 15, cardName)
	}
	name := "tablebot"
	if m.Author != nil && m.Author.Username != "" {
		name = m.Author.Username
	}
	x := c.word(cardText, top+10, name, true, 16, cardName) + 6
	if c.img != nil {
		tag := image.Rect(x, top+2, x+32, top+18)
		c.fill.Fill(c.img, render.Shape{render.RoundRectOf(tag, 3)}, cardBlurple)
		c.fonts.Draw(c.img, render.Text{S: "APP", Rect: tag, Size: 10, Bold: true, Colour: cardName.Colour(), Align: render.AlignCentre})
	}
	c.word(x+40, top+10, c.o.Time, false, 12, cardMuted)
	c.y = top + 26
	for _, line := range strings.Split(m.Content, "\n") {
		if small, ok := strings.CutPrefix(line, "-# "); ok {
			// Discord's subtext: small and grey.
			ws := c.words(small)
			for i := range ws {
				ws[i].colour = cardMuted
			}
			c.text(cardText, cardWidth-cardPad, ws, 12)
			continue
		}
		c.text(cardText, cardWidth-cardPad, c.words(line), cardSize)
	}
	for _, e := range m.Embeds {
		c.embed(e)
	}
	for _, a := range m.Attachments {
		c.attachment(a)
	}
	for _, row := range m.Components {
		c.row(row)
	}
	c.y = max(c.y, top+44) + cardPad
}

// word draws s at x on the line centred at y, and returns where it ends.
func (c *card) word(x, y int, s string, bold bool, size int, colour render.Hex) int {
	w := c.fonts.Width(s, bold, size)
	if c.img != nil {
		c.fonts.Draw(c.img, render.Text{S: s, Rect: image.Rect(x, y-size, x+w+2, y+size), Size: size, Bold: bold, Colour: colour.Colour()})
	}
	return x + w
}

// text sets words from x0 to x1, broken into lines at their spaces; a
// word longer than a line is cut short.
func (c *card) text(x0, x1 int, words []cardWord, size int) {
	space := c.fonts.Width(" ", false, size)
	x := x0
	line := size * 22 / 15
	for _, w := range words {
		if w.glued {
			x -= space
		}
		width := min(c.fonts.Width(w.s, w.bold, size), x1-x0)
		if x > x0 && x+width > x1 && !w.glued {
			x = x0
			c.y += line
		}
		if c.img != nil {
			if w.mention {
				bg := image.Rect(x-2, c.y+2, x+width+2, c.y+line-2)
				c.fill.Fill(c.img, render.Shape{render.RoundRectOf(bg, 3)}, cardMentionBg)
			}
			c.fonts.Draw(c.img, render.Text{S: w.s, Rect: image.Rect(x, c.y, x+width+1, c.y+line), Size: size, MinSize: size, Bold: w.bold, Colour: w.colour.Colour()})
		}
		x += width + space
	}
	c.y += line
}

// mentionPattern is a user's mention in a message's text.
var mentionPattern = regexp.MustCompile(`<@!?(\d+)>`)

// cardEmoji are the emoji the card writes in words (the fonts have none).
var cardEmoji = strings.NewReplacer("🥇", "1.", "🥈", "2.", "🥉", "3.", "→", "->", "−", "-")

// words splits a line of Markdown into words: "**" sets bold, a mention is
// the user's name, a link is blue; other Markdown marks and the emoji
// the fonts lack are left out.
func (c *card) words(line string) []cardWord {
	line = mentionPattern.ReplaceAllStringFunc(line, func(s string) string {
		id := mentionPattern.FindStringSubmatch(s)[1]
		if n, ok := c.o.Names[id]; ok {
			return "\x00@" + n
		}
		return "\x00@someone"
	})
	line = strings.NewReplacer("`", "", "__", "", "~~", "", "<https", "https", ">)", ")").Replace(cardEmoji.Replace(line))
	var out []cardWord
	parts := strings.Split(line, "**")
	for i, part := range parts {
		bold := i%2 == 1
		glue := i > 0 && part != "" && part[0] != ' ' && !strings.HasSuffix(parts[i-1], " ")
		for j, f := range strings.Fields(part) {
			f = drawable(f)
			if f == "" || f == "\x00" {
				continue
			}
			w := cardWord{s: f, bold: bold, colour: cardBody, glued: j == 0 && glue && len(out) > 0}
			switch {
			case strings.HasPrefix(f, "\x00"):
				w.s, w.mention, w.colour = f[1:], true, cardMention
			case strings.HasPrefix(f, "http"), strings.HasPrefix(f, "(http"):
				w.colour = cardLink
			case strings.HasPrefix(f, "#") && len(out) == 0 && len(f) <= 3:
				continue // a Markdown heading's mark
			}
			out = append(out, w)
		}
	}
	return out
}

// drawable is s without the letters the fonts cannot draw.
func drawable(s string) string {
	return strings.Map(func(r rune) rune {
		if r == 0 || r == ' ' || render.Drawable(r) {
			return r
		}
		return -1
	}, s)
}

// embed draws an embed: a coloured bar, its title and its text.
func (c *card) embed(e *discordgo.MessageEmbed) {
	c.y += 4
	top := c.y
	c.y += 8
	if e.Title != "" {
		c.text(cardText+16, cardWidth-cardPad-12, c.bolded(e.Title), cardSize)
	}
	for _, line := range strings.Split(e.Description, "\n") {
		c.text(cardText+16, cardWidth-cardPad-12, c.words(line), 14)
	}
	for _, f := range e.Fields {
		c.text(cardText+16, cardWidth-cardPad-12, c.bolded(f.Name), 14)
		c.text(cardText+16, cardWidth-cardPad-12, c.words(f.Value), 14)
	}
	c.y += 8
	if c.img != nil {
		body := image.Rect(cardText, top, cardWidth-cardPad, c.y)
		c.fill.Fill(c.img, render.Shape{render.RoundRectOf(body, 4)}, cardEmbed)
		render.FillRect(c.img, image.Rect(cardText, top, cardText+4, c.y), render.Hex(e.Color))
		// The text again, over the embed's background.
		bottom := c.y
		c.y = top + 8
		if e.Title != "" {
			c.text(cardText+16, cardWidth-cardPad-12, c.bolded(e.Title), cardSize)
		}
		for _, line := range strings.Split(e.Description, "\n") {
			c.text(cardText+16, cardWidth-cardPad-12, c.words(line), 14)
		}
		for _, f := range e.Fields {
			c.text(cardText+16, cardWidth-cardPad-12, c.bolded(f.Name), 14)
			c.text(cardText+16, cardWidth-cardPad-12, c.words(f.Value), 14)
		}
		c.y = bottom
	}
}

// bolded is a line's words, all bold.
func (c *card) bolded(line string) []cardWord {
	ws := c.words(line)
	for i := range ws {
		ws[i].bold = true
	}
	return ws
}

// attachment draws an attached image, scaled down to at most cardImage
// pixels wide; an attachment that is not a decodable image is its name.
func (c *card) attachment(a *discordfake.Attachment) {
	c.y += 6
	src, _, err := image.Decode(bytes.NewReader(a.Data))
	if err != nil {
		c.text(cardText, cardWidth-cardPad, []cardWord{{s: a.Filename, colour: cardLink}}, 14)
		return
	}
	b := src.Bounds()
	w := min(b.Dx(), cardImage)
	h := b.Dy() * w / b.Dx()
	if c.img != nil {
		xdraw.CatmullRom.Scale(c.img, image.Rect(cardText, c.y, cardText+w, c.y+h), src, b, xdraw.Src, nil)
	}
	c.y += h + 4
}

// row draws a row of components: buttons side by side, or a menu.
func (c *card) row(row discordgo.MessageComponent) {
	r, ok := row.(*discordgo.ActionsRow)
	if !ok {
		if v, ok2 := row.(discordgo.ActionsRow); ok2 {
			r = &v
		} else {
			return
		}
	}
	c.y += 6
	x := cardText
	for _, comp := range r.Components {
		switch v := comp.(type) {
		case *discordgo.Button:
			x = c.button(x, *v)
		case discordgo.Button:
			x = c.button(x, v)
		case *discordgo.SelectMenu:
			c.menu(v.Placeholder)
		case discordgo.SelectMenu:
			c.menu(v.Placeholder)
		}
	}
	c.y += cardButtonH
}

// button draws a button at x, and returns where the next one goes.
func (c *card) button(x int, b discordgo.Button) int {
	label := drawable(cardEmoji.Replace(b.Label))
	if b.Emoji != nil && label == "" {
		label = drawable(cardEmoji.Replace(b.Emoji.Name))
	}
	w := c.fonts.Width(label, true, 14) + 32
	if x > cardText && x+w > cardWidth-cardPad {
		x = cardText
		c.y += cardButtonH + 8
	}
	if c.img != nil {
		colour := map[discordgo.ButtonStyle]render.Hex{discordgo.PrimaryButton: cardBlurple, discordgo.SuccessButton: cardGreen, discordgo.DangerButton: cardRed}[b.Style]
		if colour == 0 {
			colour = cardGrey
		}
		box := image.Rect(x, c.y, x+w, c.y+cardButtonH)
		c.fill.Fill(c.img, render.Shape{render.RoundRectOf(box, 4)}, colour)
		text := cardName.Colour()
		if b.Disabled {
			text = color.RGBA{R: 150, G: 150, B: 155, A: 255}
		}
		c.fonts.Draw(c.img, render.Text{S: label, Rect: box, Size: 14, Bold: true, Colour: text, Align: render.AlignCentre})
	}
	return x + w + 8
}

// menu draws a select menu: a wide box with its placeholder.
func (c *card) menu(placeholder string) {
	if c.img != nil {
		box := image.Rect(cardText, c.y, cardWidth-cardPad, c.y+cardButtonH+4)
		c.fill.Fill(c.img, render.Shape{render.RoundRectOf(box, 4)}, cardMenu)
		c.fonts.Draw(c.img, render.Text{S: drawable(cardEmoji.Replace(placeholder)), Rect: box.Inset(12), Size: 14, Colour: cardMuted.Colour()})
	}
	c.y += 4
}

// TestCard draws a card of a message with every part a card shows, and
// checks that it is a PNG of the card's width, taller for the image.
func TestCard(t *testing.T) {
	if raceEnabled && testing.Short() {
		t.Skip("one goroutine's drawing: the race detector finds nothing in it, at ten times the cost")
	}
	t.Parallel()
	fonts, err := render.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	board := image.NewRGBA(image.Rect(0, 0, 600, 100))
	render.FillRect(board, board.Bounds(), 0x88AA66)
	var pic bytes.Buffer
	if err := png.Encode(&pic, board); err != nil {
		t.Fatal(err)
	}
	m := &discordfake.Message{
		Content:     "🔔 Your turn in **The Bridges of Shangri-La**, <@1>: https://discord.com/channels/1/2\n🥇 **ann** 3.3 · 2/2 won",
		Embeds:      []*discordgo.MessageEmbed{{Title: "A title", Description: "Some words", Color: 0x5865F2}},
		Attachments: []*discordfake.Attachment{{Filename: "board.png", Data: pic.Bytes()}},
		Components: []discordgo.MessageComponent{
			&discordgo.ActionsRow{Components: []discordgo.MessageComponent{&discordgo.Button{Label: "Rematch", Style: discordgo.PrimaryButton}, &discordgo.Button{Label: "Hint", Style: discordgo.SecondaryButton}}},
			&discordgo.ActionsRow{Components: []discordgo.MessageComponent{&discordgo.SelectMenu{Placeholder: "Choose a move"}}},
		},
	}
	data, err := drawCard(fonts, m, cardOptions{Names: map[string]string{"1": "ann"}, Heading: "Direct message", Time: "Today at 20:15"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if b := got.Bounds(); b.Dx() != cardWidth || b.Dy() < 100*cardImage/600+120 {
		t.Errorf("the card is %v, want %d wide and taller than its image", b, cardWidth)
	}
}
