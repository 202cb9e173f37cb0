package bot

import (
	"testing"
	"time"
)

// TestQuietHoursAt: quiet hours are read on the zone's clock on each day,
// so that they follow the changes of the clocks: in Rome, 23:00-07:30 lasts
// 8h30 on an ordinary night, 7h30 on the night the clocks go forward and
// 9h30 on the night they go back.
func TestQuietHoursAt(t *testing.T) {
	q, ok := parseQuiet("23:00-07:30 Europe/Rome")
	if !ok || q.String() != "23:00-07:30 Europe/Rome" {
		t.Fatalf("parseQuiet: %v %v", q, ok)
	}
	utc := func(s string) time.Time {
		t.Helper()
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	tests := []struct {
		name   string
		at     string
		inside bool
		end    string
	}{
		{"an evening before", "2026-06-10T20:59:00Z", false, ""},
		{"a summer night begins (23:00 CEST)", "2026-06-10T21:00:00Z", true, "2026-06-11T05:30:00Z"},
		{"after midnight", "2026-06-11T02:00:00Z", true, "2026-06-11T05:30:00Z"},
		{"the morning", "2026-06-11T05:30:00Z", false, ""},
		{"the night the clocks go forward", "2026-03-28T22:30:00Z", true, "2026-03-29T05:30:00Z"},
		{"the night the clocks go back", "2026-10-24T21:30:00Z", true, "2026-10-25T06:30:00Z"},
		{"the hour lived twice", "2026-10-25T01:30:00Z", true, "2026-10-25T06:30:00Z"},
		{"a winter night", "2026-12-01T22:00:00Z", true, "2026-12-02T06:30:00Z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inside, end := q.at(utc(tt.at))
			if inside != tt.inside || tt.inside && !end.Equal(utc(tt.end)) {
				t.Errorf("at(%s) = %v, %v; want %v, %s", tt.at, inside, end.UTC(), tt.inside, tt.end)
			}
		})
	}
	bad := []string{"", "23:00-07:30", "23:00-23:00 Europe/Rome", "25:00-07:30 Europe/Rome", "23:00-07:30 Mars/Olympus", "23:00-07:30 Local"}
	for _, v := range bad {
		if _, ok := parseQuiet(v); ok {
			t.Errorf("parseQuiet(%q) is taken", v)
		}
	}
	day, ok := parseQuiet("13:00-14:00 UTC")
	if in, _ := day.at(utc("2026-06-10T13:30:00Z")); !ok || !in {
		t.Errorf("quiet hours within a day: %v", in)
	}
}

// TestZoneChoices: the timezone option suggests the common zones that
// hold what is typed, and any IANA zone typed in full.
func TestZoneChoices(t *testing.T) {
	tests := []struct {
		typed string
		first string
		none  bool
	}{
		{"rome", "Europe/Rome", false},
		{"America/Argentina/Cordoba", "America/Argentina/Cordoba", false},
		{"", "Europe/London", false},
		{"Atlantis", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.typed, func(t *testing.T) {
			got := zoneChoices(tt.typed)
			if tt.none != (len(got) == 0) || !tt.none && got[0].Value != tt.first || len(got) > MaxChoices {
				t.Errorf("zoneChoices(%q) = %v, want first %q", tt.typed, got, tt.first)
			}
		})
	}
}
