import json

from mcpkit_schema import DecodeError
from mcpkit_schema.mcp_2026_07_28 import call_tool_request_from_dict, call_tool_result_from_dict

# A tools/call request as a client sends it; `traceparent` is an extension key in `_meta`.
request = call_tool_request_from_dict(json.loads("""{"jsonrpc": "2.0", "id": 1, "method": "tools/call",
    "params": {"name": "get_weather", "arguments": {"city": "Paris", "unit": null},
    "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
    "traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}}}"""))
print("tool:", request.params.name)
# Keys `_meta` does not declare are in `additional_properties`, as received.
assert "traceparent" in request.params.meta.additional_properties
# The same JSON again: nothing added, nothing lost.
print("request:", json.dumps(request.to_dict(), ensure_ascii=False))

# The server's answer.
result = call_tool_result_from_dict(json.loads("""{"resultType": "complete",
    "content": [{"type": "text", "text": "18 °C, sunny"}],
    "structuredContent": {"temperature": 18, "wind": null},
    "_meta": {"com.example/station": "paris-12"}}"""))
print("result:", json.dumps(result.to_dict(), ensure_ascii=False))

# What the schema (or the spec) refuses raises DecodeError, naming the member at fault.
try:
    call_tool_result_from_dict({"resultType": "bogus", "content": []})
except DecodeError as error:
    print("refused:", error)
