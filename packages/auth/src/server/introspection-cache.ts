/**
 * The bounded cache of {@link introspectionVerifier}: at most `capacity` answers, each until its own
 * expiry; a hit moves the entry to the back, and when the cache is full the front (least recently
 * used) goes. Keys are token hashes.
 */
import { AuthError } from '../shared/errors.js';

export class IntrospectionCache {
  private readonly entries = new Map<string, { answer: Record<string, unknown>; until: number }>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new AuthError('invalid_configuration', 'introspectionVerifier cacheSize must be a positive integer');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The answer kept for `key`, unless it expired by `now` (ms). */
  get(key: string, now: number): Record<string, unknown> | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.until <= now) return undefined;
    this.entries.set(key, entry);
    return entry.answer;
  }

  /** Keeps `answer` for `key` until `until` (ms). */
  set(key: string, answer: Record<string, unknown>, until: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { answer, until });
  }
}
