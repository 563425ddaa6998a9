package main

import (
	"encoding/json"
	"errors"
	"fmt"

	mcpschema "github.com/mcpkit/mcpkit/packages/schema/lang/go"
	mcp "github.com/mcpkit/mcpkit/packages/schema/lang/go/mcp20260728"
)

func main() {
	// A tools/call request as a client sends it; `traceparent` is an extension key in `_meta`.
	request, err := mcp.UnmarshalCallToolRequest([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call",
		"params":{"name":"get_weather","arguments":{"city":"Paris","unit":null},
		"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
		"io.modelcontextprotocol/clientCapabilities":{},
		"traceparent":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}}}`))
	if err != nil {
		panic(err)
	}
	fmt.Println("tool:", request.Params.Name)
	encoded, err := request.Marshal() // the same JSON again: nothing added, nothing lost
	if err != nil {
		panic(err)
	}
	fmt.Println("request:", string(encoded))

	// The server's answer.
	text := "18 °C, sunny"
	result := mcp.CallToolResult{
		ResultType:        "complete",
		Content:           []mcp.ContentBlock{{Type: "text", Text: &text}},
		StructuredContent: map[string]interface{}{"temperature": 18, "wind": nil},
		Meta: &mcp.CacheableResultMeta{AdditionalProperties: map[string]json.RawMessage{
			"com.example/station": json.RawMessage(`"paris-12"`),
		}},
	}
	encoded, err = result.Marshal()
	if err != nil {
		panic(err)
	}
	decoded, err := mcp.UnmarshalCallToolResult(encoded)
	if err != nil {
		panic(err)
	}
	again, _ := decoded.Marshal()
	fmt.Println("result:", string(again))

	// What the schema (or the spec) refuses is a *mcpschema.DecodeError naming the member at fault.
	_, err = mcp.UnmarshalCallToolResult([]byte(`{"resultType":"bogus","content":[]}`))
	var refused *mcpschema.DecodeError
	if !errors.As(err, &refused) {
		panic("an unknown resultType was decoded")
	}
	fmt.Println("refused:", refused.Pointer, refused.Message)
}
