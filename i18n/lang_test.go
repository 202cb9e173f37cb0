package i18n

import (
	"slices"
	"testing"
)

func TestParseLang(t *testing.T) {
	tests := []struct {
		in     string
		want   Lang
		wantOK bool
	}{
		{"en", English, true},
		{"en-US", English, true},
		{"en-GB", English, true},
		{"English", English, true},
		{"inglés", English, true},
		{"inglese", English, true},
		{"es", Spanish, true},
		{"es-ES", Spanish, true},
		{"es-419", Spanish, true},
		{"ES", Spanish, true},
		{"Español", Spanish, true},
		{"espanol", Spanish, true},
		{"spanish", Spanish, true},
		{"spagnolo", Spanish, true},
		{"it", Italian, true},
		{"it-IT", Italian, true},
		{" Italiano ", Italian, true},
		{"italian", Italian, true},
		{"", "", false},
		{"fr", "", false},
		{"pt-BR", "", false},
		{"esperanto", "", false},
		{"-", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := ParseLang(tt.in)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("ParseLang(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestFromLocale(t *testing.T) {
	// Discord's locale codes, and what tablebot answers them in.
	tests := []struct {
		locale string
		want   Lang
	}{
		{"en-US", English},
		{"en-GB", English},
		{"es-ES", Spanish},
		{"es-419", Spanish},
		{"it", Italian},
		{"fr", English},
		{"pt-BR", English},
		{"zh-CN", English},
		{"", English},
	}
	for _, tt := range tests {
		t.Run(tt.locale, func(t *testing.T) {
			if got := FromLocale(tt.locale); got != tt.want {
				t.Errorf("FromLocale(%q) = %q, want %q", tt.locale, got, tt.want)
			}
		})
	}
}

func TestLangRoundTrip(t *testing.T) {
	// A language's own name and its Discord locales read back as itself,
	// so that /shangrila language and Discord's locales agree.
	for _, l := range Langs {
		t.Run(string(l), func(t *testing.T) {
			if got, ok := ParseLang(l.Name()); !ok || got != l {
				t.Errorf("ParseLang(%q) = %q, %v; want %q", l.Name(), got, ok, l)
			}
			if got, ok := ParseLang(string(l)); !ok || got != l {
				t.Errorf("ParseLang(%q) = %q, %v; want %q", l, got, ok, l)
			}
			for _, loc := range l.DiscordLocales() {
				if got := FromLocale(loc); got != l {
					t.Errorf("FromLocale(%q) = %q, want %q", loc, got, l)
				}
			}
		})
	}
	if got := English.DiscordLocales(); got != nil {
		t.Errorf("English.DiscordLocales() = %v, want none", got)
	}
	if got := Spanish.DiscordLocales(); !slices.Equal(got, []string{"es-ES", "es-419"}) {
		t.Errorf("Spanish.DiscordLocales() = %v", got)
	}
}
