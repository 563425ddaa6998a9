import type { JsonRpcMessage } from '@mcpkit/jsonrpc';
import { parseMemoryLine } from '../serve/memory-report.js';
import type { ExchangeView, MemoryReport, MemoryView, SessionMemory, WireItem } from './protocol.js';

/**
 * The "server memory" panel of the live connection: what the server has to remember between
 * requests. A modern server keeps nothing (each request carries its version, capabilities and
 * client info in `_meta`). A legacy server keeps a session, and everything in it came from this
 * client: the `initialize` params, `notifications/initialized`, `logging/setLevel`,
 * `resources/subscribe`, and on HTTP the `Mcp-Session-Id` it minted; a DELETE or the end of the
 * process ends it. When the server reports its own memory (`mcpkit serve-example --report-memory`
 * writes it on stderr after each request), its word is shown beside ours.
 */
export class MemoryTracker {
  private era: 'modern' | 'legacy' | undefined;
  private session: SessionMemory | undefined;
  private report: MemoryReport | undefined;
  private pendingStderr = '';
  private initializeId: unknown;

  constructor(
    private readonly transport: 'stdio' | 'http',
    private readonly publish: (memory: MemoryView) => void,
  ) {}

  /** The verdict's era. */
  setEra(era: 'modern' | 'legacy'): void {
    if (this.era === era) return;
    this.era = era;
    this.changed();
  }

  /** A message on the wire. */
  wire(item: WireItem): void {
    const message = item.message;
    if (item.dir === 'send') this.sent(message);
    else if (!('method' in message) && 'id' in message && message.id === this.initializeId && this.session !== undefined && 'result' in message) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      this.session = { ...this.session, ...(typeof version === 'string' && { protocolVersion: version }) };
      this.changed();
    }
  }

  private sent(message: JsonRpcMessage): void {
    if (!('method' in message)) return;
    const params = (message.params ?? {}) as Record<string, unknown>;
    switch (message.method) {
      case 'initialize':
        this.initializeId = 'id' in message ? message.id : undefined;
        this.session = {
          clientInfo: (params.clientInfo ?? {}) as Record<string, unknown>,
          clientCapabilities: (params.capabilities ?? {}) as Record<string, unknown>,
          initialized: false,
          subscriptions: [],
        };
        break;
      case 'notifications/initialized':
        if (this.session === undefined) return;
        this.session = { ...this.session, initialized: true };
        break;
      case 'logging/setLevel':
        if (this.session === undefined || typeof params.level !== 'string') return;
        this.session = { ...this.session, logLevel: params.level };
        break;
      case 'resources/subscribe':
      case 'resources/unsubscribe': {
        if (this.session === undefined || typeof params.uri !== 'string') return;
        const others = this.session.subscriptions.filter((uri) => uri !== params.uri);
        this.session = { ...this.session, subscriptions: message.method === 'resources/subscribe' ? [...others, params.uri] : others };
        break;
      }
      default:
        return;
    }
    this.changed();
  }

  /** An HTTP exchange: the session id the server minted, or the DELETE that ended it. */
  exchange(exchange: ExchangeView, carried: JsonRpcMessage | undefined): void {
    if (this.session === undefined) return;
    const minted = exchange.responseHeaders.find(([name]) => name.toLowerCase() === 'mcp-session-id')?.[1];
    if (carried !== undefined && 'method' in carried && carried.method === 'initialize' && minted !== undefined && exchange.status < 300) {
      this.session = { ...this.session, id: minted };
      this.changed();
    } else if (exchange.method === 'DELETE') {
      this.session = { ...this.session, ended: 'deleted' };
      this.changed();
    }
  }

  /** The server's stderr: memory lines are its own report. */
  stderr(text: string): void {
    this.pendingStderr += text;
    const lines = this.pendingStderr.split('\n');
    this.pendingStderr = lines.pop() ?? '';
    for (const line of lines) {
      const snapshot = parseMemoryLine(line.trim());
      if (snapshot === undefined) continue;
      this.report = { after: snapshot.after, sessions: snapshot.sessions as unknown as Record<string, unknown>[] };
      this.changed();
    }
  }

  /** The connection is over: a legacy session lived in it (stdio) and ends with it. */
  closed(): void {
    if (this.session === undefined || this.session.ended !== undefined) return;
    this.session = { ...this.session, ended: 'closed' };
    this.changed();
  }

  /** The panel now. */
  view(): MemoryView {
    return {
      era: this.era,
      transport: this.transport,
      ...(this.era === 'legacy' && this.session !== undefined && { session: this.session }),
      ...(this.report !== undefined && { report: this.report }),
    };
  }

  private changed(): void {
    this.publish(this.view());
  }
}
