// mcpkit client over stdio with instrumentTransport (the `otel` scenario): every call a CLIENT span.
import { ModernClient } from '@mcpkit/client';
import { instrumentTransport } from '@mcpkit/otel';
import { StdioClientTransport } from '@mcpkit/stdio';
import { registerSdk } from './sdk.mjs';

export const era = '2026-07-28';

export async function connect({ command, args, env }) {
  registerSdk();
  const transport = instrumentTransport(new StdioClientTransport({ command, args, env, stderr: 'inherit' }));
  const client = new ModernClient(transport, { clientInfo: { name: 'bench-mcpkit-otel-client', version: '1.0.0' } });
  return {
    call: (name, args) => client.callTool({ name, arguments: args }),
    close: () => client.close(),
  };
}
