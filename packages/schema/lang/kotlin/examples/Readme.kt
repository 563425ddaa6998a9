import com.fasterxml.jackson.databind.JsonMappingException
import mcp.v20260728.CallToolRequest
import mcp.v20260728.CallToolResult

fun main() {
    // A tools/call request as a client sends it; `traceparent` is an extension key in `_meta`.
    val request = CallToolRequest.fromJson("""{"jsonrpc":"2.0","id":1,"method":"tools/call",
        "params":{"name":"get_weather","arguments":{"city":"Paris","unit":null},
        "_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
        "io.modelcontextprotocol/clientCapabilities":{},
        "traceparent":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}}}""")
    println("tool: " + request.params.name)
    // Keys `_meta` does not declare are in additionalProperties, as received.
    check(request.params.meta.additionalProperties.containsKey("traceparent"))
    // The same JSON again: nothing added, nothing lost.
    println("request: " + request.toJson())

    // The server's answer.
    val result = CallToolResult.fromJson("""{"resultType":"complete",
        "content":[{"type":"text","text":"18 °C, sunny"}],
        "structuredContent":{"temperature":18,"wind":null},
        "_meta":{"com.example/station":"paris-12"}}""")
    println("result: " + result.toJson())

    // What the schema (or the spec) refuses throws a JsonMappingException naming the member.
    try {
        CallToolResult.fromJson("""{"resultType":"bogus","content":[]}""")
        throw IllegalStateException("an unknown resultType was decoded")
    } catch (error: JsonMappingException) {
        println("refused: " + error.originalMessage + " at " + error.pathReference)
    }
}
