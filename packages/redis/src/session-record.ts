/**
 * How `RedisSessionStore` names its keys and turns session records into Redis hash fields and
 * back. What comes back from Redis is checked before it is trusted: a record that does not parse,
 * or names another session, is refused, never served.
 */
import type { SessionPatch, SessionRecord, SessionSignal } from '@mcpkit/legacy';
import { LocalError } from '@mcpkit/jsonrpc';

type JsonObject = SessionRecord['clientInfo'];

/** The keys of one session. */
export interface SessionKeys {
  readonly record: string;
  readonly pending: string;
  readonly streams: string;
  readonly events: string;
}

/** The keys of session `id` under `base` (`<prefix>session:`). */
export function sessionKeys(base: string, id: string): SessionKeys {
  const record = base + id;
  return { record, pending: `${record}:pending`, streams: `${record}:streams`, events: `${record}:events` };
}

/** Whether `id` can be a session id at all (visible ASCII, bounded): junk never reaches Redis. */
export function plausibleSessionId(id: string): boolean {
  return id.length > 0 && id.length <= 256 && /^[\x21-\x7e]+$/.test(id);
}

/** The parts of a record that never change, stored as one JSON field. */
interface Fixed {
  id: string;
  protocolVersion: string;
  clientCapabilities: JsonObject;
  clientInfo: JsonObject;
  principal?: string;
  clientAddress?: string;
  createdAt: number;
}

/** The hash fields of a new record: `rec`, `init`, `subs`, `level` and `addr` ('' when unset). */
export function recordFields(record: SessionRecord): { rec: string; init: string; subs: string; level: string; addr: string } {
  const fixed: Fixed = {
    id: record.id,
    protocolVersion: record.protocolVersion,
    clientCapabilities: record.clientCapabilities,
    clientInfo: record.clientInfo,
    createdAt: record.createdAt,
    ...(record.principal === undefined ? {} : { principal: record.principal }),
    ...(record.clientAddress === undefined ? {} : { clientAddress: record.clientAddress }),
  };
  const addr = record.clientAddress ?? '';
  return { rec: JSON.stringify(fixed), init: record.initialized ? '1' : '0', subs: JSON.stringify(record.subscriptions), level: record.logLevel ?? '', addr };
}

/** The field/value pairs a patch writes. */
export function patchFields(patch: SessionPatch): string[] {
  const out: string[] = [];
  if (patch.logLevel !== undefined) out.push('level', patch.logLevel);
  if (patch.subscriptions !== undefined) out.push('subs', JSON.stringify(patch.subscriptions));
  if (patch.initialized !== undefined) out.push('init', patch.initialized ? '1' : '0');
  return out;
}

/** Thrown when what Redis holds for a session cannot be trusted (corrupt, or another session's). */
export class CorruptSessionError extends LocalError {
  /** The brand `instanceof` recognises across copies of this package (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/redis/CorruptSessionError';
  override readonly name = 'CorruptSessionError';
}

/** The record of session `id` from its `HGETALL` reply (a flat field/value list). */
export function readRecord(id: string, reply: unknown): SessionRecord {
  if (!Array.isArray(reply)) throw new CorruptSessionError('The session record in Redis is not a hash');
  const fields = new Map<string, string>();
  for (let i = 0; i + 1 < reply.length; i += 2) fields.set(String(reply[i]), String(reply[i + 1]));
  let fixed: Fixed;
  let subscriptions: unknown;
  try {
    fixed = JSON.parse(fields.get('rec') ?? '') as Fixed;
    subscriptions = JSON.parse(fields.get('subs') ?? '[]');
  } catch {
    throw new CorruptSessionError('The session record in Redis is unreadable');
  }
  // Never serve a record that names another session, whatever happened to the data.
  if (fixed === null || typeof fixed !== 'object' || fixed.id !== id) throw new CorruptSessionError('The session record in Redis belongs to another session');
  if (!Array.isArray(subscriptions) || !subscriptions.every((uri) => typeof uri === 'string')) {
    throw new CorruptSessionError('The session subscriptions in Redis are unreadable');
  }
  const level = fields.get('level');
  return {
    id: fixed.id,
    protocolVersion: fixed.protocolVersion,
    clientCapabilities: fixed.clientCapabilities,
    clientInfo: fixed.clientInfo,
    ...(level ? { logLevel: level as SessionRecord['logLevel'] } : {}),
    subscriptions,
    initialized: fields.get('init') === '1',
    ...(fixed.principal === undefined ? {} : { principal: fixed.principal }),
    ...(fixed.clientAddress === undefined ? {} : { clientAddress: fixed.clientAddress }),
    createdAt: fixed.createdAt,
    lastSeenAt: Number(fields.get('seen') ?? fixed.createdAt),
  };
}

const SIGNALS = new Set(['settled', 'cancelled', 'event', 'stream-ended', 'closed']);

/** A `SessionSignal` read from the channel, or `undefined` for anything else found there. */
export function parseSignal(text: string): SessionSignal | undefined {
  try {
    const value = JSON.parse(text) as { type?: unknown; sessionId?: unknown };
    if (value === null || typeof value !== 'object' || typeof value.type !== 'string' || !SIGNALS.has(value.type)) return undefined;
    return typeof value.sessionId === 'string' ? (value as SessionSignal) : undefined;
  } catch {
    return undefined;
  }
}
