/**
 * A fetch that gives up when the server sends no response headers within a time limit. Under
 * `withOAuth` it bounds each HTTP exchange (the MCP request, metadata, registration, token) on its
 * own, so the long wait for a person to sign in in a browser, which happens between exchanges,
 * never lets a server that accepts a request and never answers hold the command for minutes.
 * Once the headers are in, the body (an SSE stream that may run long) is no longer timed here;
 * aborting the caller's signal still cancels it.
 */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The server took the connection but sent no response headers in time (as opposed to a connection never made). */
export class NoAnswerError extends Error {
  override readonly name = 'NoAnswerError';
  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`no answer from ${new URL(url).origin} within ${timeoutMs} ms (--timeout)`);
  }
}

/** `next`, failing with a `NoAnswerError` when no response headers arrive within `timeoutMs`. */
export function answeredWithin(timeoutMs: number, next: FetchFunction): FetchFunction {
  return async (input, init) => {
    const controller = new AbortController();
    const outer = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (outer) {
      if (outer.aborted) controller.abort(outer.reason);
      else outer.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
    }
    const url = input instanceof Request ? input.url : String(input);
    const timer = setTimeout(() => controller.abort(new NoAnswerError(url, timeoutMs)), timeoutMs);
    try {
      return await next(input, { ...init, signal: controller.signal });
    } finally {
      clearTimeout(timer);
    }
  };
}
