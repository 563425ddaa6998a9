// Package jsonopen encodes and decodes the MCP structs without losing anything and without
// accepting what the schema refuses. Decoding checks every member a struct declares: a required
// one (a `json` tag without omitempty) must be present, a null is accepted only by a free-form
// member (interface{}) or one tagged nullable, and each value must have the declared type; errors
// are *mcpschema.DecodeError values naming the JSON Pointer of the member. Members a struct does
// not declare, and explicit nulls its field cannot tell from absence, are kept in the struct's
// AdditionalProperties and written back; an optional field is left out only when it is nil, so an
// empty object or array that was sent ({} declares a capability) is sent again.
package jsonopen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"

	mcpschema "{{goModule}}"
)

type field struct {
	index     int
	name      string
	omitEmpty bool
	nullable  bool
}

var fieldCache sync.Map // reflect.Type -> []field

// fieldsOf lists the JSON members a struct type declares (its `json` tags), in declaration order.
func fieldsOf(t reflect.Type) []field {
	if cached, ok := fieldCache.Load(t); ok {
		return cached.([]field)
	}
	var fields []field
	for i := 0; i < t.NumField(); i++ {
		tag, ok := t.Field(i).Tag.Lookup("json")
		if !ok || tag == "-" {
			continue
		}
		parts := strings.Split(tag, ",")
		f := field{index: i, name: parts[0]}
		for _, option := range parts[1:] {
			switch option {
			case "omitempty":
				f.omitEmpty = true
			case "nullable":
				f.nullable = true
			}
		}
		fields = append(fields, f)
	}
	fieldCache.Store(t, fields)
	return fields
}

func isNil(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Ptr, reflect.Map, reflect.Slice, reflect.Interface:
		return v.IsNil()
	}
	return false
}

func isNull(raw []byte) bool { return bytes.Equal(bytes.TrimSpace(raw), []byte("null")) }

// refused turns an error of encoding/json into a DecodeError at the value itself.
func refused(err error) *mcpschema.DecodeError {
	var known *mcpschema.DecodeError
	if errors.As(err, &known) {
		return known
	}
	var typeError *json.UnmarshalTypeError
	if errors.As(err, &typeError) {
		return &mcpschema.DecodeError{Message: fmt.Sprintf("expected %s, got %s", describe(typeError.Type), article(typeError.Value))}
	}
	return &mcpschema.DecodeError{Message: strings.TrimPrefix(err.Error(), "json: ")}
}

func describe(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Ptr:
		return describe(t.Elem())
	}
	return t.String()
}

func article(kind string) string {
	switch {
	case strings.HasPrefix(kind, "array"), strings.HasPrefix(kind, "object"):
		return "an " + kind
	case kind == "number" || strings.HasPrefix(kind, "number "), kind == "string", kind == "bool":
		return "a " + kind
	}
	return kind
}

// decodeValue decodes raw into the addressable v, descending into pointers, slices and maps itself
// so that an error names the index or key it happened at.
func decodeValue(raw json.RawMessage, v reflect.Value) error {
	switch v.Kind() {
	case reflect.Ptr:
		if isNull(raw) {
			v.Set(reflect.Zero(v.Type()))
			return nil
		}
		elem := reflect.New(v.Type().Elem())
		if err := decodeValue(raw, elem.Elem()); err != nil {
			return err
		}
		v.Set(elem)
		return nil
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Interface {
			break
		}
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return refused(err)
		}
		slice := reflect.MakeSlice(v.Type(), len(items), len(items))
		for i, item := range items {
			if err := decodeMember(item, slice.Index(i), false); err != nil {
				return err.Within(strconv.Itoa(i))
			}
		}
		v.Set(slice)
		return nil
	case reflect.Map:
		if v.Type().Elem().Kind() == reflect.Interface || v.Type().Key().Kind() != reflect.String {
			break
		}
		var members map[string]json.RawMessage
		if err := json.Unmarshal(raw, &members); err != nil {
			return refused(err)
		}
		keys := make([]string, 0, len(members))
		for key := range members {
			keys = append(keys, key)
		}
		sort.Strings(keys)
		m := reflect.MakeMapWithSize(v.Type(), len(members))
		for _, key := range keys {
			elem := reflect.New(v.Type().Elem()).Elem()
			if err := decodeMember(members[key], elem, false); err != nil {
				return err.Within(key)
			}
			m.SetMapIndex(reflect.ValueOf(key).Convert(v.Type().Key()), elem)
		}
		v.Set(m)
		return nil
	}
	decoder := json.NewDecoder(bytes.NewReader(raw))
	decoder.UseNumber() // numbers in free-form JSON keep their exact digits
	if err := decoder.Decode(v.Addr().Interface()); err != nil {
		return refused(err)
	}
	return nil
}

// decodeMember decodes one member or item: a null only where the schema allows it (free-form
// values, and members tagged nullable).
func decodeMember(raw json.RawMessage, v reflect.Value, nullable bool) *mcpschema.DecodeError {
	if isNull(raw) && !nullable && v.Kind() != reflect.Interface {
		return &mcpschema.DecodeError{Message: "expected " + describe(v.Type()) + ", got null"}
	}
	if err := decodeValue(raw, v); err != nil {
		return refused(err)
	}
	return nil
}

// Unmarshal decodes the JSON object data into the struct *ptr, checking every member it declares,
// and puts every member it does not declare (and every explicit null left nil) into *extra.
func Unmarshal(data []byte, ptr interface{}, extra *map[string]json.RawMessage) error {
	var members map[string]json.RawMessage
	if isNull(data) || json.Unmarshal(data, &members) != nil {
		var any interface{}
		if err := json.Unmarshal(data, &any); err != nil {
			return refused(err)
		}
		return &mcpschema.DecodeError{Message: "expected an object, got " + kindOf(any)}
	}
	value := reflect.ValueOf(ptr).Elem()
	for _, f := range fieldsOf(value.Type()) {
		raw, ok := members[f.name]
		if !ok {
			if !f.omitEmpty {
				return (&mcpschema.DecodeError{Message: "required member is missing"}).Within(f.name)
			}
			continue
		}
		target := value.Field(f.index)
		if err := decodeMember(raw, target, f.nullable); err != nil {
			return err.Within(f.name)
		}
		if !(isNil(target) && isNull(raw)) {
			delete(members, f.name)
		}
	}
	*extra = nil
	if len(members) > 0 {
		*extra = members
	}
	return nil
}

func kindOf(value interface{}) string {
	switch value.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	case string:
		return "a string"
	case []interface{}:
		return "an array"
	}
	return "an object"
}

// Enum decodes data into *target when it is a JSON string among values.
func Enum(data []byte, target *string, values ...string) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return refused(err)
	}
	for _, value := range values {
		if s == value {
			*target = s
			return nil
		}
	}
	quoted := make([]string, len(values))
	for i, value := range values {
		quoted[i] = strconv.Quote(value)
	}
	return &mcpschema.DecodeError{Message: fmt.Sprintf("expected one of %s, got %s", strings.Join(quoted, ", "), strconv.Quote(s))}
}

// Any decodes any JSON value into *target, numbers as json.Number (their exact digits).
func Any(data []byte, target *interface{}) error {
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	if err := decoder.Decode(target); err != nil {
		return refused(err)
	}
	return nil
}

// Marshal encodes the struct *ptr: declared members in order (an omitempty one only when it is
// not nil), then the members of extra that no field wrote, sorted by name.
func Marshal(ptr interface{}, extra map[string]json.RawMessage) ([]byte, error) {
	value := reflect.ValueOf(ptr).Elem()
	var out bytes.Buffer
	out.WriteByte('{')
	written := make(map[string]bool)
	member := func(name string, raw []byte) {
		if out.Len() > 1 {
			out.WriteByte(',')
		}
		key, _ := json.Marshal(name)
		out.Write(key)
		out.WriteByte(':')
		out.Write(raw)
		written[name] = true
	}
	for _, f := range fieldsOf(value.Type()) {
		target := value.Field(f.index)
		if f.omitEmpty && isNil(target) {
			continue
		}
		raw, err := json.Marshal(target.Addr().Interface())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
		member(f.name, raw)
	}
	names := make([]string, 0, len(extra))
	for name := range extra {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !written[name] {
			member(name, extra[name])
		}
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}
