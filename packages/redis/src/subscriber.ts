import type { Redis } from 'ioredis';
import { RedisUnavailableError } from './errors.js';

interface Entry {
  readonly onMessage: (text: string) => void;
  readonly onLost: ((error: Error) => void) | undefined;
}

/**
 * The pub/sub side of a connection: one Redis connection in subscriber mode, shared by every
 * channel of the process. A subscription resolves once Redis confirmed it. When the connection
 * drops, subscriptions that asked to be told (`onLost`) are ended and told, since messages
 * published meanwhile are gone; the others stay and resume after the reconnection (the client
 * subscribes its channels again by itself).
 */
export class RedisSubscriber {
  private readonly channels = new Map<string, Set<Entry>>();
  /** Channels Redis confirmed since the connection last came up. */
  private readonly confirmed = new Set<string>();
  /** Bumped each time the connection drops, to catch a drop during a subscription. */
  private generation = 0;

  constructor(
    private readonly redis: Redis,
    private readonly timeoutMs: number,
  ) {
    redis.on('message', (channel: string, text: string) => this.dispatch(channel, text));
    redis.on('close', () => this.dropped());
  }

  /** Listens on `channel` until the returned function is called; rejects when Redis cannot confirm. */
  async subscribe(channel: string, onMessage: (text: string) => void, onLost?: (error: Error) => void): Promise<() => void> {
    const operation = `subscribe to ${channel}`;
    await this.whenReady(operation);
    const generation = this.generation;
    if (!this.confirmed.has(channel)) {
      try {
        await this.redis.subscribe(channel);
      } catch (error) {
        throw new RedisUnavailableError(operation, error);
      }
      if (generation !== this.generation) throw new RedisUnavailableError(operation, new Error('Connection is closed.'));
      this.confirmed.add(channel);
    }
    const entry: Entry = { onMessage, onLost };
    let entries = this.channels.get(channel);
    if (!entries) this.channels.set(channel, (entries = new Set()));
    entries.add(entry);
    return () => this.remove(channel, entry);
  }

  private remove(channel: string, entry: Entry): void {
    const entries = this.channels.get(channel);
    if (!entries?.delete(entry) || entries.size > 0) return;
    this.channels.delete(channel);
    this.confirmed.delete(channel);
    if (this.redis.status === 'ready') this.redis.unsubscribe(channel).catch(() => undefined);
  }

  private dispatch(channel: string, text: string): void {
    for (const entry of [...(this.channels.get(channel) ?? [])]) {
      try {
        entry.onMessage(text);
      } catch {
        // One broken listener must not keep the message from the others.
      }
    }
  }

  private dropped(): void {
    this.generation++;
    this.confirmed.clear();
    const error = new RedisUnavailableError('receive messages', new Error('Connection is closed.'));
    for (const [channel, entries] of this.channels) {
      for (const entry of [...entries]) {
        if (!entry.onLost) continue;
        entries.delete(entry);
        try {
          entry.onLost(error);
        } catch {
          // A broken listener must not keep the loss from the others.
        }
      }
      if (entries.size === 0) this.channels.delete(channel);
    }
  }

  /** Waits for a connection that is still being made (at most the timeout); fails at once when it is down. */
  private async whenReady(operation: string): Promise<void> {
    const status = this.redis.status;
    if (status === 'ready') return;
    if (status !== 'wait' && status !== 'connecting' && status !== 'connect') {
      throw new RedisUnavailableError(operation, new Error('Connection is closed.'));
    }
    if (status === 'wait') this.redis.connect().catch(() => undefined);
    if (!(await readyWithin(this.redis, this.timeoutMs))) throw new RedisUnavailableError(operation, new Error('Command timed out'));
  }
}

/** Resolves true once `redis` is ready, false when `timeoutMs` passes or the attempt fails first. */
export function readyWithin(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('end', onEnd);
      resolve(ok);
    };
    const onReady = () => done(true);
    const onEnd = () => done(false);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.on('ready', onReady);
    redis.on('end', onEnd);
  });
}
