// Package vision answers how colours look to people: how someone with a
// colour vision deficiency sees them (Simulate), and how far apart two
// colours look (CIEDE2000). Games use it to choose colours that every
// player can tell apart, and to test that they stay apart: a test
// simulates each deficiency and measures the difference between every
// pair of player colours.
//
// Like the rest of render's shared parts it knows no game.
package vision
