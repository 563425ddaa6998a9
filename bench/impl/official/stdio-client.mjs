// Official SDK v2 client over stdio, pinned to the modern era (2026-07-28).
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

export const era = '2026-07-28 (versionNegotiation pin)';

/** Spawns `command args` and returns a connected client facade: call(name, args) → CallToolResult. */
export async function connect({ command, args, env }) {
  const client = new Client({ name: 'bench-official-client', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  const transport = new StdioClientTransport({ command, args, env, stderr: 'inherit' });
  await client.connect(transport);
  return {
    call: (name, args) => client.callTool({ name, arguments: args }),
    close: () => client.close(),
  };
}
