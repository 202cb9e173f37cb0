package discordfake

import (
	"fmt"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// checkComponents applies Discord's rules for message components. Classic
// messages take up to 5 action rows; each row holds up to 5 buttons or a
// single select menu. Messages flagged IS_COMPONENTS_V2 use the newer
// layout components, for which only the interactive parts are checked.
func checkComponents(c *checker, cs []discordgo.MessageComponent, v2 bool) {
	ids := map[string]string{} // custom_id → path of first use
	if v2 {
		var walk func(path string, cs []discordgo.MessageComponent)
		walk = func(path string, cs []discordgo.MessageComponent) {
			for i, comp := range cs {
				p := fmt.Sprintf("%s%d", path, i)
				checkInteractive(c, p, comp, ids)
				switch v := comp.(type) {
				case *discordgo.ActionsRow:
					walk(p+".components.", v.Components)
				case *discordgo.Section:
					walk(p+".components.", v.Components)
					if v.Accessory != nil {
						checkInteractive(c, p+".accessory", v.Accessory, ids)
					}
				case *discordgo.Container:
					walk(p+".components.", v.Components)
				}
			}
		}
		walk("components.", cs)
		return
	}

	if len(cs) > maxActionRows {
		c.add(RuleComponentRows, "components", "BASE_TYPE_MAX_LENGTH", "at most %d action rows per message (got %d)", maxActionRows, len(cs))
	}
	for i, comp := range cs {
		p := fmt.Sprintf("components.%d", i)
		row, ok := comp.(*discordgo.ActionsRow)
		if !ok {
			c.add(RuleComponentRows, p, "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "top-level components must be action rows, got type %d", comp.Type())
			continue
		}
		if len(row.Components) == 0 {
			c.add(RuleComponentRow, p+".components", "BASE_TYPE_MIN_LENGTH", "an action row needs at least one component")
		}
		buttons, selects := 0, 0
		for j, child := range row.Components {
			cp := fmt.Sprintf("%s.components.%d", p, j)
			switch child.(type) {
			case *discordgo.Button:
				buttons++
			case *discordgo.SelectMenu:
				selects++
			default:
				c.add(RuleComponentRow, cp, "UNION_TYPE_CHOICES", "an action row in a message holds only buttons or one select menu, got type %d", child.Type())
				continue
			}
			checkInteractive(c, cp, child, ids)
		}
		if buttons > maxRowButtons {
			c.add(RuleComponentRow, p+".components", "BASE_TYPE_MAX_LENGTH", "at most %d buttons per row (got %d)", maxRowButtons, buttons)
		}
		if selects > 0 && len(row.Components) > 1 {
			c.add(RuleComponentRow, p+".components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "a select menu must be alone in its action row (row has %d components)", len(row.Components))
		}
	}
}

// checkInteractive checks a button or select menu; other components pass.
// ids holds the custom_ids the message used so far (custom_id → path of
// first use), since Discord refuses one used twice in a message.
func checkInteractive(c *checker, p string, comp discordgo.MessageComponent, ids map[string]string) {
	switch v := comp.(type) {
	case *discordgo.Button:
		checkButton(c, p, v, ids)
	case *discordgo.SelectMenu:
		checkSelect(c, p, v, ids)
	case *discordgo.TextInput:
		c.add(RuleComponentRow, p, "UNION_TYPE_CHOICES", "text inputs belong in modals, not messages")
	}
}

// checkCustomID checks the custom_id of the component at path p, which
// must have one: its length, and that no other component of the message
// used it before (the first use is recorded in ids, so that a later
// duplicate names where the id first appeared).
func checkCustomID(c *checker, p, id string, ids map[string]string) {
	if id == "" {
		c.add(RuleCustomID, p+".custom_id", "BASE_TYPE_REQUIRED", "custom_id is required")
		return
	}
	c.lenRange(RuleCustomID, p+".custom_id", id, 1, maxCustomID)
	if first, dup := ids[id]; dup {
		c.add(RuleCustomIDUnique, p+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "custom_id %q is already used at %s", id, first)
	} else {
		ids[id] = p
	}
}

// checkButton checks a button by its style, since the style decides what
// it must carry: a link button a url and no custom_id, a premium button a
// sku_id (and no label: Discord draws it from the SKU), the others a
// custom_id and no url; every button but a premium one needs a label or an
// emoji.
func checkButton(c *checker, p string, v *discordgo.Button, ids map[string]string) {
	switch v.Style {
	case discordgo.LinkButton:
		if v.URL == "" {
			c.add(RuleButton, p+".url", "BASE_TYPE_REQUIRED", "link buttons need a url")
		}
		if v.CustomID != "" {
			c.add(RuleCustomID, p+".custom_id", "BUTTON_CUSTOM_ID_NOT_ALLOWED", "link buttons cannot have a custom_id")
		}
	case discordgo.PremiumButton:
		if v.SKUID == "" {
			c.add(RuleButton, p+".sku_id", "BASE_TYPE_REQUIRED", "premium buttons need a sku_id")
		}
	case discordgo.PrimaryButton, discordgo.SecondaryButton, discordgo.SuccessButton, discordgo.DangerButton:
		checkCustomID(c, p, v.CustomID, ids)
		if v.URL != "" {
			c.add(RuleButton, p+".url", "BUTTON_URL_NOT_ALLOWED", "only link buttons have a url")
		}
	default:
		c.add(RuleButton, p+".style", "BASE_TYPE_CHOICES", "unknown button style %d", v.Style)
	}
	c.maxLen(RuleButton, p+".label", v.Label, maxButtonLabel)
	if v.Style != discordgo.PremiumButton && v.Label == "" && v.Emoji == nil {
		c.add(RuleButton, p+".label", "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "a button needs a label or an emoji")
	}
}

// checkSelect checks a select menu: its custom_id, placeholder and
// min/max_values, and for a string select (the only kind that lists its
// options; user, role and channel selects are filled by Discord) the
// options themselves.
func checkSelect(c *checker, p string, v *discordgo.SelectMenu, ids map[string]string) {
	checkCustomID(c, p, v.CustomID, ids)
	c.maxLen(RuleSelect, p+".placeholder", v.Placeholder, maxPlaceholder)
	maxV := checkSelectValues(c, p, v)
	if v.Type() != discordgo.SelectMenuComponent {
		if len(v.Options) > 0 {
			c.add(RuleSelect, p+".options", "BASE_TYPE_BAD_LENGTH", "only string selects have options")
		}
		return
	}
	if len(v.Options) < 1 || len(v.Options) > maxSelectOptions {
		c.add(RuleSelect, p+".options", "BASE_TYPE_BAD_LENGTH", "a string select needs 1 to %d options (got %d)", maxSelectOptions, len(v.Options))
	}
	if maxV > len(v.Options) && len(v.Options) > 0 {
		c.add(RuleSelect, p+".max_values", "SELECT_COMPONENT_MAX_VALUES_TOO_LARGE", "max_values %d is above the %d options", maxV, len(v.Options))
	}
	checkSelectOptions(c, p, v.Options, maxV)
}

// checkSelectValues checks a select menu's min_values and max_values, each
// 1 when unset as in Discord, and returns max_values so read: the checks of
// the options compare with it.
func checkSelectValues(c *checker, p string, v *discordgo.SelectMenu) (maxV int) {
	minV := 1
	if v.MinValues != nil {
		minV = *v.MinValues
	}
	maxV = 1
	if v.MaxValues != 0 {
		maxV = v.MaxValues
	}
	if minV < 0 || minV > maxSelectOptions {
		c.add(RuleSelect, p+".min_values", "NUMBER_TYPE_MAX", "min_values must be between 0 and %d (got %d)", maxSelectOptions, minV)
	}
	if maxV < 1 || maxV > maxSelectOptions {
		c.add(RuleSelect, p+".max_values", "NUMBER_TYPE_MAX", "max_values must be between 1 and %d (got %d)", maxSelectOptions, maxV)
	}
	if minV > maxV {
		c.add(RuleSelect, p+".min_values", "SELECT_COMPONENT_MIN_VALUES_TOO_LARGE", "min_values %d is above max_values %d", minV, maxV)
	}
	return maxV
}

// checkSelectOptions checks a string select's options: each one's texts,
// values unique (a choice is reported by its value, so two alike could not
// be told apart), and no more preselected options than a user may choose
// (maxV).
func checkSelectOptions(c *checker, p string, opts []discordgo.SelectMenuOption, maxV int) {
	values := map[string]bool{}
	defaults := 0
	for k, o := range opts {
		op := fmt.Sprintf("%s.options.%d", p, k)
		c.lenRange(RuleSelect, op+".label", o.Label, 1, maxOptionText)
		c.lenRange(RuleSelect, op+".value", o.Value, 1, maxOptionText)
		c.maxLen(RuleSelect, op+".description", o.Description, maxOptionText)
		if values[o.Value] {
			c.add(RuleSelect, op+".value", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "option value %q is used twice", o.Value)
		}
		values[o.Value] = true
		if o.Default {
			defaults++
		}
	}
	if defaults > maxV {
		c.add(RuleSelect, p+".options", "SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES", "%d options are default but max_values is %d", defaults, maxV)
	}
}

// Modal is a modal the bot opened in answer to an interaction.
type Modal struct {
	CustomID   string
	Title      string
	Components []discordgo.MessageComponent
}

// TextInputs returns the modal's text inputs in order.
func (m *Modal) TextInputs() []*discordgo.TextInput {
	var out []*discordgo.TextInput
	walkComponents(m.Components, func(c discordgo.MessageComponent) {
		if ti, ok := c.(*discordgo.TextInput); ok {
			out = append(out, ti)
		}
	})
	return out
}

// checkModal applies Discord's rules for a modal (response type 9): a title,
// a custom_id, and 1 to 5 rows each holding one text input.
func checkModal(c *checker, p *msgPayload) {
	c.lenRange(RuleModal, "custom_id", p.CustomID, 1, maxCustomID)
	c.lenRange(RuleModal, "title", p.Title, 1, maxModalTitle)
	if len(p.Components) < 1 || len(p.Components) > maxActionRows {
		c.add(RuleModal, "components", "BASE_TYPE_BAD_LENGTH", "a modal needs 1 to %d rows (got %d)", maxActionRows, len(p.Components))
	}
	ids := map[string]bool{}
	for i, comp := range p.Components {
		rp := fmt.Sprintf("components.%d", i)
		row, ok := comp.(*discordgo.ActionsRow)
		if !ok || len(row.Components) != 1 {
			c.add(RuleModal, rp, "UNION_TYPE_CHOICES", "each modal row holds exactly one text input")
			continue
		}
		ti, ok := row.Components[0].(*discordgo.TextInput)
		if !ok {
			c.add(RuleModal, rp+".components.0", "UNION_TYPE_CHOICES", "modal rows hold text inputs, got type %d", row.Components[0].Type())
			continue
		}
		tp := rp + ".components.0"
		c.lenRange(RuleModal, tp+".custom_id", ti.CustomID, 1, maxCustomID)
		if ids[ti.CustomID] {
			c.add(RuleCustomIDUnique, tp+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "custom_id %q is used twice", ti.CustomID)
		}
		ids[ti.CustomID] = true
		c.lenRange(RuleModal, tp+".label", ti.Label, 1, maxTextInputLabel)
		if ti.Style != discordgo.TextInputShort && ti.Style != discordgo.TextInputParagraph {
			c.add(RuleModal, tp+".style", "BASE_TYPE_CHOICES", "text input style must be 1 or 2 (got %d)", ti.Style)
		}
		if ti.MinLength < 0 || ti.MinLength > maxTextInputLength {
			c.add(RuleModal, tp+".min_length", "NUMBER_TYPE_MAX", "min_length must be between 0 and %d", maxTextInputLength)
		}
		if ti.MaxLength != 0 && (ti.MaxLength < 1 || ti.MaxLength > maxTextInputLength) {
			c.add(RuleModal, tp+".max_length", "NUMBER_TYPE_MAX", "max_length must be between 1 and %d", maxTextInputLength)
		}
		if ti.MaxLength != 0 && ti.MinLength > ti.MaxLength {
			c.add(RuleModal, tp+".min_length", "NUMBER_TYPE_MAX", "min_length %d is above max_length %d", ti.MinLength, ti.MaxLength)
		}
		c.maxLen(RuleModal, tp+".value", ti.Value, maxTextInputLength)
		c.maxLen(RuleModal, tp+".placeholder", ti.Placeholder, maxTextPlaceholder)
		if ti.Value != "" && ti.MaxLength != 0 && utf8.RuneCountInString(ti.Value) > ti.MaxLength {
			c.add(RuleModal, tp+".value", "BASE_TYPE_MAX_LENGTH", "value is longer than max_length")
		}
	}
}
