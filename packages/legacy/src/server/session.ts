/**
 * A legacy session as the request handlers see it: what `initialize` settled (version, client
 * capabilities and info) plus what later requests changed (log level, resource subscriptions).
 * On stdio it lives in the process; on HTTP it is read from and written to a `SessionStore`.
 */
import type { JsonObject } from '@mcpkit/jsonrpc';
import type { LoggingLevel } from '@mcpkit/schema';

/** What a session knows about its client; the modern `_meta` of every request is built from it. */
export interface LegacySessionState {
  /** The negotiated revision (2025-11-25, 2025-06-18, 2025-03-26 or 2024-11-05). */
  readonly protocolVersion: string;
  /** `initialize.params.capabilities`, as the client declared them. */
  readonly clientCapabilities: JsonObject;
  /** `initialize.params.clientInfo`. */
  readonly clientInfo: JsonObject;
  /** Set by `logging/setLevel`; undefined until then (no log notifications). */
  readonly logLevel: LoggingLevel | undefined;
  /** URIs subscribed with `resources/subscribe`. */
  readonly subscriptions: readonly string[];
}

/** The state of one session and the changes a request may make to it. */
export interface LegacySession {
  /** The state as of this request. */
  readonly state: LegacySessionState;
  /** `logging/setLevel`. */
  setLogLevel(level: LoggingLevel): Promise<void>;
  /** `resources/subscribe` (idempotent). */
  subscribe(uri: string): Promise<void>;
  /** `resources/unsubscribe` (idempotent). */
  unsubscribe(uri: string): Promise<void>;
}

/** A session held in this process (stdio, or tests). */
export class InMemorySession implements LegacySession {
  state: LegacySessionState;

  constructor(initial: LegacySessionState) {
    this.state = initial;
  }

  setLogLevel(level: LoggingLevel): Promise<void> {
    this.state = { ...this.state, logLevel: level };
    return Promise.resolve();
  }

  subscribe(uri: string): Promise<void> {
    if (!this.state.subscriptions.includes(uri)) this.state = { ...this.state, subscriptions: [...this.state.subscriptions, uri] };
    return Promise.resolve();
  }

  unsubscribe(uri: string): Promise<void> {
    this.state = { ...this.state, subscriptions: this.state.subscriptions.filter((s) => s !== uri) };
    return Promise.resolve();
  }
}

/**
 * Whether a `resources/updated` for `uri` concerns a session subscribed to `subscribed`: the same
 * URI, or one below it (the modern listen stream's rule, server/resources.mdx "Subscriptions").
 */
export function coversUri(subscribed: string, uri: string): boolean {
  if (uri === subscribed) return true;
  return uri.startsWith(subscribed.endsWith('/') ? subscribed : `${subscribed}/`);
}
