/**
 * A legacy session read from a `SessionStore` for one request; its changes are written back.
 */
import type { LoggingLevel } from '@mcpkit/schema';
import type { LegacySession, LegacySessionState } from '../session.js';
import type { SessionRecord, SessionStore } from './session-store.js';

/** The handler's view of a stored session record. */
export function stateOf(record: SessionRecord): LegacySessionState {
  return {
    protocolVersion: record.protocolVersion,
    clientCapabilities: record.clientCapabilities,
    clientInfo: record.clientInfo,
    logLevel: record.logLevel,
    subscriptions: record.subscriptions,
  };
}

/** Who a principal is, for binding sessions to the caller that opened them (undefined without authentication). */
export function principalKey(principal: unknown): string | undefined {
  if (principal === null || typeof principal !== 'object') return undefined;
  const { subject, issuer } = principal as { subject?: unknown; issuer?: unknown };
  if (typeof subject !== 'string') return undefined;
  return `${typeof issuer === 'string' ? issuer : ''}\n${subject}`;
}

/** A session whose state lives in a store. */
export class StoredSession implements LegacySession {
  state: LegacySessionState;

  constructor(
    private readonly store: SessionStore,
    private readonly id: string,
    record: SessionRecord,
  ) {
    this.state = stateOf(record);
  }

  async setLogLevel(level: LoggingLevel): Promise<void> {
    const record = await this.store.update(this.id, { logLevel: level });
    if (record) this.state = stateOf(record);
  }

  subscribe(uri: string): Promise<void> {
    return this.changeSubscriptions((list) => (list.includes(uri) ? list : [...list, uri]));
  }

  unsubscribe(uri: string): Promise<void> {
    return this.changeSubscriptions((list) => list.filter((s) => s !== uri));
  }

  private async changeSubscriptions(change: (list: readonly string[]) => readonly string[]): Promise<void> {
    const current = (await this.store.get(this.id))?.subscriptions ?? this.state.subscriptions;
    const record = await this.store.update(this.id, { subscriptions: change(current) });
    if (record) this.state = stateOf(record);
  }
}
