/**
 * The one error every adapter of this package raises when Redis cannot serve a call: down,
 * unreachable, too slow (past the command timeout) or closed. Callers tell it apart from bugs
 * with `instanceof`; the underlying client error is its `cause`.
 */
import { LocalError } from '@mcpkit/jsonrpc';
export class RedisUnavailableError extends LocalError {
  /** The brand `instanceof` recognises across copies of this package (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/redis/RedisUnavailableError';
  override readonly name = 'RedisUnavailableError';

  constructor(
    /** What could not be done, e.g. `read session`. */
    readonly operation: string,
    cause: unknown,
  ) {
    super(`Redis is unavailable, could not ${operation}: ${reasonOf(cause)}`, { cause });
  }
}

function reasonOf(cause: unknown): string {
  const message = cause instanceof Error ? cause.message : String(cause);
  if (/timed out/i.test(message)) return 'no reply within the command timeout';
  if (/enableOfflineQueue|isn't writeable|Connection is closed|ECONNREFUSED|ECONNRESET|EPIPE|MaxRetriesPerRequest/i.test(message)) {
    return 'not connected';
  }
  return message;
}

/** Wraps any failure of a Redis call in a `RedisUnavailableError` naming `operation`. */
export async function guarded<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof RedisUnavailableError) throw error;
    throw new RedisUnavailableError(operation, error);
  }
}
