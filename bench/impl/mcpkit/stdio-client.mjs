// mcpkit client over stdio (scenario 1): ModernClient on StdioClientTransport.
import { ModernClient } from '@mcpkit/client';
import { StdioClientTransport } from '@mcpkit/stdio';

export const era = '2026-07-28';

/** Spawns `command args` and returns call(name, args) → CallToolResult, close(). */
export async function connect({ command, args, env }) {
  const transport = new StdioClientTransport({ command, args, env, stderr: 'inherit' });
  const client = new ModernClient(transport, { clientInfo: { name: 'bench-mcpkit-client', version: '1.0.0' } });
  return {
    call: (name, args) => client.callTool({ name, arguments: args }),
    close: () => client.close(),
  };
}
