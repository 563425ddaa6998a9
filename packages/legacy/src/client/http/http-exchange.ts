/**
 * What the HTTP parts of the dual-era client share: the injectable `fetch` (so an auth layer such
 * as `withOAuth(fetch, …)` of `@mcpkit/auth/client` can wrap it), a hook that sees every exchange's
 * status line and headers (for traces and the demo transcript), and small text helpers (bodies are
 * read with the reply reading of `@mcpkit/http/toolkit`).
 */
import type { FetchLike, HttpExchangeInfo } from '@mcpkit/http';
import { defaultFetch, reportExchange as report } from '@mcpkit/http/toolkit';

export { defaultFetch };
export type { FetchLike, HttpExchangeInfo };

/** HTTP settings shared by the probe and both HTTP transports. */
export interface HttpClientSettings {
  /** The fetch to use (default: the global one). */
  readonly fetch?: FetchLike;
  /** Headers sent on every exchange (e.g. a static `Authorization`). */
  readonly headers?: Record<string, string>;
  /** Sees every exchange's status and headers. Must not throw (a throwing hook is ignored). */
  readonly onExchange?: (exchange: HttpExchangeInfo) => void;
}

/** Calls the exchange hook (header names in lowercase), ignoring its failures. */
export function reportExchange(settings: HttpClientSettings, exchange: Omit<HttpExchangeInfo, 'statusText'> & { readonly statusText?: string }): void {
  report(settings.onExchange, { statusText: '', ...exchange });
}

/** Parses JSON, or `undefined`. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A short excerpt for an error message. */
export function excerpt(text: string, max = 200): string {
  const trimmed = text.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max)}…` : trimmed;
}
