package rules

import (
	"reflect"
	"strings"
	"testing"
)

// TestRecordHost: the host lines after a record's game line are read by
// ReadRecordHost and passed over by ReadRecordLines; anywhere else such a
// word is a line of the game's (a player may be called "status").
func TestRecordHost(t *testing.T) {
	tests := []struct {
		name   string
		record string
		host   RecordHost
		lines  []string // the first word of each line ReadRecordLines gives
	}{
		{"exported", "game shangrila\nguild 1\nchannel 2\nseats 3 - 4\nstatus cancelled\nplayers red blue yellow\nred place A healer\n",
			RecordHost{Guild: "1", Channel: "2", Seats: []string{"3", "-", "4"}, Status: "cancelled"}, []string{"game", "players", "red"}},
		{"none", "game menara\nplayers status ana\nstatus column R on K2\n", RecordHost{}, []string{"game", "players", "status"}},
		{"no game line", "status column R on K2\n", RecordHost{}, []string{"status"}},
		{"after the setup", "game x\nplayers a b\nchannel 5\n", RecordHost{}, []string{"game", "players", "channel"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadRecordHost(strings.NewReader(tt.record))
			if err != nil || !reflect.DeepEqual(got, tt.host) {
				t.Errorf("ReadRecordHost = %+v, %v; want %+v", got, err, tt.host)
			}
			var lines []string
			if _, err := ReadRecordLines(strings.NewReader(tt.record), func(l RecordLine) error {
				lines = append(lines, l.Words[0])
				return nil
			}); err != nil || !reflect.DeepEqual(lines, tt.lines) {
				t.Errorf("ReadRecordLines gave %q, %v; want %q", lines, err, tt.lines)
			}
		})
	}
}
