package discordfake

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"mime"
	"path"
	"strings"

	"golang.org/x/image/webp"
)

// maxCheckedPixels bounds the images decoded whole; a larger one is only
// checked for a valid header, so a test cannot make the fake allocate
// gigabytes.
const maxCheckedPixels = 1 << 26

// saysImage reports whether an upload's content type or file name says it
// is an image of a kind Discord renders inline: PNG, GIF, JPEG or WebP.
func saysImage(name, contentType string) bool {
	mt, _, _ := mime.ParseMediaType(contentType)
	switch mt {
	case "image/png", "image/gif", "image/jpeg", "image/webp":
		return true
	}
	switch strings.ToLower(path.Ext(name)) {
	case ".png", ".gif", ".jpg", ".jpeg", ".webp":
		return true
	}
	return false
}

// imageCodec decodes one image format.
type imageCodec struct {
	name   string
	config func(io.Reader) (image.Config, error)
	decode func(io.Reader) error
}

// codecFor picks the codec by the data's magic bytes, whatever the name
// says: Discord keeps a file's name and serves its bytes, so a GIF named
// board.png still shows.
func codecFor(data []byte) (imageCodec, bool) {
	switch {
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return imageCodec{"PNG", png.DecodeConfig, func(r io.Reader) error { _, err := png.Decode(r); return err }}, true
	case bytes.HasPrefix(data, []byte("GIF87a")), bytes.HasPrefix(data, []byte("GIF89a")):
		return imageCodec{"GIF", gif.DecodeConfig, func(r io.Reader) error { _, err := gif.DecodeAll(r); return err }}, true
	case bytes.HasPrefix(data, []byte("\xff\xd8\xff")):
		return imageCodec{"JPEG", jpeg.DecodeConfig, func(r io.Reader) error { _, err := jpeg.Decode(r); return err }}, true
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return imageCodec{"WebP", webp.DecodeConfig, func(r io.Reader) error { _, err := webp.Decode(r); return err }}, true
	}
	return imageCodec{}, false
}

// decodeImage decodes an uploaded image (its header only, with
// headersOnly) and returns its size, or why it is no image: empty, of no
// known format, or broken.
func decodeImage(data []byte, headersOnly bool) (width, height int, err error) {
	if len(data) == 0 {
		return 0, 0, errors.New("the file is empty (0 bytes)")
	}
	codec, ok := codecFor(data)
	if !ok {
		return 0, 0, fmt.Errorf("the data is no PNG, GIF, JPEG or WebP image (it starts % x)", data[:min(len(data), 8)])
	}
	cfg, err := codec.config(bytes.NewReader(data))
	if err != nil {
		return 0, 0, fmt.Errorf("%s header does not decode: %v", codec.name, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return 0, 0, fmt.Errorf("%s image of %dx%d pixels", codec.name, cfg.Width, cfg.Height)
	}
	if !headersOnly && cfg.Width*cfg.Height <= maxCheckedPixels {
		if err := codec.decode(bytes.NewReader(data)); err != nil {
			return 0, 0, fmt.Errorf("%s image does not decode: %v", codec.name, err)
		}
	}
	return cfg.Width, cfg.Height, nil
}

// inspect decodes the upload if its name or content type says it is an
// image, and records the outcome on it.
func (f *upload) inspect(name string) {
	if f.checked || !saysImage(name, f.contentType) {
		return
	}
	f.checked = true
	if f.data == nil && f.headersOnly {
		f.width, f.height, f.imageErr = f.head.width, f.head.height, f.head.err
		return
	}
	f.width, f.height, f.imageErr = decodeImage(f.data, f.headersOnly)
}

// checkImage records a breach of RuleImage for an upload that says it is
// an image and does not decode. Discord itself would store such a file and
// show a broken image (it only checks images for avatars, icons and the
// like), so the rule is the fake's own; it is answered as a limit (400,
// 50035, under files.N) because it is always a bug of the bot: an empty
// board.png once reached the players that way.
func checkImage(c *checker, f *upload, name string) {
	f.inspect(name)
	if f.imageErr != nil {
		c.addFile(RuleImage, fmt.Sprintf("files.%d", f.index), "IMAGE_INVALID", "%q (%s) is not a valid image: %v", name, f.contentType, f.imageErr)
	}
}
