// Package mcpschema holds the version of these bindings; the types are in the packages named for
// each revision (mcp20260728, mcp20251125).
package mcpschema

// Version is the version of @mcpkit/schema these bindings were generated with (also the module's
// tag: packages/schema/lang/go/v0.1.0).
const Version = "0.1.0"
