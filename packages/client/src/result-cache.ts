import type { JsonObject } from '@mcpkit/jsonrpc';
import type { CacheStore } from './cache-store.js';

/**
 * The client side of server/utilities/caching.mdx: results of `server/discover`, the four lists and
 * `resources/read` are kept while `now < t_received + ttlMs`; `ttlMs` 0, negative or absent means
 * not at all. The key is the method plus the params that shape the result (`cursor`, `uri`) plus
 * the scope: `public` entries are shared, `private` ones only within one authorization context.
 * A matching list_changed or resources/updated notification drops entries at once. MRTR retries and
 * `input_required` results never reach the cache (the MRTR loop only offers first-round complete results).
 */

const SEP = '\n';
/** Ancestor URIs dropped on resources/updated are bounded to this many path segments. */
const MAX_SEGMENTS = 64;

export class ResultCache {
  /** Bumped by every invalidation: a result fetched before one must not be stored after it. */
  private epoch = 0;

  constructor(
    private readonly store: CacheStore,
    /** Prefixes every key, so one shared store can serve clients of different servers. */
    private readonly namespace: string,
    private readonly authorizationContext: (() => string | undefined) | undefined,
    private readonly warn: (message: string) => void,
  ) {}

  /** The part of the key the params contribute: the cursor (absent and `""` differ) or the uri. */
  static paramKey(method: string, params: { cursor?: unknown; uri?: unknown } | undefined): string {
    if (method === 'resources/read') return String(params?.uri);
    if (method === 'server/discover') return '';
    const cursor = params?.cursor;
    return cursor === undefined ? '-' : `=${String(cursor)}`;
  }

  /** A fresh cached result for this request, or `undefined`. A failing store counts as a miss. */
  async get(method: string, paramKey: string): Promise<JsonObject | undefined> {
    try {
      const base = this.namespace + method + SEP + paramKey + SEP;
      const now = Date.now();
      const shared = await this.store.get(base + 'public');
      if (shared !== undefined && now < shared.expiresAt) return shared.value;
      const own = await this.store.get(base + this.privateTag());
      if (own !== undefined && now < own.expiresAt) return own.value;
    } catch (error) {
      this.warn(`Cache lookup failed (treated as a miss): ${(error as Error).message}`);
    }
    return undefined;
  }

  /** The invalidation count; read it before sending a request whose result may be stored. */
  get generation(): number {
    return this.epoch;
  }

  /**
   * Stores a complete result according to its `ttlMs` and `cacheScope`, unless an invalidation
   * happened since `generation` was read (the result may predate the change).
   */
  async put(method: string, paramKey: string, result: JsonObject, generation: number): Promise<void> {
    if (generation !== this.epoch) return;
    const ttl = result.ttlMs;
    if (typeof ttl !== 'number' || !(ttl > 0)) return;
    const scope = result.cacheScope === 'public' ? 'public' : this.privateTag();
    try {
      await this.store.set(this.namespace + method + SEP + paramKey + SEP + scope, {
        value: result,
        expiresAt: Date.now() + ttl,
      });
    } catch (error) {
      this.warn(`Cache store failed (result not cached): ${(error as Error).message}`);
    }
  }

  /** Drops every cached result of `method` (all cursors, all scopes). */
  dropMethod(method: string): Promise<void> {
    this.epoch++;
    return this.drop(this.namespace + method + SEP);
  }

  /**
   * Applies a listen-stream notification: list_changed drops the matching list; resources/updated
   * drops the reads of that URI, of the URIs under it and of its ancestors (a sub-resource changed).
   */
  async invalidate(notification: string, params: { uri?: unknown } | undefined): Promise<void> {
    switch (notification) {
      case 'notifications/tools/list_changed':
        return this.dropMethod('tools/list');
      case 'notifications/prompts/list_changed':
        return this.dropMethod('prompts/list');
      case 'notifications/resources/list_changed':
        await this.dropMethod('resources/list');
        return this.dropMethod('resources/templates/list');
      case 'notifications/resources/updated': {
        if (typeof params?.uri !== 'string') return;
        this.epoch++;
        const read = this.namespace + 'resources/read' + SEP;
        const uri = params.uri;
        const drops = [this.drop(read + uri + SEP), this.drop(read + (uri.endsWith('/') ? uri : uri + '/'))];
        for (const ancestor of ancestors(uri)) drops.push(this.drop(read + ancestor + SEP));
        await Promise.all(drops);
        return;
      }
      default:
        return;
    }
  }

  private privateTag(): string {
    return `private:${this.authorizationContext?.() ?? ''}`;
  }

  private async drop(prefix: string): Promise<void> {
    try {
      await this.store.deleteByPrefix(prefix);
    } catch (error) {
      this.warn(`Cache invalidation failed: ${(error as Error).message}`);
    }
  }
}

/** `file:///a/b/c` → `file:///a/b/`, `file:///a/b`, `file:///a/`, `file:///a`, ... down to the authority. */
function ancestors(uri: string): string[] {
  const start = uri.indexOf('://');
  const floor = start < 0 ? uri.indexOf(':') + 1 : uri.indexOf('/', start + 3) + 1;
  if (floor <= 0) return [];
  const out: string[] = [];
  let end = uri.endsWith('/') ? uri.length - 1 : uri.length;
  for (let i = 0; i < MAX_SEGMENTS; i++) {
    const slash = uri.lastIndexOf('/', end - 1);
    if (slash < floor) break;
    out.push(uri.slice(0, slash + 1), uri.slice(0, slash));
    end = slash;
  }
  return out;
}
