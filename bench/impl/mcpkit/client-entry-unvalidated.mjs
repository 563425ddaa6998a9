// The minimal modern mcpkit client of scenario 5 with `validateResults: false`: what a client pays when it
// leaves result validation off (the `resultType` rules still apply).
import { ModernClient } from '@mcpkit/client';
import { HttpClientTransport } from '@mcpkit/http';

/** Connects to `url`, calls `echo` with `text`, closes, and resolves with the CallToolResult. */
export async function callEcho(url, text) {
  const client = new ModernClient(new HttpClientTransport(url), { clientInfo: { name: 'bench-min-client', version: '1.0.0' }, validateResults: false });
  try {
    return await client.callTool({ name: 'echo', arguments: { text } });
  } finally {
    await client.close();
  }
}
