/**
 * What the HTTP parts of the dual-era client share: the injectable `fetch` (so an auth layer such
 * as `withOAuth(fetch, …)` of `@mcpkit/auth/client` can wrap it), a hook that sees every exchange's
 * status line and headers (for traces and the demo transcript), and small body helpers.
 */
import type { FetchLike, HttpExchangeInfo } from '@mcpkit/http';
import { defaultFetch, reportExchange as report } from '@mcpkit/http/internal';

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

/** Reads at most `maxChars` of a body as text and cancels the rest; never rejects. */
export async function readBodyText(response: Response, maxChars = 64 * 1024): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < maxChars) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A broken body still leaves what was read.
  } finally {
    reader.cancel().catch(() => {});
  }
  return text.slice(0, maxChars);
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
