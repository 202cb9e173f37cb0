package menara

// The statics model (design §3), in integer units: lengths in micrometres
// (µm), masses in milligrams (mg). Every verdict is computed exactly in
// integers from these constants, so the same temple gives the same verdict
// on every machine. Tune here (issue 18).
const (
	// pitchUM is the distance between neighbouring cell centres.
	pitchUM = 30000
	// columnMG is a column's mass.
	columnMG = 10000
	// floorMGPerCell is a floor's mass per cell.
	floorMGPerCell = 3000
	// delta0UM and delta1UM give δ(L) = δ₀ + δ₁·L, the least margin a floor
	// of level L needs to hold. Tuned (issue 18) from the design's 2 mm +
	// 1 mm a level: supports sit on a 30 mm lattice, so margins come in
	// coarse steps, and with 2 + 1·L mm the strongest computer team seldom
	// got past level 6 (a medium game was won 1 time in 5). A floor must
	// still hold its load inside its supports, higher a little more.
	delta0UM = 250
	delta1UM = 250
	// safeUM is δ_safe: a margin at least this is green (safe); between
	// δ(L) and δ_safe it is amber (shaky hands may fail there); below δ(L)
	// the floor falls. Tuned for shaky hands by default (issue 26): with
	// 5 mm the strongest team lost 12 to 32 points of win rate to failed
	// steps (one building step in 35 to 70); with 1.5 mm about one in 200
	// fails and the team loses a few points to steady hands, while a careless
	// step deep in the band still risks its card. From level 5 up δ(L)
	// reaches 1.5 mm: a floor there holds or falls, as with steady hands.
	safeUM = 1500
	// wideSafeUM is δ_safe of ShakyWide, the first shaky hands.
	wideSafeUM = 5000
)

// Model is the statics model's constants in the units of the JSON state:
// millimetres and grams.
type Model struct {
	PitchMM       float64
	ColumnG       float64
	FloorGPerCell float64
	Delta0MM      float64
	Delta1MM      float64
	SafeMM        float64
}

// StatModel returns the constants the engine uses.
func StatModel() Model {
	return Model{
		PitchMM:       pitchUM / 1000.0,
		ColumnG:       columnMG / 1000.0,
		FloorGPerCell: floorMGPerCell / 1000.0,
		Delta0MM:      delta0UM / 1000.0,
		Delta1MM:      delta1UM / 1000.0,
		SafeMM:        safeUM / 1000.0,
	}
}

// deltaUM returns δ(L) in µm.
func deltaUM(level int) int64 { return delta0UM + delta1UM*int64(level) }

// Delta returns δ(L) in µm: the least margin a floor of level L needs.
func Delta(level int) int { return int(deltaUM(level)) }

// Safe returns δ_safe in µm.
func Safe() int { return safeUM }
