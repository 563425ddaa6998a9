import type { ModernClient } from '@mcpkit/client';
import type { EraVerdict } from './era-cache.js';
import type { LegacyClient } from './legacy-client.js';

/**
 * What `connect()` resolves to: the era's own client (`ModernClient` or `LegacyClient`), with the
 * verdict that chose it. Narrow on `era` to reach what only one era has (`step()` is modern,
 * `ping()` and `setLoggingLevel()` are legacy); what both have is the shared `McpClient` surface.
 *
 * @example
 * const client = await connect({ command: 'node', args: ['server.js'] }, { handlers });
 * if (client.era === 'legacy') await client.ping();
 * console.log(client.era, client.protocolVersion, client.verdict.reason);
 */
export type DualEraClient = (ModernClient | LegacyClient) & {
  /** How the era was found (`probe`, `cache` or `option`) and why. */
  readonly verdict: EraVerdict;
};

/** The client with its verdict attached, read-only, as `DualEraClient` promises. */
export function withVerdict(client: ModernClient | LegacyClient, verdict: EraVerdict): DualEraClient {
  return Object.defineProperty(client, 'verdict', { value: verdict, enumerable: true }) as DualEraClient;
}
