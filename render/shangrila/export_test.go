package shangrila

// SetEnglish gives this package's tests the English words of the board,
// which come from the message catalogue (bot/shangrila.Labels): a package
// these tests cannot import, since it imports this one. The external test
// package (words_test.go) sets them before any test runs.
func SetEnglish(labels func() Labels) { englishLabels = labels }
