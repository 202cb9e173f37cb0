package discord

import (
	"bytes"
	"io"
	"mime"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestRequestBody: the body a request sends is discordgo's byte for byte
// but for the multipart's random boundary, every time it is read; an
// image is sent from its own bytes, not copied.
func TestRequestBody(t *testing.T) {
	png := bytes.Repeat([]byte("\x89PNG image bytes "), 10000)
	tests := []struct {
		name  string
		files func() []*discordgo.File
	}{
		{"no file", func() []*discordgo.File { return nil }},
		{"an image", func() []*discordgo.File {
			return []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: newFileBytes(png)}}
		}},
		{"two files, quotes in a name, no content type, another reader", func() []*discordgo.File {
			return []*discordgo.File{
				{Name: `a "quoted" \ name.png`, ContentType: "image/png", Reader: newFileBytes(png)},
				{Name: "film.gif", Reader: io.MultiReader(strings.NewReader("GIF89a"), bytes.NewReader(png))},
			}
		}},
	}
	payload := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "Ann builds a village <@1> & more"}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantType, want := "application/json", []byte(nil)
			var err error
			if files := tt.files(); files != nil {
				wantType, want, err = discordgo.MultipartBodyWithJSON(payload, files)
			} else {
				want, err = discordgo.Marshal(payload)
			}
			if err != nil {
				t.Fatal(err)
			}
			gotType, body, withBody, err := requestBody(payload, tt.files(), nil)
			if err != nil {
				t.Fatal(err)
			}
			// As discordgo makes the request, then applies its options.
			req, err := http.NewRequest("POST", "https://discord.com/api/v10/x", bytes.NewBuffer(body))
			if err != nil {
				t.Fatal(err)
			}
			cfg := &discordgo.RequestConfig{Request: req}
			for _, o := range withBody {
				o(cfg)
			}
			_, wantParams, _ := mime.ParseMediaType(wantType)
			_, gotParams, _ := mime.ParseMediaType(gotType)
			sameBoundary := func(b []byte) []byte {
				if gotParams["boundary"] == "" {
					return b
				}
				return bytes.ReplaceAll(b, []byte(gotParams["boundary"]), []byte(wantParams["boundary"]))
			}
			if got := string(sameBoundary([]byte(gotType))); got != wantType {
				t.Errorf("content type %q, want %q", got, wantType)
			}
			for try := range 2 {
				r := req.Body
				if try > 0 {
					if r, err = req.GetBody(); err != nil {
						t.Fatal(err)
					}
				}
				got, err := io.ReadAll(r)
				if err != nil {
					t.Fatal(err)
				}
				if int64(len(got)) != req.ContentLength {
					t.Errorf("try %d: %d bytes, Content-Length %d", try, len(got), req.ContentLength)
				}
				if !bytes.Equal(sameBoundary(got), want) {
					t.Errorf("try %d: body differs from discordgo's:\n%.400q\nwant\n%.400q", try, got, want)
				}
			}
		})
	}
	t.Run("the image is not copied", func(t *testing.T) {
		_, pieces, err := multipartPieces([]byte("{}"), []*discordgo.File{{Name: "board.png", Reader: newFileBytes(png)}})
		if err != nil {
			t.Fatal(err)
		}
		if len(pieces) != 3 || &pieces[1][0] != &png[0] || len(pieces[1]) != len(png) {
			t.Errorf("the image's piece is not the image's bytes")
		}
	})
}

// TestLease: an answer's image buffer is given back once, only when no
// more bodies will be opened over it and every body opened was closed
// (net/http may read a body after the answer came), however often a body
// is closed.
func TestLease(t *testing.T) {
	tests := []struct {
		name  string
		steps string // o: a body opened, c<n>: body n closed, e: ended
		given []bool // after each step
	}{
		{"nothing sent", "e", []bool{true}},
		{"closed before the end", "o c0 e", []bool{false, false, true}},
		{"closed after the end", "o e c0", []bool{false, false, true}},
		{"tried again, the first body closed last", "o o c1 e c0", []bool{false, false, false, false, true}},
		{"a body closed twice counts once", "o o c0 c0 e c1", []bool{false, false, false, false, false, true}},
		{"a body never closed keeps it", "o o c0 e", []bool{false, false, false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			given := 0
			l := newLease(func() { given++ })
			var pieces = [][]byte{[]byte("frame"), []byte("image"), []byte("end")}
			opt := bodyOf(pieces, l)
			var bodies []io.ReadCloser
			for k, step := range strings.Fields(tt.steps) {
				switch {
				case step == "o":
					req, err := http.NewRequest("POST", "https://discord.com/api/v10/x", nil)
					if err != nil {
						t.Fatal(err)
					}
					opt(&discordgo.RequestConfig{Request: req})
					if got, err := io.ReadAll(req.Body); err != nil || string(got) != "frameimageend" {
						t.Fatalf("body %q, %v", got, err)
					}
					bodies = append(bodies, req.Body)
				case step == "e":
					l.end()
				default:
					bodies[step[1]-'0'].Close()
				}
				if (given > 0) != tt.given[k] || given > 1 {
					t.Fatalf("after %q: given back %d times, want given %v", step, given, tt.given[k])
				}
			}
		})
	}
}
