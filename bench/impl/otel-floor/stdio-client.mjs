// The `otel` scenario's floor client over stdio: ModernClient over floor.mjs's transport wrapper.
import { ModernClient } from '@mcpkit/client';
import { StdioClientTransport } from '@mcpkit/stdio';
import { registerSdk } from '../mcpkit-otel/sdk.mjs';
import { floorTransport } from './floor.mjs';

export const era = '2026-07-28';

export async function connect({ command, args, env }) {
  registerSdk();
  const transport = floorTransport(new StdioClientTransport({ command, args, env, stderr: 'inherit' }));
  const client = new ModernClient(transport, { clientInfo: { name: 'bench-otel-floor-client', version: '1.0.0' } });
  return {
    call: (name, args) => client.callTool({ name, arguments: args }),
    close: () => client.close(),
  };
}
