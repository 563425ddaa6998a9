import type { JsonRpcMessage, RequestId } from '@mcpkit/jsonrpc';
import {
  MemorySessionStore,
  type PendingRequestRecord,
  type ReplayResult,
  type SessionPatch,
  type SessionRecord,
  type SessionSignal,
  type SessionStore,
  type StoredEvent,
} from '@mcpkit/legacy';

/**
 * The session store the demo gives its HTTP server: the dual-era server's own in-memory store,
 * with a list of the sessions it holds, so "server memory" is read from what the server stored.
 */
export class RecordingSessionStore implements SessionStore {
  private readonly inner = new MemorySessionStore();
  private readonly ids = new Set<string>();

  /** Every session the server holds now, as stored. */
  async sessions(): Promise<SessionRecord[]> {
    const records: SessionRecord[] = [];
    for (const id of this.ids) {
      const record = await this.inner.get(id);
      if (record === undefined) this.ids.delete(id);
      else records.push(record);
    }
    return records;
  }

  async create(record: SessionRecord): Promise<boolean> {
    const created = await this.inner.create(record);
    if (created) this.ids.add(record.id);
    return created;
  }

  get(id: string): Promise<SessionRecord | undefined> {
    return this.inner.get(id);
  }

  update(id: string, patch: SessionPatch): Promise<SessionRecord | undefined> {
    return this.inner.update(id, patch);
  }

  async delete(id: string): Promise<boolean> {
    this.ids.delete(id);
    return this.inner.delete(id);
  }

  addPending(sessionId: string, record: PendingRequestRecord): Promise<void> {
    return this.inner.addPending(sessionId, record);
  }

  takePending(sessionId: string, id: RequestId): Promise<PendingRequestRecord | undefined> {
    return this.inner.takePending(sessionId, id);
  }

  openStream(sessionId: string, streamId: string): Promise<void> {
    return this.inner.openStream(sessionId, streamId);
  }

  appendEvent(sessionId: string, streamId: string, message: JsonRpcMessage): Promise<StoredEvent> {
    return this.inner.appendEvent(sessionId, streamId, message);
  }

  endStream(sessionId: string, streamId: string): Promise<void> {
    return this.inner.endStream(sessionId, streamId);
  }

  replay(sessionId: string, lastEventId: string): Promise<ReplayResult | undefined> {
    return this.inner.replay(sessionId, lastEventId);
  }

  publish(signal: SessionSignal): Promise<void> {
    return this.inner.publish(signal);
  }

  subscribe(listener: (signal: SessionSignal) => void): Promise<() => void> {
    return this.inner.subscribe(listener);
  }

  close(): Promise<void> {
    this.ids.clear();
    return this.inner.close();
  }
}
