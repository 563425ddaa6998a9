import type { EventBus, ServerEvent, Unsubscribe } from '@mcpkit/server/events';
import type { RedisConnection } from './connection.js';
import { guarded } from './errors.js';

const TYPES = new Set(['tools/list_changed', 'prompts/list_changed', 'resources/list_changed', 'resources/updated']);

/** A `ServerEvent` read from Redis, or `undefined` for anything else found on the channel. */
export function parseServerEvent(text: string): ServerEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const { type, uri } = value as { type?: unknown; uri?: unknown };
  if (type === 'extension') return parseExtensionEvent(value as Record<string, unknown>);
  if (typeof type !== 'string' || !TYPES.has(type)) return undefined;
  if (type === 'resources/updated') return typeof uri === 'string' ? { type, uri } : undefined;
  return { type } as ServerEvent;
}

function parseExtensionEvent(value: Record<string, unknown>): ServerEvent | undefined {
  const { key, topic, notification } = value;
  if (typeof key !== 'string' || typeof topic !== 'string' || notification === null || typeof notification !== 'object') return undefined;
  const { method, params } = notification as { method?: unknown; params?: unknown };
  if (typeof method !== 'string' || (params !== undefined && (params === null || typeof params !== 'object' || Array.isArray(params)))) return undefined;
  return { type: 'extension', key, topic, notification: params === undefined ? { method } : { method, params: params as Record<string, unknown> } };
}

/** The JSON an event travels as (only its own fields). */
function serialize(event: ServerEvent): string {
  switch (event.type) {
    case 'resources/updated':
      return JSON.stringify({ type: event.type, uri: event.uri });
    case 'extension':
      return JSON.stringify({ type: event.type, key: event.key, topic: event.topic, notification: event.notification });
    default:
      return JSON.stringify({ type: event.type });
  }
}

/**
 * The server `EventBus` over Redis pub/sub: a change announced on any replica reaches the
 * `subscriptions/listen` streams of every replica sharing the connection's prefix. Delivery is
 * at most once: when the pub/sub connection drops, each subscription that passed `onLost` (the
 * server does) is ended and told, so its listen streams end with an error and clients listen again.
 *
 * @example createServer({ ..., events: new RedisEventBus(redis) })
 */
export class RedisEventBus implements EventBus {
  private readonly channel: string;

  constructor(private readonly connection: RedisConnection) {
    this.channel = `${connection.prefix}events`;
  }

  /** Publishes `event` to every replica; rejects with `RedisUnavailableError` when Redis cannot take it. */
  async publish(event: ServerEvent): Promise<void> {
    const text = serialize(event);
    await this.connection.run(`publish ${event.type}`, (redis) => redis.publish(this.channel, text));
  }

  /** Delivers every event published from now on; resolves once Redis confirmed the subscription. */
  subscribe(listener: (event: ServerEvent) => void, onLost?: (error: Error) => void): Promise<Unsubscribe> {
    return guarded('subscribe to server events', () =>
      this.connection.pubsub().subscribe(
        this.channel,
        (text) => {
          const event = parseServerEvent(text);
          if (event) listener(event);
        },
        onLost,
      ),
    );
  }
}
