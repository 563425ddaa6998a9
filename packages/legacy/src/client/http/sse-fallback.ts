/**
 * The client half of the Streamable HTTP spec's backwards-compatibility procedure
 * (2025-11-25/pages/basic/transports.mdx, "Backwards Compatibility"): when the POST of `initialize`
 * fails with 400, 404 or 405, GET the same URL; an SSE stream whose first event is `endpoint` means
 * a 2024-11-05 HTTP+SSE server, spoken to with `HttpSseClientTransport` from then on.
 */
import { HttpError } from '@mcpkit/http';
import { HttpSseClientTransport } from './http-sse-transport.js';
import type { LegacyHttpClientOptions } from './legacy-http-transport.js';
import { endpointAttempt, WrongEndpointError } from './wrong-endpoint.js';

/** The statuses of a refused `initialize` that send the client to look for an HTTP+SSE server. */
const FALLBACK_STATUSES = new Set([400, 404, 405]);

/** Whether `error` (the failure of `initialize` over Streamable HTTP) calls for the HTTP+SSE attempt. */
export function refusedAsStreamable(error: unknown): error is HttpError {
  return error instanceof HttpError && FALLBACK_STATUSES.has(error.status);
}

/**
 * Opens an HTTP+SSE session on `url` after `refused`. Throws `WrongEndpointError` with both attempts
 * when the GET is not such a stream; any other failure of the GET (network, auth) as it is.
 */
export async function openHttpSse(url: string, http: LegacyHttpClientOptions, endpointTimeoutMs: number, refused: HttpError): Promise<HttpSseClientTransport> {
  const transport = new HttpSseClientTransport(url, { ...http, endpointTimeoutMs });
  try {
    await transport.start();
    return transport;
  } catch (error) {
    await transport.close().catch(() => undefined);
    if (!(error instanceof WrongEndpointError)) throw error;
    const post = endpointAttempt('POST', { status: refused.status, body: refused.body });
    throw new WrongEndpointError(url, [post, ...error.attempts], { cause: refused });
  }
}

/** How the verdict's reason tells the HTTP+SSE discovery. */
export function sseReason(refused: HttpError, transport: HttpSseClientTransport): string {
  return `initialize was refused with HTTP ${refused.status}, and a GET opened a 2024-11-05 HTTP+SSE stream announcing ${transport.endpoint}`;
}
