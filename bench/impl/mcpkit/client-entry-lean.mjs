// The minimal mcpkit client of scenario 5 for a bundle that counts its bytes: LeanClient with no schema
// checks named (`resultValidators: false`; the `resultType` rules still apply).
import { HttpClientTransport } from '@mcpkit/http';
import { LeanClient } from '@mcpkit/client/lean';

/** Connects to `url`, calls `echo` with `text`, closes, and resolves with the CallToolResult. */
export async function callEcho(url, text) {
  const client = new LeanClient(new HttpClientTransport(url), { clientInfo: { name: 'bench-min-client', version: '1.0.0' }, resultValidators: false });
  try {
    return await client.callTool({ name: 'echo', arguments: { text } });
  } finally {
    await client.close();
  }
}
