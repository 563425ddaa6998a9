// The minimal mcpkit client of scenario 5 as LeanClient with every default check named
// (`resultValidators` of @mcpkit/client/result-validators): what ModernClient checks, in a bundle of its own.
import { HttpClientTransport } from '@mcpkit/http';
import { LeanClient } from '@mcpkit/client/lean';
import { resultValidators } from '@mcpkit/client/result-validators';

/** Connects to `url`, calls `echo` with `text`, closes, and resolves with the CallToolResult. */
export async function callEcho(url, text) {
  const client = new LeanClient(new HttpClientTransport(url), { clientInfo: { name: 'bench-min-client', version: '1.0.0' }, resultValidators });
  try {
    return await client.callTool({ name: 'echo', arguments: { text } });
  } finally {
    await client.close();
  }
}
