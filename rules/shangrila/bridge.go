package shangrila

// Bridge is one of the 23 paths between two neighbouring villages, each
// with a bridge over its break. Bridges are numbered in the order of their
// village pairs (A-B, A-D, ..., L-M), and a set of them is a bit mask.
type Bridge uint8

// NumBridges is the number of paths, and bridges, on the board.
const NumBridges = 23

// bridgeEnds lists each path's villages, the lower letter first, sorted.
var bridgeEnds = [NumBridges][2]Village{
	{VillageA, VillageB}, {VillageA, VillageD}, {VillageA, VillageE}, {VillageA, VillageG},
	{VillageB, VillageC}, {VillageB, VillageF}, {VillageC, VillageF}, {VillageC, VillageJ},
	{VillageD, VillageE}, {VillageD, VillageG}, {VillageD, VillageK}, {VillageE, VillageF},
	{VillageE, VillageH}, {VillageF, VillageI}, {VillageG, VillageK}, {VillageH, VillageI},
	{VillageH, VillageK}, {VillageH, VillageL}, {VillageI, VillageJ}, {VillageI, VillageM},
	{VillageJ, VillageM}, {VillageK, VillageL}, {VillageL, VillageM},
}

// allBridges is the mask of all 23 bridges.
const allBridges = uint32(1)<<NumBridges - 1

// villageBridges[v] is the mask of the bridges touching village v, and
// bridgeIndex[v][w] is the bridge between v and w plus one (0: no path).
var villageBridges, bridgeIndex = boardTables()

func boardTables() (touch [NumVillages]uint32, index [NumVillages][NumVillages]uint8) {
	for b, e := range bridgeEnds {
		touch[e[0]] |= 1 << b
		touch[e[1]] |= 1 << b
		index[e[0]][e[1]] = uint8(b + 1)
		index[e[1]][e[0]] = uint8(b + 1)
	}
	return touch, index
}

// Ends returns the two villages the bridge joins, the lower letter first.
func (b Bridge) Ends() (Village, Village) { return bridgeEnds[b][0], bridgeEnds[b][1] }

// Other returns the village across the bridge from v, and false when the
// bridge does not touch v.
func (b Bridge) Other(v Village) (Village, bool) {
	switch e := bridgeEnds[b]; v {
	case e[0]:
		return e[1], true
	case e[1]:
		return e[0], true
	}
	return 0, false
}

// String returns the bridge as its two village letters ("A-B").
func (b Bridge) String() string {
	if b >= NumBridges {
		return "?-?"
	}
	x, y := b.Ends()
	return x.String() + "-" + y.String()
}

// BridgeBetween returns the bridge joining v and w, and false when the two
// villages are not neighbours.
func BridgeBetween(v, w Village) (Bridge, bool) {
	if !v.Valid() || !w.Valid() || bridgeIndex[v][w] == 0 {
		return 0, false
	}
	return Bridge(bridgeIndex[v][w] - 1), true
}
