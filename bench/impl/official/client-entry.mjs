// Minimal modern official-SDK client: Streamable HTTP, pinned to 2026-07-28, one `tools/call`.
// Bundled by scenario 5 for the browser platform and then run against a live server to check it works.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** Connects to `url`, calls `echo` with `text`, closes, and resolves with the CallToolResult. */
export async function callEcho(url, text) {
  const client = new Client({ name: 'bench-min-client', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    return await client.callTool({ name: 'echo', arguments: { text } });
  } finally {
    await client.close();
  }
}
