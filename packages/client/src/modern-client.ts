import type { MessageTransport } from '@mcpkit/jsonrpc';
import { LeanClient } from './client.js';
import { loadResultValidators, OUTPUT_SCHEMAS_ONLY } from './default-validators.js';
import type { ModernClientOptions } from './options.js';

/**
 * The 2026-07-28 client over any `MessageTransport` (stdio, HTTP...). Stateless: every request
 * carries its own `_meta`; nothing is negotiated up front (call `discover()` when you want to know
 * the server). Every result is checked against its method's schema, and a tool's
 * `structuredContent` against its `outputSchema`, unless `validateResults: false` (then only the
 * latter). The validators load when the client starts; `LeanClient` (`@mcpkit/client/lean`) is
 * this client for a bundle that names its checks itself.
 *
 * @example
 * const client = new ModernClient(new StdioClientTransport({ command: 'my-server' }));
 * const result = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
 */
export class ModernClient extends LeanClient {
  constructor(transport: MessageTransport, options: ModernClientOptions = {}) {
    const { validateResults, ...rest } = options;
    super(transport, { ...rest, resultValidators: validateResults === false ? OUTPUT_SCHEMAS_ONLY : loadResultValidators });
  }
}
