//go:build !race

package discord

const raceEnabled = false
