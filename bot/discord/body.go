package discord

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"
)

// requestBody encodes a request's JSON, as multipart with its files when
// there are any. A multipart body is not built in one buffer: body is
// then empty (but not nil, so that discordgo sets the content type) and
// the request option withBody gives the request its body in pieces, the
// multipart framing around the files' bytes sent from where they are: an
// answer's image is not copied into a new buffer of its size every time.
// The bytes sent are those discordgo.MultipartBodyWithJSON builds.
//
// With a lease, every body opened over the files' bytes holds it until
// net/http closes that body.
func requestBody(v any, files []*discordgo.File, l *lease) (contentType string, body []byte, withBody []discordgo.RequestOption, err error) {
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
	return contentType, []byte{}, []discordgo.RequestOption{bodyOf(pieces, l)}, nil
}

// multipartPieces returns a multipart body in pieces: the part
// payload_json, then each file as files[n], the files' bytes pieces of
// their own. The framing is what mime/multipart's Writer writes (a
// random boundary of 60 hex digits, each part's headers in order of
// their names), appended in one buffer rather than through the Writer's
// formatting and header maps.
func multipartPieces(payload []byte, files []*discordgo.File) (contentType string, pieces [][]byte, err error) {
	boundary, err := randomBoundary()
	if err != nil {
		return "", nil, err
	}
	frame := make([]byte, 0, len(payload)+(len(files)+2)*(len(boundary)+160))
	frame = appendPart(frame, boundary, false, `form-data; name="payload_json"`, "application/json")
	frame = append(frame, payload...)
	cuts := make([]int, 0, len(files)) // where in frame each file's bytes go
	data := make([][]byte, 0, len(files))
	for i, f := range files {
		contentType := f.ContentType
		if contentType == "" {
			contentType = "application/octet-stream"
		}
		disposition := `form-data; name="files[` + strconv.Itoa(i) + `]"; filename="` + escapeQuotes(f.Name) + `"`
		frame = appendPart(frame, boundary, true, disposition, contentType)
		b, err := fileData(f.Reader)
		if err != nil {
			return "", nil, err
		}
		cuts = append(cuts, len(frame))
		data = append(data, b)
	}
	frame = append(append(append(frame, "\r\n--"...), boundary...), "--\r\n"...)
	from := 0
	for i, cut := range cuts {
		pieces = append(pieces, frame[from:cut], data[i])
		from = cut
	}
	return "multipart/form-data; boundary=" + boundary, append(pieces, frame[from:]), nil
}

// randomBoundary is a multipart boundary as mime/multipart makes one: 30
// random bytes in hex.
func randomBoundary() (string, error) {
	var b [30]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

// appendPart appends the start of a part: its boundary (after the end of
// the part before, unless first) and its two headers.
func appendPart(b []byte, boundary string, after bool, disposition, contentType string) []byte {
	if after {
		b = append(b, "\r\n"...)
	}
	b = append(append(append(b, "--"...), boundary...), "\r\n"...)
	b = append(append(append(b, "Content-Disposition: "...), disposition...), "\r\n"...)
	return append(append(append(b, "Content-Type: "...), contentType...), "\r\n\r\n"...)
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
// again on another connection). Each body opened holds l (if any) until
// it is closed.
func bodyOf(pieces [][]byte, l *lease) discordgo.RequestOption {
	size := 0
	for _, p := range pieces {
		size += len(p)
	}
	open := func() io.ReadCloser {
		rs := make([]io.Reader, len(pieces))
		for i, p := range pieces {
			rs[i] = bytes.NewReader(p)
		}
		return &leasedBody{r: io.MultiReader(rs...), closed: l.opened()}
	}
	return func(cfg *discordgo.RequestConfig) {
		cfg.Request.Body = open()
		cfg.Request.ContentLength = int64(size)
		cfg.Request.GetBody = func() (io.ReadCloser, error) { return open(), nil }
	}
}

// leasedBody is a request body that lets go of its lease when closed.
type leasedBody struct {
	r      io.Reader // an io.MultiReader, which is an io.WriterTo
	closed func()
}

func (b *leasedBody) Read(p []byte) (int, error) { return b.r.Read(p) }

// WriteTo writes the pieces from where they are, as io.NopCloser's body
// did before the lease.
func (b *leasedBody) WriteTo(w io.Writer) (int64, error) { return b.r.(io.WriterTo).WriteTo(w) }

func (b *leasedBody) Close() error {
	b.closed()
	return nil
}

// lease lends a buffer (an answer's image) to the requests that send its
// bytes, and gives it back once no request reads them any more: every
// body opened over them was closed, and end said no more will be opened.
// net/http may go on reading a request's body after the answer came back
// (it closes the body when it is done). A body never closed keeps the
// buffer from being given back, never the other way round. The nil lease
// lends nothing.
type lease struct {
	mu    sync.Mutex
	open  int
	ended bool
	give  func() // nil once called
}

// newLease returns a lease that calls give once it ends.
func newLease(give func()) *lease { return &lease{give: give} }

// opened records a body opened and returns what closing it calls, which
// counts once however often it is called.
func (l *lease) opened() (closed func()) {
	if l == nil {
		return func() {}
	}
	l.mu.Lock()
	l.open++
	l.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			l.mu.Lock()
			l.open--
			l.mu.Unlock()
			l.settle()
		})
	}
}

// end says no more bodies will be opened.
func (l *lease) end() {
	if l == nil {
		return
	}
	l.mu.Lock()
	l.ended = true
	l.mu.Unlock()
	l.settle()
}

// settle gives the buffer back if it ended and no body is open.
func (l *lease) settle() {
	l.mu.Lock()
	var give func()
	if l.ended && l.open == 0 {
		give, l.give = l.give, nil
	}
	l.mu.Unlock()
	if give != nil {
		give()
	}
}
