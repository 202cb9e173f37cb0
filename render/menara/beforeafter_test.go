package menara_test

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"path/filepath"
	"testing"

	"golang.org/x/image/draw"

	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
)

// beforeAfter, when set (before or after), writes the images of issue 26's
// check to docs/before-after/: the start, a mid-game temple with a floor
// to place, a tall temple and a collapse, each at full size and scaled to
// 400 px wide as a phone shows it:
//
//	go test ./render/menara -run TestBeforeAfter -before-after after
//
// (the before images were written by this test on the commit before the
// change). See docs/notes/render-menara.md for the OCR check of the 400 px
// images.
var beforeAfter = flag.String("before-after", "", "write docs/before-after/menara-*-`SUFFIX`.png and their 400 px copies")

// phoneWidth is how wide Discord shows an image on a phone.
const phoneWidth = 400

func beforeAfterCases() []scenario {
	return []scenario{scStart, scNewFloor, scTall, scCollapse}
}

func TestBeforeAfter(t *testing.T) {
	if *beforeAfter == "" {
		t.Skip("writes the before/after images only with -before-after before|after")
	}
	r := renderer(t)
	for _, sc := range beforeAfterCases() {
		v := sc.viewOf(t)
		var buf bytes.Buffer
		if err := r.WritePNG(&buf, &v, rmenara.Options{Labels: labels(t, i18n.English)}); err != nil {
			t.Fatal(err)
		}
		name := filepath.Join("..", "..", "docs", "before-after", "menara-"+fileName(sc.name)+"-"+*beforeAfter)
		writeFile(t, name+".png", buf.Bytes())
		writeFile(t, name+"-400.png", phonePNG(t, buf.Bytes()))
	}
}

// phonePNG returns the PNG data scaled to phoneWidth pixels wide.
func phonePNG(tb testing.TB, data []byte) []byte {
	tb.Helper()
	src, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		tb.Fatal(err)
	}
	b := src.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, phoneWidth, b.Dy()*phoneWidth/b.Dx()))
	draw.CatmullRom.Scale(dst, dst.Rect, src, b, draw.Src, nil)
	var out bytes.Buffer
	if err := png.Encode(&out, dst); err != nil {
		tb.Fatal(err)
	}
	return out.Bytes()
}

// fileName turns a scenario's name into a file's.
func fileName(s string) string {
	out := []byte(s)
	for i, c := range out {
		if c == ' ' {
			out[i] = '-'
		}
	}
	return string(out)
}
