package menara

// deck is the 35 plan cards, pile by pile (blue, yellow, red): our own
// mix, following the design's starting point (design §5): blue mostly
// easy, yellow medium, red mostly hard and the largest pile, exactly one
// move-a-floor card and it is red, place-N cards in every pile, and about a
// third of each pile with each rim. Tune here (issue 18); the tests check
// these constraints.
var deck = [NumCards]Card{
	// Blue (9): place 1 ×4, place 2 ×5.
	{BluePile, PlaceCard, 1, FreeRim},
	{BluePile, PlaceCard, 1, LightRim},
	{BluePile, PlaceCard, 1, DarkRim},
	{BluePile, PlaceCard, 1, FreeRim},
	{BluePile, PlaceCard, 2, LightRim},
	{BluePile, PlaceCard, 2, DarkRim},
	{BluePile, PlaceCard, 2, FreeRim},
	{BluePile, PlaceCard, 2, LightRim},
	{BluePile, PlaceCard, 2, DarkRim},
	// Yellow (12): place 3 ×4, 2 on one floor ×4, 3 on one floor ×2,
	// place 4 ×2.
	{YellowPile, PlaceCard, 3, FreeRim},
	{YellowPile, PlaceCard, 3, LightRim},
	{YellowPile, PlaceCard, 3, DarkRim},
	{YellowPile, PlaceCard, 3, FreeRim},
	{YellowPile, OneFloorCard, 2, LightRim},
	{YellowPile, OneFloorCard, 2, DarkRim},
	{YellowPile, OneFloorCard, 2, FreeRim},
	{YellowPile, OneFloorCard, 2, LightRim},
	{YellowPile, OneFloorCard, 3, DarkRim},
	{YellowPile, OneFloorCard, 3, FreeRim},
	{YellowPile, PlaceCard, 4, LightRim},
	{YellowPile, PlaceCard, 4, DarkRim},
	// Red (14): place 4 ×2, 3 on one floor ×2, fill a floor ×3, move 1, 2
	// and 3 columns ×2 each, move a floor ×1.
	{RedPile, PlaceCard, 4, FreeRim},
	{RedPile, PlaceCard, 4, LightRim},
	{RedPile, OneFloorCard, 3, DarkRim},
	{RedPile, OneFloorCard, 3, FreeRim},
	{RedPile, FillCard, 1, LightRim},
	{RedPile, FillCard, 1, DarkRim},
	{RedPile, FillCard, 1, FreeRim},
	{RedPile, MoveCard, 1, LightRim},
	{RedPile, MoveCard, 1, DarkRim},
	{RedPile, MoveCard, 2, FreeRim},
	{RedPile, MoveCard, 2, LightRim},
	{RedPile, MoveCard, 3, DarkRim},
	{RedPile, MoveCard, 3, FreeRim},
	{RedPile, LiftCard, 1, LightRim},
}

// pileStart is where each pile's cards begin in deck; pile p holds
// deck[pileStart[p]:pileStart[p+1]].
var pileStart = [NumPiles + 1]uint8{0, 9, 21, NumCards}

// Deck returns the 35 plan cards; CardID i is Deck()[i].
func Deck() [NumCards]Card { return deck }

// PileSize returns how many cards pile p holds at the start.
func PileSize(p Pile) int {
	if !p.Valid() {
		return 0
	}
	return int(pileStart[p+1] - pileStart[p])
}
