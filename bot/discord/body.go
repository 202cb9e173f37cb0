package discord

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/textproto"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// requestBody encodes a request's JSON, as multipart with its files when
// there are any. A multipart body is not built in one buffer: body is
// then empty (but not nil, so that discordgo sets the content type) and
// the request option withBody gives the request its body in pieces, the
// multipart framing around the files' bytes sent from where they are: an
// answer's image is not copied into a new buffer of its size every time.
// The bytes sent are those discordgo.MultipartBodyWithJSON builds.
func requestBody(v any, files []*discordgo.File) (contentType string, body []byte, withBody []discordgo.RequestOption, err error) {
	payload, err := discordgo.Marshal(v)
	if err != nil {
		return "", nil, nil, err
	}
	if len(files) == 0 {
		return "application/json", payload, nil, nil
	}
	contentType, pieces, err := multipartPieces(payload, files)
	if err != nil {
		return "", nil, nil, err
	}
	return contentType, []byte{}, []discordgo.RequestOption{bodyOf(pieces)}, nil
}

// multipartPieces returns a multipart body in pieces: the part
// payload_json, then each file as files[n], the files' bytes pieces of
// their own.
func multipartPieces(payload []byte, files []*discordgo.File) (contentType string, pieces [][]byte, err error) {
	var frame bytes.Buffer
	w := multipart.NewWriter(&frame)
	p, err := w.CreatePart(partHeader(`form-data; name="payload_json"`, "application/json"))
	if err != nil {
		return "", nil, err
	}
	if _, err := p.Write(payload); err != nil {
		return "", nil, err
	}
	cuts := make([]int, 0, len(files)) // where in frame each file's bytes go
	data := make([][]byte, 0, len(files))
	for i, f := range files {
		contentType := f.ContentType
		if contentType == "" {
			contentType = "application/octet-stream"
		}
		disposition := fmt.Sprintf(`form-data; name="files[%d]"; filename="%s"`, i, escapeQuotes(f.Name))
		if _, err := w.CreatePart(partHeader(disposition, contentType)); err != nil {
			return "", nil, err
		}
		b, err := fileData(f.Reader)
		if err != nil {
			return "", nil, err
		}
		cuts = append(cuts, frame.Len())
		data = append(data, b)
	}
	if err := w.Close(); err != nil {
		return "", nil, err
	}
	all, from := frame.Bytes(), 0
	for i, cut := range cuts {
		pieces = append(pieces, all[from:cut], data[i])
		from = cut
	}
	return w.FormDataContentType(), append(pieces, all[from:]), nil
}

// partHeader is a part's headers.
func partHeader(disposition, contentType string) textproto.MIMEHeader {
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", disposition)
	h.Set("Content-Type", contentType)
	return h
}

// escapeQuotes escapes a file name for a quoted header parameter.
func escapeQuotes(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`)
}

// fileData returns the bytes a file's reader reads: those it holds when
// it is a fileBytes not yet read, otherwise all it reads.
func fileData(r io.Reader) ([]byte, error) {
	if f, ok := r.(*fileBytes); ok && f.Len() == len(f.data) {
		return f.data, nil
	}
	return io.ReadAll(r)
}

// bodyOf is the request option that makes pieces a request's body, read
// afresh for every send (discordgo applies its options again when it
// tries a request again, and net/http calls GetBody to send a request
// again on another connection).
func bodyOf(pieces [][]byte) discordgo.RequestOption {
	size := 0
	for _, p := range pieces {
		size += len(p)
	}
	open := func() io.ReadCloser {
		rs := make([]io.Reader, len(pieces))
		for i, p := range pieces {
			rs[i] = bytes.NewReader(p)
		}
		return io.NopCloser(io.MultiReader(rs...))
	}
	return func(cfg *discordgo.RequestConfig) {
		cfg.Request.Body = open()
		cfg.Request.ContentLength = int64(size)
		cfg.Request.GetBody = func() (io.ReadCloser, error) { return open(), nil }
	}
}
