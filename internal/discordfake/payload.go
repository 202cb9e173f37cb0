package discordfake

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// upload is one file part of a multipart request. Once checked, an upload
// whose name or content type says it is an image has been decoded: width
// and height are its size, or imageErr says why it is no image.
type upload struct {
	index       int // n of files[n]
	filename    string
	contentType string
	size        int    // bytes uploaded
	data        []byte // the bytes, nil when headersOnly (see head)

	headersOnly   bool // Options.ImageHeaders
	checked       bool
	width, height int
	imageErr      error
	// head is the header's outcome, read while the bytes were at hand
	// when they are not kept (headersOnly).
	head imageHead
}

// imageHead is what an upload's header says: its size, or why it is no
// image.
type imageHead struct {
	width, height int
	err           error
}

// attachmentSpec is an entry of a payload's attachments array: either an
// existing attachment to keep (its snowflake id) or metadata for the upload
// files[n] (id n).
type attachmentSpec struct {
	ID          string
	Filename    string
	Description string
}

// msgPayload is a message create/edit body with field presence preserved,
// because Discord's PATCH semantics depend on which fields were sent.
type msgPayload struct {
	raw map[string]json.RawMessage

	Content         string
	Embeds          []*discordgo.MessageEmbed
	Components      []discordgo.MessageComponent
	AllowedMentions *discordgo.MessageAllowedMentions
	Attachments     []attachmentSpec
	Flags           discordgo.MessageFlags
	TTS             bool
	Reference       *discordgo.MessageReference
	Files           []upload

	// Nonce is the nonce as a string, from a JSON string or integer;
	// nonceBad says why the nonce field is unacceptable, "" if it is fine.
	Nonce        string
	nonceBad     string
	EnforceNonce bool

	// Interaction callback extras.
	Choices  []*discordgo.ApplicationCommandOptionChoice
	CustomID string
	Title    string
}

// has reports whether the field was sent with a non-null value. Discord
// treats null like an absent field when editing.
func (p *msgPayload) has(field string) bool {
	v, ok := p.raw[field]
	return ok && !bytes.Equal(bytes.TrimSpace(v), []byte("null"))
}

var filesField = regexp.MustCompile(`^files\[(\d+)\]$`)

// fileTooLargeError marks a request with a file over Options.MaxFileSize.
type fileTooLargeError struct {
	index int    // n of files[n]
	name  string // the part's file name
	max   int64  // the limit in bytes
}

func (e *fileTooLargeError) Error() string {
	return fmt.Sprintf("files[%d] (%q) is over %d bytes", e.index, e.name, e.max)
}

// readBody returns the JSON document of a request and its uploaded files.
// discordgo sends either a plain JSON body or multipart/form-data with a
// payload_json part followed by files[0], files[1], ... parts.
func (s *Server) readBody(r *http.Request) (jsonDoc []byte, files []upload, err error) {
	mediaType, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mediaType != "multipart/form-data" {
		b, err := io.ReadAll(r.Body)
		return b, nil, err
	}
	// multipart reads 4 KB at a time: a larger buffer under it reads an
	// image from the connection in a few calls rather than dozens.
	br, _ := s.bodyReaders.Get().(*bufio.Reader)
	if br == nil {
		br = bufio.NewReaderSize(r.Body, bodyBuffer)
	} else {
		br.Reset(r.Body)
	}
	defer func() {
		br.Reset(nil) // lets go of the body
		s.bodyReaders.Put(br)
	}()
	mr := multipart.NewReader(br, params["boundary"])
	left := r.ContentLength // at most what the parts still to come hold
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("multipart: %w", err)
		}
		name := part.FormName()
		if name == "payload_json" {
			// Not read into room for what the body has left: payload_json,
			// a few KB before an image, would be given an image's room.
			if jsonDoc, err = readPart(part, s.opts.MaxFileSize+1, 0); err != nil {
				return nil, nil, fmt.Errorf("multipart part %q: %w", name, err)
			}
			left -= int64(len(jsonDoc))
			continue
		}
		if !filesField.MatchString(name) {
			return nil, nil, fmt.Errorf("multipart: unexpected form field %q (Discord takes payload_json and files[n])", name)
		}
		n, _ := strconv.Atoi(filesField.FindStringSubmatch(name)[1])
		f, err := s.readUpload(part, n, left)
		left -= int64(f.size)
		if err != nil {
			if tooLarge := (*fileTooLargeError)(nil); errors.As(err, &tooLarge) {
				// Drain the body so the client reads the answer instead of
				// failing on a reset connection mid-upload.
				io.Copy(io.Discard, r.Body)
				return nil, nil, err
			}
			return nil, nil, fmt.Errorf("multipart part %q: %w", name, err)
		}
		files = append(files, f)
	}
	if jsonDoc == nil {
		jsonDoc = []byte("{}")
	}
	return jsonDoc, files, nil
}

// bodyBuffer is the buffer a multipart body is read through.
const bodyBuffer = 64 << 10

// readUpload reads the file part files[n], at most Options.MaxFileSize
// bytes (more is a *fileTooLargeError), with left the bytes the body has
// left. Its content type, when the part gives none, is sniffed and its
// image checked here, without the server's lock. With
// Options.ImageHeaders the bytes are read as ever (all of them: Discord
// counts them) but through a buffer kept for the next upload, and only
// what the header says is kept: a benchmark's thousands of boards would
// otherwise grow the fake's memory by every board, and the process's cost
// with it.
func (s *Server) readUpload(part *multipart.Part, n int, left int64) (upload, error) {
	maxFile := s.opts.MaxFileSize
	f := upload{index: n, filename: part.FileName(), contentType: part.Header.Get("Content-Type"), headersOnly: s.opts.ImageHeaders}
	var err error
	if f.headersOnly {
		scratch, _ := s.uploadScratch.Get().(*bytes.Buffer)
		if scratch == nil {
			scratch = new(bytes.Buffer)
		}
		defer s.uploadScratch.Put(scratch)
		scratch.Reset()
		// Read one byte past the limit to detect oversized files without
		// holding arbitrarily large bodies in memory.
		_, err = scratch.ReadFrom(io.LimitReader(part, maxFile+1))
		f.data = scratch.Bytes()
	} else {
		// Read into room for what the body has left: one allocation.
		f.data, err = readPart(part, maxFile+1, left)
	}
	f.size = len(f.data)
	switch {
	case err != nil:
		return f, err
	case int64(f.size) > maxFile:
		return f, &fileTooLargeError{index: n, name: f.filename, max: maxFile}
	}
	if f.contentType == "" || f.contentType == "application/octet-stream" {
		f.contentType = http.DetectContentType(f.data)
	}
	if f.headersOnly {
		// Whatever name the attachments list gives it later, its header
		// is read while the bytes are here.
		f.head.width, f.head.height, f.head.err = decodeImage(f.data, true)
		f.data = nil
	}
	f.inspect(f.filename)
	return f, nil
}

// readPart reads a part to its end, at most limit bytes, into a slice
// sized for hint bytes when hint (what the body has left) is known: one
// allocation for an image rather than a dozen growing copies. A part
// found much shorter than hint is copied into a slice of its size.
func readPart(part io.Reader, limit, hint int64) ([]byte, error) {
	if hint <= 0 || hint > limit {
		return io.ReadAll(io.LimitReader(part, limit))
	}
	b := make([]byte, 0, hint+1) // +1: the end is seen without growing
	for {
		n, err := part.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return b, err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // hint was short after all
		}
	}
	if cap(b)-len(b) > bodyBuffer {
		b = bytes.Clone(b)
	}
	return b, nil
}

// parseMessagePayload decodes a message body (or an interaction callback's
// data object).
func parseMessagePayload(doc []byte, files []upload) (*msgPayload, error) {
	p := &msgPayload{Files: files}
	if len(bytes.TrimSpace(doc)) == 0 || bytes.Equal(bytes.TrimSpace(doc), []byte("null")) {
		p.raw = map[string]json.RawMessage{}
		return p, nil
	}
	if err := json.Unmarshal(doc, &p.raw); err != nil {
		return nil, fmt.Errorf("body is not a JSON object: %w", err)
	}
	var err error
	field := func(name string, v any) {
		if err != nil || !p.has(name) {
			return
		}
		if e := json.Unmarshal(p.raw[name], v); e != nil {
			err = fmt.Errorf("field %s: %w", name, e)
		}
	}
	field("content", &p.Content)
	field("embeds", &p.Embeds)
	field("allowed_mentions", &p.AllowedMentions)
	field("flags", &p.Flags)
	field("tts", &p.TTS)
	field("message_reference", &p.Reference)
	field("choices", &p.Choices)
	field("custom_id", &p.CustomID)
	field("title", &p.Title)
	field("enforce_nonce", &p.EnforceNonce)
	if err != nil {
		return nil, err
	}
	if p.has("nonce") {
		p.Nonce, p.nonceBad = parseNonce(p.raw["nonce"])
	}
	if p.has("components") {
		if p.Components, err = parseComponents(p.raw["components"]); err != nil {
			return nil, fmt.Errorf("field components: %w", err)
		}
	}
	if p.has("attachments") {
		var specs []struct {
			ID          json.RawMessage `json:"id"`
			Filename    string          `json:"filename"`
			Description string          `json:"description"`
		}
		if err := json.Unmarshal(p.raw["attachments"], &specs); err != nil {
			return nil, fmt.Errorf("field attachments: %w", err)
		}
		for _, sp := range specs {
			p.Attachments = append(p.Attachments, attachmentSpec{
				ID:          strings.Trim(string(sp.ID), `"`),
				Filename:    sp.Filename,
				Description: sp.Description,
			})
		}
	}
	return p, nil
}

// parseComponents decodes a components array with discordgo's own types, so
// that tests see exactly what the bot's library would see.
func parseComponents(raw json.RawMessage) ([]discordgo.MessageComponent, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, err
	}
	out := make([]discordgo.MessageComponent, 0, len(items))
	for _, it := range items {
		c, err := discordgo.MessageComponentFromJSON(it)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}
