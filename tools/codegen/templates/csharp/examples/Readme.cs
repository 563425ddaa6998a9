using System;
using Mcp.V20260728;
using Newtonsoft.Json;

public static class Readme
{
    public static void Main()
    {
        // A tools/call request as a client sends it; `traceparent` is an extension key in `_meta`.
        var request = CallToolRequest.FromJson(@"{""jsonrpc"":""2.0"",""id"":1,""method"":""tools/call"",
            ""params"":{""name"":""get_weather"",""arguments"":{""city"":""Paris"",""unit"":null},
            ""_meta"":{""io.modelcontextprotocol/protocolVersion"":""2026-07-28"",
            ""io.modelcontextprotocol/clientCapabilities"":{},
            ""traceparent"":""00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01""}}}");
        Console.WriteLine("tool: " + request.Params.Name);
        // Keys `_meta` does not declare are in AdditionalProperties, as received.
        if (!request.Params.Meta.AdditionalProperties.ContainsKey("traceparent")) throw new InvalidOperationException("traceparent lost");
        // The same JSON again: nothing added, nothing lost.
        Console.WriteLine("request: " + request.ToJson());

        // The server's answer.
        var result = CallToolResult.FromJson(@"{""resultType"":""complete"",
            ""content"":[{""type"":""text"",""text"":""18 °C, sunny""}],
            ""structuredContent"":{""temperature"":18,""wind"":null},
            ""_meta"":{""com.example/station"":""paris-12""}}");
        Console.WriteLine("result: " + result.ToJson());

        // What the schema (or the spec) refuses throws a JsonSerializationException naming the member.
        try
        {
            CallToolResult.FromJson(@"{""resultType"":""bogus"",""content"":[]}");
            throw new InvalidOperationException("an unknown resultType was decoded");
        }
        catch (JsonSerializationException error)
        {
            Console.WriteLine("refused: " + error.Message);
        }
    }
}
