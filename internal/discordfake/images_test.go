package discordfake

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color/palette"
	"image/gif"
	"image/jpeg"
	"net/http"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// gifBytes returns a small GIF image.
func gifBytes(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := gif.Encode(&buf, image.NewPaletted(image.Rect(0, 0, w, h), palette.Plan9), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// animatedGIF returns a small animated GIF of frames frames, as a
// timelapse is.
func animatedGIF(t testing.TB, frames int) []byte {
	t.Helper()
	a := &gif.GIF{}
	for i := range frames {
		im := image.NewPaletted(image.Rect(0, 0, 4, 3), palette.Plan9)
		im.Pix[i%len(im.Pix)] = uint8(i + 1)
		a.Image, a.Delay = append(a.Image, im), append(a.Delay, 60)
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, a); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// jpegBytes returns a small JPEG image.
func jpegBytes(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewRGBA(image.Rect(0, 0, w, h)), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// webpBytes returns a 1x1 lossless WebP image (the one feature-detection
// scripts use); the standard library has no WebP encoder.
func webpBytes(t testing.TB) []byte {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestImagesDecoded(t *testing.T) {
	t.Parallel()
	s := New(t, Options{ExpectBreaches: true})
	w := s.NewWorld("alice")
	dg := newSession(t, s, s.Token())
	board := pngBytes(t, 6, 5)
	junk := bytes.Repeat([]byte{1}, 40)
	film := animatedGIF(t, 3)

	for _, tc := range []struct {
		name, filename, contentType string
		data                        []byte
		wantW, wantH                int // 0, 0: refused with RuleImage
	}{
		{"PNG", "board.png", "", board, 6, 5},
		{"GIF", "board.gif", "", gifBytes(t, 3, 2), 3, 2},
		{"JPEG", "board.jpg", "image/jpeg", jpegBytes(t, 9, 4), 9, 4},
		{"WebP", "board.webp", "", webpBytes(t), 1, 1},
		{"a GIF called .png", "board.png", "", gifBytes(t, 2, 2), 2, 2},
		{"an animated GIF", "timelapse.gif", "image/gif", film, 4, 3},
		{"an animated GIF cut in its last frame", "timelapse.gif", "image/gif", film[:len(film)-4], 0, 0},
		{"an image content type under another name", "board.bin", "image/png", board, 6, 5},
		{"empty PNG", "board.png", "", []byte{}, 0, 0},
		{"empty, typed as JPEG", "board", "image/jpeg", []byte{}, 0, 0},
		{"truncated PNG", "board.png", "image/png", board[:len(board)/2], 0, 0},
		{"junk called .WEBP", "board.WEBP", "", junk, 0, 0},
		{"a PNG header and junk", "board.png", "", append([]byte("\x89PNG\r\n\x1a\n"), junk...), 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, notes := len(s.Messages(w.Channel.ID)), len(s.Notifications(""))
			m, err := dg.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{
				Content: "<@" + w.Users[0].ID + ">", AllowedMentions: noPings(w.Users[0].ID),
				Files: []*discordgo.File{{Name: tc.filename, ContentType: tc.contentType, Reader: bytes.NewReader(tc.data)}},
			})
			if tc.wantW == 0 {
				wantInvalidFormBody(t, err, "IMAGE_INVALID", "files", "0")
				wantBreach(t, s, RuleImage)
				if len(s.Messages(w.Channel.ID)) != n || len(s.Notifications("")) != notes {
					t.Error("the refused message was posted")
				}
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if a := m.Attachments[0]; a.Width != tc.wantW || a.Height != tc.wantH {
				t.Errorf("attachment %dx%d, want %dx%d", a.Width, a.Height, tc.wantW, tc.wantH)
			}
			if a := s.Message(m.ID).Attachments[0]; a.Width != tc.wantW || a.Height != tc.wantH || !bytes.Equal(a.Data, tc.data) {
				t.Errorf("stored %dx%d, %d bytes", a.Width, a.Height, len(a.Data))
			}
			wantBreach(t, s)
		})
	}

	for _, tc := range []struct{ name, filename string }{
		{"an empty text file is no image", "notes.txt"},
		{"binary data under another name is no image", "save.bin"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := dg.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{Files: []*discordgo.File{
				{Name: tc.filename, Reader: bytes.NewReader(nil)}, {Name: tc.filename, Reader: bytes.NewReader(junk)},
			}})
			if err != nil {
				t.Errorf("refused: %v", err)
			}
			wantBreach(t, s)
		})
	}
}

// TestImagesDecodedOnEveryRoute uploads an empty board.png with every kind
// of request that takes files, then a good one where a message needs it.
func TestImagesDecodedOnEveryRoute(t *testing.T) {
	t.Parallel()
	s := New(t, Options{ExpectBreaches: true})
	w := s.NewWorld("alice")
	registerCommands(t, s, chatCommand("now"), chatCommand("later"))
	dg := newSession(t, s, s.Token())
	empty := func() []*discordgo.File { return []*discordgo.File{{Name: "board.png", Reader: bytes.NewReader(nil)}} }
	good := func() []*discordgo.File { return []*discordgo.File{pngFile(t, "board.png")} }

	type step struct {
		what string
		err  error
	}
	steps := make(chan step, 16)
	openBot(t, s, func(dg *discordgo.Session, ic *discordgo.InteractionCreate) {
		i := ic.Interaction
		msg := func(files []*discordgo.File) *discordgo.InteractionResponseData {
			return &discordgo.InteractionResponseData{Content: "board", AllowedMentions: noPings(), Files: files}
		}
		switch {
		case i.Type == discordgo.InteractionMessageComponent:
			steps <- step{"update (7)", dg.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: msg(empty())})}
			respond(t, dg, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: msg(good())})
		case i.ApplicationCommandData().Name == "now":
			steps <- step{"message (4)", dg.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: msg(empty())})}
			respond(t, dg, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: msg(good())})
		default:
			steps <- step{"deferral (5)", dg.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Files: empty()}})}
			respond(t, dg, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
			_, err := dg.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "board", AllowedMentions: noPings(), Files: empty()})
			steps <- step{"followup", err}
			content := "board"
			_, err = dg.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content, AllowedMentions: noPings(), Files: empty()})
			steps <- step{"webhook edit", err}
			_, err = dg.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content, AllowedMentions: noPings(), Files: good()})
			steps <- step{"good webhook edit", err}
		}
	})

	post, err := dg.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{
		Content: "lobby", AllowedMentions: noPings(), Components: []discordgo.MessageComponent{row(buttons(1, "join")...)},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("channel edit", func(t *testing.T) {
		_, err := dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: post.ID, Channel: w.Channel.ID, Files: empty()})
		wantInvalidFormBody(t, err, "IMAGE_INVALID", "files", "0")
	})

	for _, tc := range []struct {
		name  string
		start func() *Interaction
		steps []string
	}{
		{"immediate response", func() *Interaction { return s.SlashCommand(w.Users[0].ID, w.Channel.ID, "now", "") }, []string{"message (4)"}},
		{"deferred response", func() *Interaction { return s.SlashCommand(w.Users[0].ID, w.Channel.ID, "later", "") }, []string{"deferral (5)", "followup", "webhook edit"}},
		{"update", func() *Interaction { return s.Click(w.Users[0].ID, s.Message(post.ID), "joina") }, []string{"update (7)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.start().Wait(ctx(t))
			for _, want := range tc.steps {
				st := <-steps
				if st.what != want {
					t.Fatalf("step %q, want %q", st.what, want)
				}
				t.Run(want, func(t *testing.T) { wantInvalidFormBody(t, st.err, "IMAGE_INVALID", "files", "0") })
			}
			if tc.name == "deferred response" {
				if st := <-steps; st.err != nil {
					t.Errorf("%s: %v", st.what, st.err)
				}
			}
			if a := r.Message.Attachment("board.png"); a == nil || a.Width != 4 || a.Height != 3 {
				t.Errorf("@original's board.png: %+v", a)
			}
		})
	}
	if n := len(s.BreachesOf(RuleImage)); n != 6 {
		t.Errorf("%d breaches of %s, want 6: %v", n, RuleImage, s.Breaches())
	}
}

// TestImageHeaders: with Options.ImageHeaders the fake reads only an
// image's header (a benchmark's saving): a PNG whose pixels are cut off
// passes, an empty file still does not.
func TestImageHeaders(t *testing.T) {
	t.Parallel()
	for _, headers := range []bool{false, true} {
		whole := pngBytes(t, 40, 30)
		cut := whole[:len(whole)-20]
		if w, h, err := decodeImage(cut, headers); (err == nil) != headers || headers && (w != 40 || h != 30) {
			t.Errorf("headers only %v: a cut PNG gave %dx%d, %v", headers, w, h, err)
		}
		if _, _, err := decodeImage(nil, headers); err == nil {
			t.Errorf("headers only %v: an empty file passed", headers)
		}
	}
}

// TestImageHeadersKeepNoBytes: with Options.ImageHeaders every upload is
// still read whole (sized, sniffed, its header checked) through one
// buffer kept from upload to upload, and no bytes are kept: a smaller
// upload after a larger one must show only its own bytes' outcome, never
// the earlier one's, and the CDN refuses what was not kept.
func TestImageHeadersKeepNoBytes(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	s := New(rec, Options{ImageHeaders: true, ExpectBreaches: true, MaxFileSize: 64 << 10})
	w := s.NewWorld("alice")
	dg := newSession(t, s, s.Token())
	whole := pngBytes(t, 400, 300)
	for _, tc := range []struct {
		name, filename string
		data           []byte
		wantType       string
		wantW, wantH   int
		wantRule       Rule // "" when accepted
	}{
		{"a large PNG", "board.png", whole, "image/png", 400, 300, ""},
		{"text after it", "notes.txt", []byte("hello, world"), "text/plain; charset=utf-8", 0, 0, ""},
		{"a small PNG after it", "board.png", pngBytes(t, 6, 5), "image/png", 6, 5, ""},
		{"a PNG cut in its pixels", "board.png", whole[:len(whole)-20], "image/png", 400, 300, ""},
		{"an empty PNG after it", "board.png", []byte{}, "", 0, 0, RuleImage},
		{"text named as a PNG", "board.png", []byte("hello, world"), "", 0, 0, RuleImage},
		{"a file over the limit", "big.bin", bytes.Repeat([]byte{1}, 64<<10+1), "", 0, 0, RuleFileSize},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := dg.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{
				Files: []*discordgo.File{{Name: tc.filename, Reader: bytes.NewReader(tc.data)}},
			})
			if tc.wantRule != "" {
				if err == nil {
					t.Fatal("accepted")
				}
				wantBreach(t, s, tc.wantRule)
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			a := s.Message(m.ID).Attachments[0]
			if a.Size != len(tc.data) || a.Data != nil || a.ContentType != tc.wantType || a.Width != tc.wantW || a.Height != tc.wantH {
				t.Errorf("stored %q, %d bytes (%d kept), %dx%d; want %q, %d bytes (none kept), %dx%d",
					a.ContentType, a.Size, len(a.Data), a.Width, a.Height, tc.wantType, len(tc.data), tc.wantW, tc.wantH)
			}
			wantBreach(t, s)
		})
	}

	t.Run("the CDN has no bytes", func(t *testing.T) {
		m, err := dg.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{Files: []*discordgo.File{pngFile(t, "board.png")}})
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.Get(m.Attachments[0].URL)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		rec.mu.Lock()
		defer rec.mu.Unlock()
		if resp.StatusCode != http.StatusGone || len(rec.errors) != 1 {
			t.Errorf("status %d, test failed with %q; want %d and one failure", resp.StatusCode, rec.errors, http.StatusGone)
		}
	})
}
