use mcpkit_schema::mcp_2026_07_28::{CallToolRequest, CallToolResult};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A tools/call request as a client sends it; `traceparent` is an extension key in `_meta`.
    let request: CallToolRequest = mcpkit_schema::from_str(
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call",
            "params":{"name":"get_weather","arguments":{"city":"Paris","unit":null},
            "_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
            "io.modelcontextprotocol/clientCapabilities":{},
            "traceparent":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}}}"#,
    )?;
    println!("tool: {}", request.params.name);
    // Keys `_meta` does not declare are in `additional_properties`, as received.
    let meta = &request.params.meta.additional_properties;
    assert!(meta.contains_key("traceparent"));
    // The same JSON again: nothing added, nothing lost.
    println!("request: {}", serde_json::to_string(&request)?);

    // The server's answer.
    let result: CallToolResult = mcpkit_schema::from_str(
        r#"{"resultType":"complete","content":[{"type":"text","text":"18 °C, sunny"}],
            "structuredContent":{"temperature":18,"wind":null},
            "_meta":{"com.example/station":"paris-12"}}"#,
    )?;
    println!("result: {}", serde_json::to_string(&result)?);

    // What the schema (or the spec) refuses is a DecodeError naming the member at fault.
    match mcpkit_schema::from_str::<CallToolResult>(r#"{"resultType":"bogus","content":[]}"#) {
        Ok(_) => panic!("an unknown resultType was decoded"),
        Err(error) => println!("refused: {} ({})", error.pointer, error.message),
    }
    Ok(())
}
