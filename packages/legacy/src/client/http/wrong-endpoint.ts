/**
 * The error of a URL that answered, but not as an MCP endpoint of any transport this client speaks:
 * the Streamable HTTP POST of `initialize` was refused with 400/404/405 and the GET of the
 * backwards-compatibility procedure (2025-11-25/pages/basic/transports.mdx, "Backwards
 * Compatibility") opened no SSE stream announcing an `endpoint`. Each attempt is kept, summarised,
 * so that a message or a hint can say what the server did answer.
 */
import { summarizeBody, type BodySummary } from '@mcpkit/http';
import { LocalError } from '@mcpkit/jsonrpc';

/** One exchange of the attempt to find an endpoint, as the server answered it. */
export interface EndpointAttempt {
  /** `POST` of `initialize` (Streamable HTTP), or the `GET` of an HTTP+SSE stream. */
  readonly method: 'POST' | 'GET';
  /** The HTTP status, when a reply head arrived. */
  readonly status?: number;
  /** The reply's `Content-Type`, when it had one. */
  readonly contentType?: string;
  /** The body, in one line. */
  readonly body?: BodySummary;
  /** GET: the first SSE event's type, when it was not `endpoint`. */
  readonly firstEvent?: string;
  /** GET: the SSE stream ended before any event. */
  readonly ended?: boolean;
  /** No answer (or no event) within this many ms. */
  readonly silentMs?: number;
}

/**
 * The URL is not an MCP endpoint: it answered both the Streamable HTTP and the HTTP+SSE attempt,
 * but neither as MCP. `attempts` says what each got.
 */
export class WrongEndpointError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/legacy/WrongEndpointError';
  override readonly name = 'WrongEndpointError';
  constructor(
    /** The URL given. */
    readonly url: string,
    /** What each attempt got, in order. */
    readonly attempts: readonly EndpointAttempt[],
    options?: ErrorOptions,
  ) {
    super(`${url} is not an MCP endpoint: ${attempts.map(describeAttempt).join('; ')}`, options);
  }
}

/** An attempt from what a reply showed (the body is summarised here, once). */
export function endpointAttempt(
  method: 'POST' | 'GET',
  facts: { status?: number; contentType?: string | null; body?: string; firstEvent?: string; ended?: boolean; silentMs?: number },
): EndpointAttempt {
  const { status, contentType, body, firstEvent, ended, silentMs } = facts;
  return {
    method,
    ...(status !== undefined && { status }),
    ...(contentType != null && { contentType }),
    ...(body !== undefined && !ended && { body: summarizeBody(body, contentType) }),
    ...(firstEvent !== undefined && { firstEvent }),
    ...(ended && { ended }),
    ...(silentMs !== undefined && { silentMs }),
  };
}

function describeAttempt(attempt: EndpointAttempt): string {
  const what = attempt.method === 'POST' ? 'POST initialize' : 'GET (HTTP+SSE)';
  if (attempt.silentMs !== undefined) {
    return attempt.status === undefined
      ? `${what}: no answer within ${attempt.silentMs} ms`
      : `${what}: HTTP ${attempt.status}, then no event within ${attempt.silentMs} ms`;
  }
  const status = attempt.status === undefined ? '' : ` HTTP ${attempt.status}`;
  if (attempt.firstEvent !== undefined) return `${what}:${status} SSE stream whose first event is ${JSON.stringify(attempt.firstEvent)}, not "endpoint"`;
  if (attempt.ended) return `${what}:${status} SSE stream that ended before any event`;
  return `${what}:${status}${attempt.body === undefined ? '' : ` with ${attempt.body.text}`}`;
}
