import { type HttpError, summarizeBody, type BodySummary } from '@mcpkit/http';
import type { EndpointAttempt, WrongEndpointError } from '@mcpkit/legacy';
import { ExitCode } from '../cli/exit-codes.js';

/**
 * What the user is told when a URL is not an MCP endpoint: a short first line, what the server
 * answered summarised in one line per exchange (never a whole HTML page), and a hint drawn from
 * that answer (a web page, an MCP error, an SSE stream without an `endpoint` event, silence).
 */

/** The failure shape `describeError` returns (kept structural to avoid an import cycle). */
export interface EndpointFailure {
  readonly code: ExitCode;
  readonly message: string;
  readonly hint?: string;
}

const HINTS = {
  html: 'the server answers this URL with a web page, so it is a web server but not an MCP endpoint here: check the path of the URL',
  rpc: 'an MCP server answered, with an error: the host is right; check the path, and whether that server speaks the revision asked for (--era)',
  sse: 'the URL streams server-sent events but announces no endpoint: it is not the SSE stream of a 2024-11-05 HTTP+SSE server',
  silence:
    'the server took the connection and sent nothing back; the message endpoint of a 2024-11-05 HTTP+SSE server does that to a client it does not know: give the URL of its SSE stream instead',
  empty: 'nothing is served at this path: check the URL',
  messages:
    'the URL takes POSTs but opens no SSE stream: it may be the message endpoint of a 2024-11-05 HTTP+SSE server; give the URL of its SSE stream instead',
} as const;

/** `WrongEndpointError` of the dual-era client: both attempts (POST initialize, GET) and a hint from what they got. */
export function describeWrongEndpoint(error: WrongEndpointError): EndpointFailure {
  const statuses = error.attempts.map((a) => (a.status === undefined ? 'no answer' : `HTTP ${a.status}`));
  const lines = error.attempts.map((a) => `\n    ${a.method === 'POST' ? 'POST initialize' : 'GET (HTTP+SSE)  '} → ${attemptText(a)}`);
  return {
    code: ExitCode.Transport,
    message: `${error.url} is not an MCP endpoint (${[...new Set(statuses)].join(', then ')})${lines.join('')}`,
    hint: hintOf(error.attempts),
  };
}

/** An `HttpError` from a transport: status, the body in one line, and a hint from the body. */
export function describeHttpError(error: HttpError, where: string): EndpointFailure {
  const body = error.rpcError
    ? { kind: 'json-rpc-error' as const, text: `JSON-RPC error ${error.rpcError.code} ${JSON.stringify(error.rpcError.message)}` }
    : summarizeBody(error.body);
  const said = body.kind === 'empty' ? '' : `: ${body.text}`;
  const hint = error.status === 404 || error.status === 405 || error.status === 400 ? hintOf([{ status: error.status, body }]) : undefined;
  return { code: ExitCode.Transport, message: `HTTP ${error.status}${error.statusText ? ` ${error.statusText}` : ''} from ${where}${said}`, hint };
}

/** The server accepted the connection and did not answer in time. */
export function describeSilence(where: string, timeoutMs: number): EndpointFailure {
  return {
    code: ExitCode.Transport,
    message: `no answer from ${where} within ${timeoutMs} ms`,
    hint: `${HINTS.silence}; or, for a slow server, raise --timeout`,
  };
}

function attemptText(attempt: EndpointAttempt): string {
  if (attempt.silentMs !== undefined) {
    return attempt.status === undefined ? `no answer within ${attempt.silentMs} ms` : `HTTP ${attempt.status}, then no event within ${attempt.silentMs} ms`;
  }
  const status = attempt.status === undefined ? '' : `HTTP ${attempt.status}`;
  if (attempt.firstEvent !== undefined) return `${status}, an SSE stream whose first event is "${attempt.firstEvent}", not "endpoint"`;
  if (attempt.ended) return `${status}, an SSE stream that ended before any event`;
  return attempt.body === undefined ? status : `${status}, ${attempt.body.text}`;
}

function hintOf(attempts: ReadonlyArray<{ status?: number; body?: BodySummary; firstEvent?: string; ended?: boolean; silentMs?: number }>): string | undefined {
  const kinds = new Set(attempts.map((a) => a.body?.kind));
  if (kinds.has('json-rpc-error')) return HINTS.rpc;
  if (attempts.some((a) => a.firstEvent !== undefined || a.ended)) return HINTS.sse;
  if (attempts.some((a) => a.silentMs !== undefined)) return HINTS.silence;
  const [post, get] = attempts;
  if (get !== undefined && post?.status === 400 && (post.body?.kind === 'text' || post.body?.kind === 'json') && get.status !== undefined && get.status >= 400)
    return HINTS.messages;
  if (kinds.has('html')) return HINTS.html;
  if (attempts.every((a) => a.body === undefined || a.body.kind === 'empty')) return HINTS.empty;
  return undefined;
}
