// Minimal modern mcpkit client (scenario 5): ModernClient over the fetch-based HTTP transport, one `tools/call`.
import { ModernClient } from '@mcpkit/client';
import { HttpClientTransport } from '@mcpkit/http';

/** Connects to `url`, calls `echo` with `text`, closes, and resolves with the CallToolResult. */
export async function callEcho(url, text) {
  const client = new ModernClient(new HttpClientTransport(url), { clientInfo: { name: 'bench-min-client', version: '1.0.0' } });
  try {
    return await client.callTool({ name: 'echo', arguments: { text } });
  } finally {
    await client.close();
  }
}
