import { HttpClientTransport } from '@mcpkit/http';
import type { MessageTransport } from '@mcpkit/jsonrpc';
import { StdioClientTransport, type StdioClientOptions } from '@mcpkit/stdio';
import type { ConnectTarget } from './connect-options.js';
import { httpCacheKey, stdioCacheKey } from './era-cache.js';
import { LegacyHttpClientTransport, type LegacyHttpClientOptions } from './http/legacy-http-transport.js';

/** A connect target resolved into what each era needs from it. */
export interface Route {
  readonly kind: 'stdio' | 'http' | 'custom';
  /** The default era cache key. */
  readonly key: string | undefined;
  /** The endpoint (HTTP only). */
  readonly url?: string;
  /** A fresh transport for a modern client. */
  modern(): MessageTransport;
  /** A fresh transport for a legacy session. */
  legacy(): MessageTransport;
}

/** Resolves `target` (URL, spawn options or transport factory). */
/** The route with every transport it makes passed through `wrap` (`ConnectOptions.wrapTransport`). */
export function wrapRoute(route: Route, wrap: ((transport: MessageTransport) => MessageTransport) | undefined): Route {
  if (wrap === undefined) return route;
  return { ...route, modern: () => wrap(route.modern()), legacy: () => wrap(route.legacy()) };
}

export function resolveTarget(target: ConnectTarget, http: LegacyHttpClientOptions = {}): Route {
  if (typeof target === 'function') {
    return { kind: 'custom', key: undefined, modern: target, legacy: target };
  }
  if (typeof target === 'string' || target instanceof URL) {
    const url = String(target);
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError(`connect() takes an http(s) URL, not ${JSON.stringify(url)}`);
    return {
      kind: 'http',
      key: httpCacheKey(url),
      url,
      modern: () =>
        new HttpClientTransport(url, {
          fetch: http.fetch,
          headers: http.headers,
          onExchange: http.onExchange,
        }),
      legacy: () => new LegacyHttpClientTransport(url, http),
    };
  }
  if (typeof target === 'object' && target !== null && typeof (target as StdioClientOptions).command === 'string') {
    const options = target as StdioClientOptions;
    const spawn = (): MessageTransport => new StdioClientTransport(options);
    return { kind: 'stdio', key: stdioCacheKey(options.command, options.args, options.cwd), modern: spawn, legacy: spawn };
  }
  throw new TypeError('connect() takes a URL, stdio spawn options ({ command, args, ... }) or a function returning a transport');
}
