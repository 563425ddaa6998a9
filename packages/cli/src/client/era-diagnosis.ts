import { RemoteError } from '@mcpkit/client';
import { HttpError } from '@mcpkit/http';
import { HttpSseClientTransport, type DualEraClient, type HttpClientSettings } from '@mcpkit/legacy';

/**
 * `--era modern` against a server that only speaks 2025-11-25 fails with whatever that server says
 * to a request it cannot place (-32601, -32600, an HTTP 400 without a session...). When a command
 * fails that way, the CLI asks `server/discover`, which every modern server must answer: if that is
 * refused in the same way, the server is legacy and the user is told so.
 */

/** Modern errors (-32020..-32022) come only from modern servers. */
const MODERN_CODES = new Set([-32020, -32021, -32022]);

/** Whether `error` is the kind of refusal a legacy server gives a modern request. */
export function looksLikeLegacyRefusal(error: unknown): boolean {
  if (error instanceof RemoteError) return error.code === -32601 || error.code === -32600 || (error.code <= -32000 && error.code >= -32019);
  if (error instanceof HttpError) {
    if (error.rpcError !== undefined && MODERN_CODES.has(error.rpcError.code)) return false;
    return error.status === 400 || error.status === 404 || error.status === 405;
  }
  return false;
}

/** The message to show when the server turns out to be legacy-only, or undefined when it is not. */
export async function diagnoseLegacyServer(client: DualEraClient, error: unknown, signal: AbortSignal): Promise<string | undefined> {
  if (!looksLikeLegacyRefusal(error)) return undefined;
  let refusal: unknown = error;
  try {
    await client.discover({ signal, timeoutMs: 5000, cache: 'no-store' });
    return undefined;
  } catch (discoverError) {
    if (!looksLikeLegacyRefusal(discoverError) && !(discoverError instanceof RemoteError && discoverError.code === -32602)) return undefined;
    refusal = discoverError;
  }
  const said =
    refusal instanceof RemoteError
      ? `error ${refusal.code} "${refusal.message}"`
      : `HTTP ${(refusal as HttpError).status}${(refusal as HttpError).rpcError ? ` with error ${(refusal as HttpError).rpcError!.code} "${(refusal as HttpError).rpcError!.message}"` : ''}`;
  return (
    `the server does not speak 2026-07-28: it answered server/discover, which every modern server implements, with ${said}. ` +
    'It looks like a legacy-only (2025-11-25) server; drop --era modern (auto probes and falls back) or use --era legacy'
  );
}

/**
 * `--era modern` refused with 400/404/405: when a GET of the URL opens an SSE stream announcing an
 * `endpoint`, the URL serves the 2024-11-05 HTTP+SSE transport, and the user is told so.
 */
export async function diagnoseHttpSseServer(url: string, error: unknown, http: HttpClientSettings, timeoutMs: number): Promise<string | undefined> {
  if (!(error instanceof HttpError) || ![400, 404, 405].includes(error.status)) return undefined;
  const transport = new HttpSseClientTransport(url, { ...http, endpointTimeoutMs: timeoutMs });
  try {
    await transport.start();
  } catch {
    return undefined;
  } finally {
    await transport.close().catch(() => undefined);
  }
  return (
    `${url} serves the 2024-11-05 HTTP+SSE transport (its GET stream announced the endpoint ${transport.endpoint ?? '?'}), ` +
    'which MCP 2026-07-28 does not have; drop --era modern (auto falls back to it) or use --era legacy'
  );
}
