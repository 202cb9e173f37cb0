package bot

import "github.com/tablebot/tablebot/i18n"

// MaxRowButtons is the most buttons in one row of a message.
const MaxRowButtons = 5

// BoardButton is a button under a board that opens a form's menu chain
// with its first parameters set to Values, or makes its move (asking
// first, see Confirmer) when they fill the form. The host gives it its
// custom id and disables it when the next parameter has no legal value,
// or when the move Values fill is not legal; a zero Style is Primary.
type BoardButton struct {
	Button
	Values []string
}

// Buttons are the buttons under a board: each form's (its Board's, or
// the one its Button names), in the forms' order, then Hint.
func (f Forms) Buttons(p *i18n.Printer, st State, board Action) []Row {
	seat := -1
	if to := st.ToAct(); len(to) > 0 {
		seat = to[0]
	}
	var all []Button
	for _, x := range f.List {
		for _, b := range x.boardButtons(p, st) {
			b.ID = board.With(x.Name, b.Values...).ID()
			b.Disabled = b.Disabled || seat < 0 || !x.opens(st, seat, b.Values)
			if b.Style == 0 {
				b.Style = Primary
			}
			all = append(all, b.Button)
		}
	}
	all = append(all, Button{ID: board.With(StepHint).ID(), Label: p.T("bot.button.hint"), Emoji: "💡", Style: Secondary})
	var rows []Row
	for len(all) > 0 {
		n := min(len(all), MaxRowButtons)
		rows, all = append(rows, Row{Buttons: all[:n]}), all[n:]
	}
	return rows
}

// boardButtons are the form's buttons under the board of st.
func (x Form) boardButtons(p *i18n.Printer, st State) []BoardButton {
	switch {
	case x.Board != nil:
		return x.Board(p, st)
	case x.Button != "":
		return []BoardButton{{Button: Button{Label: p.T(x.Button)}}}
	}
	return nil
}

// opens reports whether a button of the form with values set leads to a
// legal move of seat: its next parameter has a legal value (or is free),
// or the values make a legal move.
func (x Form) opens(st State, seat int, values []string) bool {
	if len(values) > len(x.Params) {
		return false
	}
	v := Values{}
	for i, val := range values {
		v[x.Params[i].Name] = val
	}
	if len(values) < len(x.Params) {
		q := x.Params[len(values)]
		return q.Legal == nil || len(q.Legal(st, seat, v)) > 0
	}
	_, err := x.Make(st, seat, v)
	return err == nil
}
