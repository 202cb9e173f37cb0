package discordfake

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func buttons(n int, prefix string) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for i := range n {
		id := prefix + string(rune('a'+i))
		out = append(out, discordgo.Button{Label: id, CustomID: id})
	}
	return out
}

func row(cs ...discordgo.MessageComponent) discordgo.MessageComponent {
	return discordgo.ActionsRow{Components: cs}
}

func selectMenu(id string, n int) discordgo.SelectMenu {
	sm := discordgo.SelectMenu{CustomID: id}
	for i := range n {
		v := string(rune('a'+i%26)) + strings.Repeat("x", i/26)
		sm.Options = append(sm.Options, discordgo.SelectMenuOption{Label: v, Value: v})
	}
	return sm
}

func file(name string, size int) *discordgo.File {
	return &discordgo.File{Name: name, Reader: bytes.NewReader(bytes.Repeat([]byte{1}, size))}
}

func TestMessageLimits(t *testing.T) {
	t.Parallel()
	s := New(t, Options{ExpectBreaches: true, MaxFileSize: 1024})
	w := s.NewWorld("alice")
	dg := newSession(t, s, s.Token())
	long := func(n int) string { return strings.Repeat("é", n) } // multi-byte: limits count characters
	embed := func(e discordgo.MessageEmbed) []*discordgo.MessageEmbed { return []*discordgo.MessageEmbed{&e} }
	fields := func(n int) []*discordgo.MessageEmbedField {
		var fs []*discordgo.MessageEmbedField
		for range n {
			fs = append(fs, &discordgo.MessageEmbedField{Name: "n", Value: "v"})
		}
		return fs
	}
	zero, three := 0, 3

	for _, tc := range []struct {
		name       string
		msg        discordgo.MessageSend
		wantRule   Rule // "" when the message must be accepted
		wantStatus int
	}{
		{"content at limit", discordgo.MessageSend{Content: long(2000)}, "", 0},
		{"content too long", discordgo.MessageSend{Content: long(2001)}, RuleContentLength, 400},
		{"empty message", discordgo.MessageSend{}, RuleEmptyMessage, 400},
		{"ephemeral channel message", discordgo.MessageSend{Content: "x", Flags: discordgo.MessageFlagsEphemeral}, RuleFlags, 400},
		{"ten embeds", discordgo.MessageSend{Embeds: make10(func() *discordgo.MessageEmbed { return &discordgo.MessageEmbed{Title: "t"} }, 10)}, "", 0},
		{"eleven embeds", discordgo.MessageSend{Embeds: make10(func() *discordgo.MessageEmbed { return &discordgo.MessageEmbed{Title: "t"} }, 11)}, RuleEmbedCount, 400},
		{"embed title", discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Title: long(257)})}, RuleEmbedLength, 400},
		{"embed description", discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Description: long(4097)})}, RuleEmbedLength, 400},
		{"embed 25 fields", discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Fields: fields(25)})}, "", 0},
		{"embed 26 fields", discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Fields: fields(26)})}, RuleEmbedFields, 400},
		{"field name", discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Fields: []*discordgo.MessageEmbedField{{Name: long(257), Value: "v"}}})}, RuleEmbedLength, 400},
		{"field value", discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Fields: []*discordgo.MessageEmbedField{{Name: "n", Value: long(1025)}}})}, RuleEmbedLength, 400},
		{"empty field value", discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Fields: []*discordgo.MessageEmbedField{{Name: "n"}}})}, RuleEmbedFields, 400},
		{"footer", discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Title: "t", Footer: &discordgo.MessageEmbedFooter{Text: long(2049)}})}, RuleEmbedLength, 400},
		{"embeds total", discordgo.MessageSend{Embeds: make10(func() *discordgo.MessageEmbed { return &discordgo.MessageEmbed{Description: long(4000)} }, 2)}, RuleEmbedTotal, 400},
		{"missing attachment", discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Image: &discordgo.MessageEmbedImage{URL: "attachment://board.png"}}),
			Files: []*discordgo.File{pngFile(t, "other.png")}}, RuleAttachmentRef, 400},
		{"attachment present", discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Thumbnail: &discordgo.MessageEmbedThumbnail{URL: "attachment://board.png"}}),
			Files: []*discordgo.File{pngFile(t, "board.png")}}, "", 0},
		{"bad image url", discordgo.MessageSend{Embeds: embed(discordgo.MessageEmbed{Image: &discordgo.MessageEmbedImage{URL: "ftp://x/y.png"}})}, RuleEmbedURL, 400},
		{"eleven files", discordgo.MessageSend{Files: make10(func() *discordgo.File { return file("f.bin", 1) }, 11)}, RuleFileCount, 400},
		{"file too large", discordgo.MessageSend{Files: []*discordgo.File{file("big.bin", 1025)}}, RuleFileSize, 400},
		{"five rows", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(buttons(5, "a")...), row(buttons(5, "b")...), row(buttons(5, "c")...), row(buttons(5, "d")...), row(buttons(5, "e")...)}}, "", 0},
		{"six rows", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(buttons(1, "a")...), row(buttons(1, "b")...), row(buttons(1, "c")...), row(buttons(1, "d")...), row(buttons(1, "e")...), row(buttons(1, "f")...)}}, RuleComponentRows, 400},
		{"six buttons in a row", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(buttons(6, "a")...)}}, RuleComponentRow, 400},
		{"button outside a row", discordgo.MessageSend{Components: buttons(1, "a")}, RuleComponentRows, 400},
		{"select not alone", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(selectMenu("s", 2), discordgo.Button{Label: "b", CustomID: "b"})}}, RuleComponentRow, 400},
		{"missing custom_id", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.Button{Label: "b"})}}, RuleCustomID, 400},
		{"custom_id too long", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.Button{Label: "b", CustomID: strings.Repeat("c", 101)})}}, RuleCustomID, 400},
		{"duplicate custom_id", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(buttons(1, "a")...), row(buttons(1, "a")...)}}, RuleCustomIDUnique, 400},
		{"link button with custom_id", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.Button{Label: "l", Style: discordgo.LinkButton, URL: "https://x.y/", CustomID: "l"})}}, RuleCustomID, 400},
		{"button label", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.Button{Label: long(81), CustomID: "b"})}}, RuleButton, 400},
		{"select 25 options", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(selectMenu("s", 25))}}, "", 0},
		{"select 26 options", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(selectMenu("s", 26))}}, RuleSelect, 400},
		{"select no options", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(selectMenu("s", 0))}}, RuleSelect, 400},
		{"select option label", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.SelectMenu{CustomID: "s", Options: []discordgo.SelectMenuOption{{Label: long(101), Value: "v"}}})}}, RuleSelect, 400},
		{"select option description", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.SelectMenu{CustomID: "s", Options: []discordgo.SelectMenuOption{{Label: "l", Value: "v", Description: long(101)}}})}}, RuleSelect, 400},
		{"select placeholder", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(func() discordgo.SelectMenu { sm := selectMenu("s", 2); sm.Placeholder = long(151); return sm }())}}, RuleSelect, 400},
		{"select min above max", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(func() discordgo.SelectMenu {
			sm := selectMenu("s", 5)
			sm.MinValues, sm.MaxValues = &three, 2
			return sm
		}())}}, RuleSelect, 400},
		{"select min zero", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(func() discordgo.SelectMenu { sm := selectMenu("s", 5); sm.MinValues = &zero; return sm }())}}, "", 0},
		{"select max above options", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(func() discordgo.SelectMenu { sm := selectMenu("s", 2); sm.MaxValues = 3; return sm }())}}, RuleSelect, 400},
		{"parse users with users list", discordgo.MessageSend{Content: "hi", AllowedMentions: &discordgo.MessageAllowedMentions{
			Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}, Users: []string{"1"}}}, RuleMentionSyntax, 400},
		{"parse roles with roles list", discordgo.MessageSend{Content: "hi", AllowedMentions: &discordgo.MessageAllowedMentions{
			Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeRoles}, Roles: []string{"1"}}}, RuleMentionSyntax, 400},
		{"101 users", discordgo.MessageSend{Content: "hi", AllowedMentions: &discordgo.MessageAllowedMentions{Users: make10(func() string { return "1" }, 101)}}, RuleMentionSyntax, 400},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg := tc.msg
			if msg.AllowedMentions == nil {
				msg.AllowedMentions = noPings()
			}
			sent, err := dg.ChannelMessageSendComplex(w.Channel.ID, &msg)
			if tc.wantRule == "" {
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				if s.Message(sent.ID) == nil {
					t.Error("accepted message not stored")
				}
				wantBreach(t, s)
				return
			}
			if err == nil {
				t.Fatalf("accepted, want a breach of %s", tc.wantRule)
			}
			if status, _ := restErr(t, err); status != tc.wantStatus {
				t.Errorf("HTTP %d, want %d", status, tc.wantStatus)
			}
			wantBreach(t, s, tc.wantRule)
		})
	}
}

// make10 builds a slice of n values.
func make10[T any](mk func() T, n int) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = mk()
	}
	return out
}

func TestEditKeepsAttachments(t *testing.T) {
	t.Parallel()
	s := New(t, Options{ExpectBreaches: true})
	w := s.NewWorld("alice")
	dg := newSession(t, s, s.Token())
	img := func(name string) []*discordgo.MessageEmbed {
		return []*discordgo.MessageEmbed{{Image: &discordgo.MessageEmbedImage{URL: "attachment://" + name}}}
	}
	sent, err := dg.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{Embeds: img("a.png"), Files: []*discordgo.File{pngFile(t, "a.png")}})
	if err != nil {
		t.Fatal(err)
	}

	// Without an attachments list the old file stays and may be referenced.
	embeds := img("a.png")
	if _, err := dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: sent.ID, Channel: w.Channel.ID, Embeds: &embeds}); err != nil {
		t.Fatalf("edit keeping a.png: %v", err)
	}
	// An attachments list naming nothing removes it, so the reference breaks.
	none := []*discordgo.MessageAttachment{}
	_, err = dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: sent.ID, Channel: w.Channel.ID, Embeds: &embeds, Attachments: &none})
	if err == nil {
		t.Fatal("edit dropping the referenced file accepted")
	}
	wantBreach(t, s, RuleAttachmentRef)
	// Replacing the file: the new upload must be listed (API v10).
	embeds = img("b.png")
	list := []*discordgo.MessageAttachment{{ID: "0", Filename: "b.png"}}
	board := pngBytes(t, 7, 2)
	m, err := dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: sent.ID, Channel: w.Channel.ID, Embeds: &embeds, Attachments: &list,
		Files: []*discordgo.File{{Name: "upload.bin", Reader: bytes.NewReader(board)}}})
	if err != nil {
		t.Fatalf("edit replacing the file: %v", err)
	}
	if len(m.Attachments) != 1 || m.Attachments[0].Filename != "b.png" || m.Attachments[0].Size != len(board) || m.Attachments[0].Width != 7 {
		t.Errorf("attachments after edit: %+v", m.Attachments)
	}
	if got := s.Message(sent.ID); got.Edits != 2 || got.ResolveURL("attachment://b.png") == nil {
		t.Errorf("stored: edits %d, attachments %v", got.Edits, attachmentNames(got))
	}
	wantBreach(t, s)
}

func TestModalAndCallbackLimits(t *testing.T) {
	t.Parallel()
	s := New(t, Options{ExpectBreaches: true})
	w := s.NewWorld("alice")
	registerCommands(t, s, chatCommand("go"))
	tooLong := discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{CustomID: "m", Title: strings.Repeat("t", 46), Components: []discordgo.MessageComponent{
			row(discordgo.TextInput{CustomID: "x", Label: "x", Style: discordgo.TextInputShort}),
		}},
	}
	errs := make(chan error, 1)
	openBot(t, s, func(dg *discordgo.Session, i *discordgo.InteractionCreate) {
		err := dg.InteractionRespond(i.Interaction, &tooLong)
		if err == nil {
			errs <- nil
			return
		}
		// The rejected response did not count: a valid one still may come.
		errs <- dg.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: long(2001), AllowedMentions: noPings()},
		})
	})
	h := s.SlashCommand(w.Users[0].ID, w.Channel.ID, "go", "")
	if err := <-errs; err == nil {
		t.Fatal("an over-long response was accepted")
	}
	wantBreach(t, s, RuleModal, RuleContentLength)
	if h.Response().Acked {
		t.Error("rejected responses acknowledged the interaction")
	}
}

func long(n int) string { return strings.Repeat("x", n) }

// formErrorCodes returns the error codes a 50035 body lists under path,
// such as ["files", "0"] for {"errors": {"files": {"0": {"_errors": [...]}}}}.
func formErrorCodes(t testing.TB, body []byte, path ...string) []string {
	t.Helper()
	var doc struct {
		Code   int            `json:"code"`
		Errors map[string]any `json:"errors"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatalf("error body %s: %v", body, err)
	}
	node := doc.Errors
	for _, p := range path {
		next, ok := node[p].(map[string]any)
		if !ok {
			t.Fatalf("error body %s has nothing under %v", body, path)
		}
		node = next
	}
	list, _ := node["_errors"].([]any)
	var codes []string
	for _, e := range list {
		if m, ok := e.(map[string]any); ok {
			codes = append(codes, fmt.Sprint(m["code"]))
		}
	}
	return codes
}

// wantInvalidFormBody checks that err is Discord's 400 with code 50035 and
// the given error code under path.
func wantInvalidFormBody(t testing.TB, err error, code string, path ...string) {
	t.Helper()
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		t.Fatalf("want a *discordgo.RESTError, got %v", err)
	}
	if status, c := restErr(t, err); status != http.StatusBadRequest || c != CodeInvalidFormBody {
		t.Errorf("HTTP %d code %d, want 400 code %d", status, c, CodeInvalidFormBody)
	}
	if got := formErrorCodes(t, re.ResponseBody, path...); !slices.Contains(got, code) {
		t.Errorf("errors under %v: %v, want %s", path, got, code)
	}
}

func TestLimitsAnsweredAsInvalidFormBody(t *testing.T) {
	t.Parallel()
	s := New(t, Options{ExpectBreaches: true, MaxFileSize: 1024})
	w := s.NewWorld("alice")
	dg := newSession(t, s, s.Token())
	title := func() *discordgo.MessageEmbed { return &discordgo.MessageEmbed{Title: "t"} }

	for _, tc := range []struct {
		name string
		msg  discordgo.MessageSend
		rule Rule
		code string
		path []string
	}{
		{"content over 2,000 characters", discordgo.MessageSend{Content: long(2001)}, RuleContentLength, "BASE_TYPE_MAX_LENGTH", []string{"content"}},
		{"more than 10 embeds", discordgo.MessageSend{Embeds: make10(title, 11)}, RuleEmbedCount, "BASE_TYPE_MAX_LENGTH", []string{"embeds"}},
		{"more than 10 attachments", discordgo.MessageSend{Files: make10(func() *discordgo.File { return file("f.bin", 1) }, 11)}, RuleFileCount, "BASE_TYPE_MAX_LENGTH", []string{"files"}},
		{"an oversized file", discordgo.MessageSend{Files: []*discordgo.File{file("small.bin", 1), file("big.bin", 1025)}}, RuleFileSize, "BINARY_TYPE_MAX_SIZE", []string{"files", "1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg := tc.msg
			msg.AllowedMentions = noPings()
			n := len(s.Messages(w.Channel.ID))
			_, err := dg.ChannelMessageSendComplex(w.Channel.ID, &msg)
			wantInvalidFormBody(t, err, tc.code, tc.path...)
			if got := len(s.Messages(w.Channel.ID)); got != n {
				t.Errorf("%d messages posted", got-n)
			}
			wantBreach(t, s, tc.rule)
		})
	}

	t.Run("interaction endpoints answer the same", func(t *testing.T) {
		registerCommands(t, s, chatCommand("big"))
		errs := make(chan error, 2)
		openBot(t, s, func(dg *discordgo.Session, i *discordgo.InteractionCreate) {
			errs <- dg.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Files: []*discordgo.File{file("big.bin", 1025)}},
			})
			respond(t, dg, i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
			_, err := dg.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Files: []*discordgo.File{file("big.bin", 1025)}})
			errs <- err
		})
		s.SlashCommand(w.Users[0].ID, w.Channel.ID, "big", "").WaitAck(ctx(t))
		for _, what := range []string{"callback", "followup"} {
			err := <-errs
			t.Run(what, func(t *testing.T) { wantInvalidFormBody(t, err, "BINARY_TYPE_MAX_SIZE", "files", "0") })
		}
		wantBreach(t, s, RuleFileSize)
	})
}
