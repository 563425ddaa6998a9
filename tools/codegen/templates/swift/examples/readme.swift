import Foundation
import MCP20260728

// A tools/call request as a client sends it.
let request = try CallToolRequest("""
    {"jsonrpc":"2.0","id":1,"method":"tools/call",
     "params":{"name":"get_weather","arguments":{"city":"Paris","unit":null},
     "_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
     "io.modelcontextprotocol/clientCapabilities":{},
     "traceparent":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}}}
    """)
print("tool: \(request.params.name)")
print("request: \(try request.jsonString() ?? "")")

// The server's answer.
let result = try CallToolResult("""
    {"resultType":"complete","content":[{"type":"text","text":"18 °C, sunny"}],
     "structuredContent":{"temperature":18,"wind":null},
     "_meta":{"com.example/station":"paris-12"}}
    """)
print("result: \(try result.jsonString() ?? "")")

// What the schema refuses throws a DecodingError whose codingPath names the member.
do {
    _ = try CallToolResult(#"{"resultType":"bogus","content":[]}"#)
} catch {
    print("refused: \(error)")
}
