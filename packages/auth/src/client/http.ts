/** Small helpers for the client's own HTTP calls to metadata, registration and token endpoints. */
import { AuthError } from '../shared/errors.js';

/**
 * A `fetch`-compatible function: what `withOAuth` wraps and the discovery helpers call (the global
 * `fetch`, or one with a proxy, logging or a test double). Its input may be a `Request`, since the
 * wrapper forwards the transport's own requests.
 */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The outcome of a JSON GET: the parsed object on 200, or why not. */
export type JsonOutcome = { ok: true; status: number; body: Record<string, unknown> } | { ok: false; status?: number; reason: string };

/** GETs a JSON object; never throws for HTTP or network failures, so callers can try the next URL. */
export async function getJson(fetch: FetchFunction, url: string, signal?: AbortSignal): Promise<JsonOutcome> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'GET', headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    return { ok: false, reason: `request failed (${error instanceof Error ? error.message : String(error)})` };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    return { ok: false, status: response.status, reason: `HTTP ${response.status}` };
  }
  const body = await readJsonObject(response);
  return body === undefined ? { ok: false, status: 200, reason: 'not a JSON object' } : { ok: true, status: 200, body };
}

/** Reads a response body as a JSON object, or `undefined` when it is not one. */
export async function readJsonObject(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const value: unknown = await response.json();
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The OAuth error fields of an error response body, as safe one-line text. */
export function oauthErrorOf(body: Record<string, unknown> | undefined): { error?: string; description?: string } {
  const error = typeof body?.error === 'string' ? oneLine(body.error) : undefined;
  const description = typeof body?.error_description === 'string' ? oneLine(body.error_description) : undefined;
  return { error, description };
}

/** Collapses whitespace and bounds the length of peer-provided text before it goes into a message. */
export function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** A string field of a metadata document, or `undefined`. */
export function stringField(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A string-array field of a metadata document (non-strings dropped), or `undefined` when absent. */
export function stringArrayField(body: Record<string, unknown>, name: string): string[] | undefined {
  const value = body[name];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

/** Throws `discovery_failed` naming the document and field. */
export function missingField(document: string, field: string): never {
  throw new AuthError('discovery_failed', `${document} has no valid "${field}"`);
}
