/**
 * Test helpers for the legacy HTTP side: a dual-era server on 127.0.0.1, raw POST/GET/DELETE,
 * and an SSE reader that yields events one at a time.
 */
import { createEverythingServer } from './fixtures/everything.mjs';
import { serveHttp } from '@mcpkit/http/node';
import { dualEra, type DualEraOptions, type DualEraServer } from '../../src/index.js';

export const LEGACY = '2025-11-25';
export const MODERN = '2026-07-28';

export interface Running {
  readonly url: string;
  readonly dual: DualEraServer;
  close(): Promise<void>;
}

/** The everything example made dual-era, served on a free port. */
export async function startDual(options: DualEraOptions = {}): Promise<Running> {
  const dual = dualEra(createEverythingServer({ onWarning: () => {} }), { onError: () => {}, ...options });
  const node = await serveHttp(dual.httpHandler(), { port: 0 });
  const url = new URL('mcp', node.url).href;
  return {
    url,
    dual,
    close: async () => {
      await dual.close();
      await node.close();
    },
  };
}

/** A POST of one JSON-RPC message with the headers a 2025-11-25 client sends. */
export function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}

/** `initialize` at 2025-11-25; resolves the session id and the result. */
export async function initialize(url: string, capabilities: Record<string, unknown> = {}, version = LEGACY) {
  const response = await post(url, {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: version, capabilities, clientInfo: { name: 'raw-test', version: '1.0.0' } },
  });
  const body = (await response.json()) as { result: Record<string, unknown> };
  const sessionId = response.headers.get('mcp-session-id')!;
  await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': sessionId });
  return { sessionId, result: body.result, response };
}

/** Headers of a request inside a session. */
export const inSession = (sessionId: string): Record<string, string> => ({ 'mcp-session-id': sessionId, 'mcp-protocol-version': LEGACY });

export interface SseEvent {
  id?: string;
  retry?: number;
  data: string;
}

/** Reads SSE events from a response body, one `next()` at a time. */
export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<string>;
  private buffer = '';
  private readonly queued: SseEvent[] = [];
  done = false;

  constructor(response: Response) {
    this.reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  }

  /** The next event, or undefined when the stream ended. */
  async next(): Promise<SseEvent | undefined> {
    while (this.queued.length === 0 && !this.done) {
      const { value, done } = await this.reader.read();
      if (done) this.done = true;
      else this.parse(value);
    }
    return this.queued.shift();
  }

  /** The next event that carries a JSON-RPC message, parsed. */
  async message(): Promise<{ id?: string; message: Record<string, any> } | undefined> {
    for (;;) {
      const event = await this.next();
      if (!event) return undefined;
      if (event.data !== '') return { id: event.id, message: JSON.parse(event.data) };
    }
  }

  /** Every remaining event until the stream ends. */
  async rest(): Promise<SseEvent[]> {
    const out: SseEvent[] = [];
    for (let e = await this.next(); e; e = await this.next()) out.push(e);
    return out;
  }

  cancel(): Promise<void> {
    return this.reader.cancel();
  }

  private parse(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event: SseEvent = { data: '' };
      const data: string[] = [];
      let any = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        any = true;
        if (field === 'id') event.id = value;
        else if (field === 'retry') event.retry = Number(value);
        else if (field === 'data') data.push(value);
      }
      if (!any) continue;
      event.data = data.join('\n');
      this.queued.push(event);
    }
  }
}
