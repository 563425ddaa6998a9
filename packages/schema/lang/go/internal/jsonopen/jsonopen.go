// Package jsonopen encodes and decodes the MCP structs without losing anything: members a struct
// does not declare, and explicit nulls its field cannot tell from absence, are kept in the struct's
// AdditionalProperties and written back; an optional field is left out only when it is nil, so an
// empty object or array that was sent ({} declares a capability) is sent again.
package jsonopen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
)

type field struct {
	index     int
	name      string
	omitEmpty bool
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
			if option == "omitempty" {
				f.omitEmpty = true
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

func decode(raw json.RawMessage, target interface{}) error {
	decoder := json.NewDecoder(bytes.NewReader(raw))
	decoder.UseNumber() // numbers in free-form JSON keep their exact digits
	return decoder.Decode(target)
}

// Unmarshal decodes the JSON object data into the struct *ptr, putting every member it does not
// declare (and every explicit null left nil) into *extra.
func Unmarshal(data []byte, ptr interface{}, extra *map[string]json.RawMessage) error {
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		return nil
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return err
	}
	value := reflect.ValueOf(ptr).Elem()
	for _, f := range fieldsOf(value.Type()) {
		raw, ok := members[f.name]
		if !ok {
			continue
		}
		target := value.Field(f.index)
		if err := decode(raw, target.Addr().Interface()); err != nil {
			return fmt.Errorf("%s: %w", f.name, err)
		}
		if !(isNil(target) && bytes.Equal(bytes.TrimSpace(raw), []byte("null"))) {
			delete(members, f.name)
		}
	}
	*extra = nil
	if len(members) > 0 {
		*extra = members
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
