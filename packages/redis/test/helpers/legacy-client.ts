// A bare 2025-11-25 Streamable HTTP client over fetch, so the tests see every header, event id and
// resumption on the wire. spec: 2025-11-25/pages/basic/transports.mdx

export const LEGACY = '2025-11-25';

/** One SSE event; `message` is its data parsed (undefined for a priming event with empty data). */
export interface SseEvent {
  readonly id?: string;
  readonly retry?: number;
  readonly message?: any;
}

/** Reads the events of an SSE response one at a time. */
export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';

  constructor(response: Response) {
    if (!response.body) throw new Error(`no body (status ${response.status})`);
    this.reader = response.body.getReader();
  }

  /** The next event, or undefined when the stream ended. */
  async next(): Promise<SseEvent | undefined> {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const event = parseBlock(block);
        if (event) return event;
        continue;
      }
      const { value, done } = await this.reader.read();
      if (done) return undefined;
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  /** The next event that carries a message (priming events skipped). */
  async message(): Promise<SseEvent | undefined> {
    for (;;) {
      const event = await this.next();
      if (event === undefined || event.message !== undefined) return event;
    }
  }

  /** Drops the connection (as a client that lost its network would). */
  cancel(): Promise<void> {
    return this.reader.cancel();
  }
}

function parseBlock(block: string): SseEvent | undefined {
  let id: string | undefined;
  let retry: number | undefined;
  const data: string[] = [];
  let any = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    any = true;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'retry') retry = Number(value);
    else if (field === 'data') data.push(value);
  }
  if (!any) return undefined;
  const text = data.join('\n');
  return { id, retry, message: text === '' ? undefined : JSON.parse(text) };
}

/** A legacy session: its id and the endpoint it talks to (through the load balancer). */
export class LegacySession {
  private constructor(
    readonly endpoint: string,
    readonly id: string,
  ) {}

  /** `initialize` + `notifications/initialized`; fails unless the server minted a session. */
  static async open(endpoint: string, capabilities: Record<string, unknown> = {}): Promise<LegacySession> {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: LEGACY, capabilities, clientInfo: { name: 'legacy-test', version: '1' } },
      }),
    });
    const id = response.headers.get('mcp-session-id');
    const body = (await response.json()) as { result?: { protocolVersion?: string } };
    if (!id || body.result?.protocolVersion !== LEGACY) throw new Error(`initialize failed: ${response.status} ${JSON.stringify(body)}`);
    const session = new LegacySession(endpoint, id);
    const initialized = await session.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    if (initialized.status !== 202) throw new Error(`notifications/initialized: ${initialized.status}`);
    return session;
  }

  /** The headers every message of the session carries. */
  get headers(): Record<string, string> {
    return { 'mcp-session-id': this.id, 'mcp-protocol-version': LEGACY };
  }

  /** POSTs one message (request, notification or response). */
  post(message: unknown): Promise<Response> {
    return fetch(this.endpoint, {
      method: 'POST',
      headers: { ...this.headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(message),
    });
  }

  /** Sends a request and returns its response message, whether it came as JSON or on an SSE stream. */
  async request(id: number | string, method: string, params?: Record<string, unknown>): Promise<any> {
    const response = await this.post({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      const reader = new SseReader(response);
      for (let event = await reader.message(); event; event = await reader.message())
        if (event.message.id === id && !('method' in event.message)) return event.message;
      throw new Error(`the stream of ${method} ended without its response`);
    }
    return response.json();
  }

  /** Opens the session's GET stream, or resumes a stream after `lastEventId`. */
  get(lastEventId?: string): Promise<Response> {
    return fetch(this.endpoint, { headers: { ...this.headers, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } });
  }
}
