package shangrila

import (
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/i18n/i18ntest"
)

// TestGuide checks the rules guide in every language: the same number of
// sections, each one Discord message, and the key numbers of the rules all
// said somewhere, in the language's own words.
func TestGuide(t *testing.T) {
	c := catalog(t)
	game := New(Options{})
	// Each fact as the guide words it in English, Spanish and Italian.
	facts := []i18ntest.Fact{
		{"players", "3 or 4", "3 o 4", "3 o 4"},
		{"villages", "13 villages", "13 aldeas", "13 villaggi"},
		{"bridges", "23 bridges", "23 puentes", "23 ponti"},
		{"C out of play", "village C is out of play", "la aldea C queda fuera de juego", "il villaggio C è fuori gioco"},
		{"villages with 3", "12 villages", "12 aldeas", "12 villaggi"},
		{"bridges with 3", "20 bridges", "20 puentes", "20 ponti"},
		{"disciplines", "7 disciplines", "7 disciplinas", "7 discipline"},
		{"tiles of each", "6 tiles of each", "6 fichas de cada una", "6 tessere di ognuna"},
		{"tiles", "42 tiles", "42 fichas", "42 tessere"},
		{"starting masters", "7 starting masters, one of each discipline", "7 maestros iniciales, uno de cada disciplina", "7 maestri iniziali, uno per disciplina"},
		{"one at a time", "one tile at a time in seat order", "de uno en uno y por turnos", "una tessera alla volta a turno"},
		{"setup limits", "at most 2 tiles of one colour and 3 tiles in all", "como mucho 2 fichas de un mismo color y 3 fichas en total", "al massimo 2 tessere dello stesso colore e 3 tessere in tutto"},
		{"setup limits with 3", "with 3 players: 1 of a colour and 2 in all", "con 3 jugadores: 1 de cada color y 2 en total", "con 3 giocatori: 1 per colore e 2 in tutto"},
		{"suggested start", "suggested start", "posición inicial sugerida", "posizione iniziale suggerita"},
		{"one action", "exactly one action", "exactamente una acción", "esattamente un'azione"},
		{"place", "where you already have a master", "donde ya tengas un maestro", "dove hai già un maestro"},
		{"recruit", "Recruit 1 or 2 students", "Reclutar 1 o 2 estudiantes", "Reclutare 1 o 2 studenti"},
		{"journey", "All the students there, yours and everyone else's", "Todos los estudiantes de esa aldea, los tuyos y los de los demás", "Tutti gli studenti di quel villaggio, i tuoi e quelli degli altri"},
		{"strength", "**strength** is its number of tiles", "**fuerza** de una aldea es su número de fichas", "**forza** di un villaggio è il numero delle sue tessere"},
		{"ties", "the destination counts as stronger", "cuenta como más fuerte la aldea de destino", "è considerato più forte il villaggio di arrivo"},
		{"driven out", "they go home, and the student becomes the master", "vuelven a la reserva de su dueño y el estudiante se convierte en maestro", "tornano nella scorta del loro proprietario e lo studente diventa maestro"},
		{"weaker", "only take empty spaces", "solo ocupan casillas vacías", "occupano solo le caselle vuote"},
		{"bridge breaks", "**breaks**", "**se rompe**", "**si rompe**"},
		{"stone", "Stone of the Wise Men", "Piedra de los Sabios", "Pietra dei Saggi"},
		{"end", "only one bridge is left", "queda un solo puente", "resta un solo ponte"},
		{"winner", "Most masters on the board wins", "Gana quien tenga más maestros", "Vince chi ha più maestri"},
		{"tie-break", "masters in more villages", "maestros en más aldeas", "maestri in più villaggi"},
		{"shared", "the win is shared", "la victoria es compartida", "la vittoria è condivisa"},
		{"pass", "you pass", "pasas", "passi"},
		{"commands", "`/shangrila place`, `/shangrila recruit` and `/shangrila journey`", "`/shangrila place`, `/shangrila recruit` y `/shangrila journey`", "`/shangrila place`, `/shangrila recruit` e `/shangrila journey`"},
		{"buttons", "buttons under the board", "botones que hay bajo el tablero", "pulsanti sotto il tabellone"},
		{"hint", "`/shangrila hint`", "`/shangrila hint`", "`/shangrila hint`"},
	}
	i18ntest.CheckGuide(t, c, game.Guide, 3, facts)
	if title := c.Printer(i18n.English).T("guide.title"); title == "guide.title" || title == "" {
		t.Errorf("guide.title is missing")
	}
}
