package discordfake

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// postRaw creates a message with a body discordgo's MessageSend cannot
// express (it has no nonce), the way a bot would with RequestWithBucketID.
func postRaw(t *testing.T, dg *discordgo.Session, channelID string, body map[string]any) (*discordgo.Message, error) {
	t.Helper()
	if _, ok := body["allowed_mentions"]; !ok {
		body["allowed_mentions"] = noPings()
	}
	url := discordgo.EndpointChannelMessages(channelID)
	b, err := dg.RequestWithBucketID(http.MethodPost, url, body, url)
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	var nonce struct{ Nonce string }
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("answer is not a message: %v: %s", err, b)
	}
	if err := json.Unmarshal(b, &nonce); err != nil {
		t.Fatalf("answer's nonce: %v: %s", err, b)
	}
	if want := fmt.Sprint(body["nonce"]); body["nonce"] != nil && nonce.Nonce != want {
		t.Errorf("answer's nonce %q, want %q", nonce.Nonce, want)
	}
	return &m, nil
}

func TestEnforceNonce(t *testing.T) {
	t.Parallel()
	s := New(t, Options{ExpectBreaches: true})
	w := s.NewWorld("alice")
	other := s.AddChannel(Channel{GuildID: w.Guild.ID, Name: "other"})
	ch := w.Channel.ID
	dg := newSession(t, s, s.Token())
	ping := "<@" + w.Users[0].ID + "> to move"

	t.Run("enforced nonce answers the existing message", func(t *testing.T) {
		n := len(s.Messages(ch))
		first, err := postRaw(t, dg, ch, map[string]any{"content": ping, "allowed_mentions": noPings(w.Users[0].ID), "nonce": "move-7", "enforce_nonce": true})
		if err != nil {
			t.Fatal(err)
		}
		again, err := postRaw(t, dg, ch, map[string]any{"content": "a retry", "nonce": "move-7", "enforce_nonce": true})
		if err != nil {
			t.Fatal(err)
		}
		if again.ID != first.ID || again.Content != ping {
			t.Errorf("retry answered %s %q, want the first message %s", again.ID, again.Content, first.ID)
		}
		if got := len(s.Messages(ch)) - n; got != 1 {
			t.Errorf("%d messages created, want 1", got)
		}
		if m := s.Message(first.ID); m.Nonce != "move-7" || len(m.Notified) != 1 {
			t.Errorf("stored nonce %q notified %v", m.Nonce, m.Notified)
		}
		if got := len(s.Notifications(ch)); got != 1 {
			t.Errorf("%d notifications, want 1: the retry created nothing", got)
		}
	})

	t.Run("integer nonce", func(t *testing.T) {
		first, err := postRaw(t, dg, ch, map[string]any{"content": "x", "nonce": 1234567890123, "enforce_nonce": true})
		if err != nil {
			t.Fatal(err)
		}
		again, err := postRaw(t, dg, ch, map[string]any{"content": "x", "nonce": 1234567890123, "enforce_nonce": true})
		if err != nil {
			t.Fatal(err)
		}
		if again.ID != first.ID || s.Message(first.ID).Nonce != "1234567890123" {
			t.Errorf("first %s, again %s, nonce %q", first.ID, again.ID, s.Message(first.ID).Nonce)
		}
	})

	for _, tc := range []struct {
		name   string
		second func() (*discordgo.Message, error)
	}{
		{"without enforce_nonce a repeated nonce posts again", func() (*discordgo.Message, error) {
			return postRaw(t, dg, ch, map[string]any{"content": "x", "nonce": "n-1"})
		}},
		{"another channel", func() (*discordgo.Message, error) {
			return postRaw(t, dg, other.ID, map[string]any{"content": "x", "nonce": "n-1", "enforce_nonce": true})
		}},
		{"another nonce", func() (*discordgo.Message, error) {
			return postRaw(t, dg, ch, map[string]any{"content": "x", "nonce": "n-2", "enforce_nonce": true})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first, err := postRaw(t, dg, ch, map[string]any{"content": "x", "nonce": "n-1"})
			if err != nil {
				t.Fatal(err)
			}
			second, err := tc.second()
			if err != nil {
				t.Fatal(err)
			}
			if second.ID == first.ID {
				t.Errorf("no new message")
			}
		})
	}

	t.Run("a deleted message no longer counts", func(t *testing.T) {
		first, err := postRaw(t, dg, ch, map[string]any{"content": "x", "nonce": "gone", "enforce_nonce": true})
		if err != nil {
			t.Fatal(err)
		}
		s.DeleteMessage(first.ID)
		again, err := postRaw(t, dg, ch, map[string]any{"content": "x", "nonce": "gone", "enforce_nonce": true})
		if err != nil || again.ID == first.ID {
			t.Errorf("after deletion: %v, %v", again, err)
		}
	})

	t.Run("25 characters is the limit", func(t *testing.T) {
		if _, err := postRaw(t, dg, ch, map[string]any{"content": "x", "nonce": strings.Repeat("é", 25)}); err != nil {
			t.Errorf("25 characters refused: %v", err)
		}
		wantBreach(t, s)
	})

	for _, tc := range []struct {
		name  string
		nonce any
		code  string
	}{
		{"nonce over 25 characters", strings.Repeat("n", 26), "BASE_TYPE_MAX_LENGTH"},
		{"nonce neither string nor integer", true, "NONCE_TYPE_INVALID"},
		{"fractional nonce", 1.5, "NONCE_TYPE_INVALID"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := len(s.Messages(ch))
			_, err := postRaw(t, dg, ch, map[string]any{"content": "x", "nonce": tc.nonce, "enforce_nonce": true})
			var re *discordgo.RESTError
			if !errors.As(err, &re) || re.Response.StatusCode != http.StatusBadRequest || re.Message == nil || re.Message.Code != 50035 {
				t.Fatalf("got %v, want 400 with code 50035", err)
			}
			var body struct {
				Errors struct {
					Nonce struct {
						Errors []struct{ Code string } `json:"_errors"`
					} `json:"nonce"`
				} `json:"errors"`
			}
			if err := json.Unmarshal(re.ResponseBody, &body); err != nil || len(body.Errors.Nonce.Errors) != 1 || body.Errors.Nonce.Errors[0].Code != tc.code {
				t.Errorf("error body %s, want errors.nonce._errors[0].code %s", re.ResponseBody, tc.code)
			}
			if len(s.Messages(ch)) != n {
				t.Error("a message was created")
			}
			wantBreach(t, s, RuleNonce)
		})
	}
}

func TestNonceWindow(t *testing.T) {
	t.Parallel()
	s := New(t, Options{NonceWindow: time.Nanosecond})
	w := s.NewWorld()
	dg := newSession(t, s, s.Token())
	first, err := postRaw(t, dg, w.Channel.ID, map[string]any{"content": "x", "nonce": "old", "enforce_nonce": true})
	if err != nil {
		t.Fatal(err)
	}
	again, err := postRaw(t, dg, w.Channel.ID, map[string]any{"content": "x", "nonce": "old", "enforce_nonce": true})
	if err != nil {
		t.Fatal(err)
	}
	if again.ID == first.ID {
		t.Error("a nonce older than the window still found its message")
	}
}
