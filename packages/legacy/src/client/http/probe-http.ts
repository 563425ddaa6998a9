import type { JsonRpcErrorObject, JsonRpcMessage } from '@mcpkit/jsonrpc';
import type { WireTrace } from '@mcpkit/client';
import type { DiscoverResult } from '@mcpkit/schema';
import { EraProbeError } from '../errors.js';
import { probeRequest, readError, readResult, type ProbeIdentity, type ProbeReading } from '../probe-reading.js';
import { defaultFetch, excerpt, parseJson, reportExchange, type HttpClientSettings } from './http-exchange.js';
import { pumpSse, readExcerpt, readTextLimited, SseParser } from '@mcpkit/http/toolkit';

/**
 * The era probe over Streamable HTTP (2026-07-28 basic/transports/streamable-http.mdx, "Backward
 * Compatibility"): POST a modern `server/discover` with the modern headers and read the status and
 * body. A `DiscoverResult`, a modern error (-32020..-32022), or 404 with a -32601 body means modern;
 * 400/404/405 (or another 4xx) without a modern body, any other JSON-RPC error, or a timeout means
 * legacy. 401/403/407, 429, 5xx and network failures decide nothing: the probe throws
 * `EraProbeError` and no verdict is cached.
 */

/** How an HTTP probe runs. */
export interface HttpProbeOptions {
  readonly identity: ProbeIdentity;
  readonly modernVersions: readonly string[];
  readonly legacyVersions: readonly string[];
  /** How long to wait for each reply, body included; then the exchange is aborted (the modern cancellation). */
  readonly timeoutMs: number;
  readonly trace?: WireTrace;
  readonly http?: HttpClientSettings;
}

/** What the probe found. */
export interface HttpProbeOutcome {
  readonly era: 'modern' | 'legacy';
  readonly protocolVersion?: string;
  readonly discover?: DiscoverResult;
  readonly reason: string;
}

/** Probes the HTTP endpoint at `url`. */
export async function probeHttp(url: string, options: HttpProbeOptions): Promise<HttpProbeOutcome> {
  let version = options.modernVersions[0] as string;
  let before = '';
  for (let attempt = 0; ; attempt++) {
    const read = await post(url, version, options);
    if (read.kind === 'retry' && attempt === 0) {
      version = read.version;
      before = `${read.reason}; then `;
      continue;
    }
    // After a -32022 the era is settled as modern whatever the retry answers: never fall back then.
    if (read.kind === 'legacy' && attempt === 0) return { era: 'legacy', protocolVersion: read.version, reason: read.reason };
    return { era: 'modern', protocolVersion: version, discover: read.kind === 'modern' ? read.discover : undefined, reason: before + read.reason };
  }
}

/** The statuses that say something about access or load, never about the era. */
function undecided(status: number): boolean {
  return status === 401 || status === 403 || status === 407 || status === 429 || status >= 500;
}

async function post(url: string, version: string, options: HttpProbeOptions): Promise<ProbeReading> {
  const settings = options.http ?? {};
  const request = probeRequest(version, options.identity);
  const headers: Record<string, string> = {
    ...settings.headers,
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': version,
    'Mcp-Method': 'server/discover',
  };
  const trace = (direction: 'send' | 'receive', message: JsonRpcMessage): void => {
    try {
      options.trace?.({ direction, message });
    } catch {
      // A broken trace hook must never break the probe.
    }
  };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('era probe timed out'));
  }, options.timeoutMs);
  const timeout: ProbeReading = { kind: 'legacy', reason: `server/discover got no answer within ${options.timeoutMs} ms` };
  try {
    trace('send', request);
    let response: Response;
    try {
      response = await (settings.fetch ?? defaultFetch)(url, { method: 'POST', headers, body: JSON.stringify(request), signal: controller.signal });
    } catch (error) {
      if (timedOut) return timeout;
      // A local error of the injected fetch (an AuthError of withOAuth: sign-in refused, retry limit) is
      // the caller's business, not a fact about the server's era: it reaches the caller as it is.
      if ((error as { remote?: unknown } | null)?.remote === false) throw error;
      throw new EraProbeError(`The era probe could not reach ${url}: ${(error as Error).message}`, undefined, { cause: error });
    }
    reportExchange(settings, { method: 'POST', url, message: request, requestHeaders: headers, status: response.status, responseHeaders: response.headers });
    const status = response.status;
    if (undecided(status)) {
      const body = excerpt(await readExcerpt(response));
      const why =
        status === 401 || status === 403 || status === 407
          ? 'authorization decides nothing about the era: authorize, then connect again'
          : 'the server could not answer';
      throw new EraProbeError(`The era probe got HTTP ${status}${body ? ` (${body})` : ''}; ${why}`, status);
    }
    const type = (response.headers.get('content-type') ?? '').toLowerCase();
    let reply: JsonRpcMessage | undefined;
    try {
      reply =
        type.startsWith('text/event-stream') && response.body !== null
          ? await replyFromSse(response.body, request.id as string)
          : replyFromJson(await readTextLimited(response, 16 * 1024 * 1024));
    } catch (error) {
      if (timedOut) return timeout;
      throw error;
    }
    if (timedOut) return timeout;
    if (reply !== undefined) trace('receive', reply);
    if (reply !== undefined && 'error' in reply) {
      const error = reply.error as JsonRpcErrorObject;
      const read = readError(error, version, options.modernVersions, options.legacyVersions, status);
      return read.kind === 'legacy' ? { ...read, reason: `HTTP ${status}: ${read.reason}` } : read;
    }
    if (reply !== undefined && 'result' in reply && status >= 200 && status < 300 && reply.id === request.id) return readResult(reply.result);
    return { kind: 'legacy', reason: `server/discover was answered HTTP ${status} without a modern JSON-RPC reply` };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** The one JSON-RPC response of a JSON body (any id: a 4xx body often says `id: null`). */
function replyFromJson(text: string): JsonRpcMessage | undefined {
  const value = parseJson(text) as Record<string, unknown> | undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || 'method' in value) return undefined;
  const error = value.error as Record<string, unknown> | undefined;
  if (error !== undefined && (typeof error !== 'object' || error === null || typeof error.code !== 'number')) return undefined;
  if (!('result' in value) && error === undefined) return undefined;
  return value as unknown as JsonRpcMessage;
}

/** The response to the probe from an SSE body (notifications before it are skipped). */
async function replyFromSse(body: ReadableStream<Uint8Array>, id: string): Promise<JsonRpcMessage | undefined> {
  let reply: JsonRpcMessage | undefined;
  const parser = new SseParser((event) => {
    if (reply !== undefined || event.event !== 'message') return;
    const message = replyFromJson(event.data);
    if (message !== undefined && ((message as { id?: unknown }).id === id || (message as { id?: unknown }).id === null)) reply = message;
  });
  await pumpSse(body, parser, () => reply !== undefined);
  return reply;
}
