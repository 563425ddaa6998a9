/**
 * Where the era verdict is kept. The era is a property of the server, not of a request: a client
 * SHOULD cache it for the lifetime of the server process (stdio) or origin (HTTP), and MAY keep it
 * across restarts of the same server configuration, probing again if it later proves wrong
 * (2026-07-28 basic/versioning.mdx, "Backward Compatibility with Initialization-Based Versions").
 */

/** `modern` (2026-07-28 and later: per-request `_meta`) or `legacy` (2025-11-25 and earlier: `initialize`). */
export type Era = 'modern' | 'legacy';

/** A cached era, as an `EraCache` stores it. */
export interface CachedEra {
  readonly era: Era;
  /** The protocol version settled on (modern: after any `-32022` retry; legacy: from `initialize`). */
  readonly protocolVersion?: string;
  /** What the server did that decided the era, in words (for logs). */
  readonly reason: string;
  /**
   * HTTP, legacy era: `http+sse` when the server speaks the 2024-11-05 HTTP+SSE transport (found by
   * the Streamable HTTP spec's backwards-compatibility procedure); absent for Streamable HTTP.
   */
  readonly transport?: 'http+sse';
}

/** The era a client found and how it found it; exposed as `DualEraClient.verdict` for logging. */
export interface EraVerdict extends CachedEra {
  /** `probe`: asked the server now; `cache`: an earlier probe; `option`: the caller said so. */
  readonly source: 'probe' | 'cache' | 'option';
  /** The cache key the verdict is stored under, if any (`stdio:<command line>`, `http:<origin>`). */
  readonly key?: string;
}

/** A store of era verdicts by server key. Implement it to persist verdicts across restarts. */
export interface EraCache {
  get(key: string): CachedEra | undefined | Promise<CachedEra | undefined>;
  set(key: string, era: CachedEra): void | Promise<void>;
  delete(key: string): void | Promise<void>;
}

/**
 * An in-memory `EraCache`: verdicts live as long as this process.
 *
 * @example const cache = new MemoryEraCache(); await connect(url, { eraCache: cache });
 */
export class MemoryEraCache implements EraCache {
  private readonly entries = new Map<string, CachedEra>();

  get(key: string): CachedEra | undefined {
    return this.entries.get(key);
  }

  set(key: string, era: CachedEra): void {
    this.entries.set(key, { era: era.era, protocolVersion: era.protocolVersion, reason: era.reason, ...(era.transport && { transport: era.transport }) });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** How many servers have a verdict. */
  get size(): number {
    return this.entries.size;
  }
}

/** The cache `connect()` uses unless told otherwise: one per process, shared by every `connect()`. */
export const defaultEraCache: EraCache = new MemoryEraCache();

/** The key of a stdio server: its command line and working directory. */
export function stdioCacheKey(command: string, args: readonly string[] = [], cwd?: string): string {
  const line = [command, ...args].map((part) => JSON.stringify(part)).join(' ');
  return cwd === undefined ? `stdio:${line}` : `stdio:${line} @ ${cwd}`;
}

/** The key of an HTTP server: its origin (scheme, host and port). */
export function httpCacheKey(url: string | URL): string {
  return `http:${new URL(url).origin}`;
}
