package mcpschema

import "strings"

// DecodeError is what every Unmarshal function of the revision packages returns for JSON the
// schema refuses: a required member missing, a value of the wrong type, a null where none is
// allowed, a value an enum does not list. Pointer is the JSON Pointer (RFC 6901) of the member at
// fault ("" for the value itself), Message says what was expected and what came.
type DecodeError struct {
	Pointer string
	Message string
}

func (e *DecodeError) Error() string {
	if e.Pointer == "" {
		return e.Message
	}
	return e.Pointer + ": " + e.Message
}

// Within returns the error as seen from the object or array holding the member (or index) part.
func (e *DecodeError) Within(part string) *DecodeError {
	escaped := strings.ReplaceAll(strings.ReplaceAll(part, "~", "~0"), "/", "~1")
	return &DecodeError{Pointer: "/" + escaped + e.Pointer, Message: e.Message}
}
