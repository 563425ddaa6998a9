import {
  InputDeadlineError,
  InputHandlerError,
  InputRoundsExceededError,
  InvalidResultError,
  ProtocolError,
  RemoteError,
  TimeoutError,
  UnsupportedInEraError,
  UnsupportedVersionError,
} from '@mcpkit/client';
import { AuthError } from '@mcpkit/auth/client';
import { HttpError } from '@mcpkit/http';
import { CancelledError, TransportError } from '@mcpkit/jsonrpc';
import { EraMismatchError, EraProbeError, LegacyHandshakeError, WrongEndpointError } from '@mcpkit/legacy';
import { ProcessExitedError } from '@mcpkit/stdio';
import { ExitCode, GarbageOutputError, UsageError } from '../cli/exit-codes.js';
import type { AuthSettings, Target } from '../cli/invocation.js';
import { DeclinedError } from '../input/input-failures.js';
import { NoAnswerError } from './answered-within.js';
import { describeHttpError, describeSilence, describeWrongEndpoint } from './endpoint-hints.js';

/** What the user is told about a failure, and the exit code. */
export interface Failure {
  readonly code: ExitCode;
  readonly message: string;
  /** A next step, when there is an obvious one. */
  readonly hint?: string;
  /** The server's JSON-RPC error, for `--json` (stdout gets `{ "error": … }`). */
  readonly rpcError?: { code: number; message: string; data?: unknown };
}

const NETWORK: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused (is the server running, on this port?)',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be resolved',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
};

/** Failures after the connection was made: the server was reached, so never "cannot reach". */
const BROKEN: Readonly<Record<string, string>> = {
  ECONNRESET: 'the connection was reset',
  UND_ERR_SOCKET: 'the connection broke',
};

/** The first `NoAnswerError` along an error's `cause` chain. */
function noAnswerIn(error: unknown): NoAnswerError | undefined {
  for (let e: unknown = error, depth = 0; e !== null && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof NoAnswerError) return e;
  }
  return undefined;
}

/** The first `code` found along an error's `cause` chain (node and undici put it deep). */
function causeCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e !== null && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** The message at the bottom of the `cause` chain ("bad port", "getaddrinfo ENOTFOUND x"...). */
function deepestMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) message = e.message;
  return message;
}

function describeTarget(target: Target): string {
  return target.kind === 'stdio' ? `"${target.line}"` : target.url;
}

/** Turns any failure of a client command into a message and an exit code. */
export function describeError(error: unknown, target: Target, timeoutMs: number, auth: AuthSettings['mode'] = 'none'): Failure {
  if (error instanceof InputHandlerError && error.cause instanceof Error) return describeError(error.cause, target, timeoutMs, auth);
  if (error instanceof AuthError) return describeAuthError(error);
  const refused = refusedStatus(error);
  if (refused !== undefined && target.kind === 'http') return describeRefusal(refused, target.url, auth);
  if (error instanceof UsageError) return { code: ExitCode.Usage, message: error.message };
  if (error instanceof DeclinedError) return { code: ExitCode.ServerError, message: error.message };
  if (error instanceof GarbageOutputError) return { code: ExitCode.Transport, message: error.message };
  if (error instanceof RemoteError) {
    const data = error.data === undefined ? '' : ` ${JSON.stringify(error.data)}`;
    const hint = error.code === -32021 ? missingCapabilityHint(error.data) : undefined;
    return {
      code: ExitCode.ServerError,
      message: `the server answered error ${error.code}: ${error.message}${data}`,
      hint,
      rpcError: { code: error.code, message: error.message, data: error.data },
    };
  }
  if (error instanceof UnsupportedVersionError) return { code: ExitCode.ServerError, message: error.message };
  if (error instanceof EraMismatchError) {
    return {
      code: ExitCode.ServerError,
      message: `--era ${error.asked}: the server refused initialize and names the modern versions ${error.supported.join(', ')}; it is not a legacy (2025-11-25) server`,
      hint: 'use --era auto (it probes and picks the era) or --era modern',
    };
  }
  if (error instanceof LegacyHandshakeError) return { code: ExitCode.ServerError, message: `the legacy handshake failed: ${error.message}` };
  if (error instanceof InvalidResultError || error instanceof ProtocolError)
    return { code: ExitCode.ServerError, message: `the server broke the protocol: ${error.message}` };
  if (error instanceof InputRoundsExceededError) return { code: ExitCode.ServerError, message: error.message };
  if (error instanceof UnsupportedInEraError) return { code: ExitCode.Usage, message: error.message };
  if (error instanceof InputDeadlineError) return { code: ExitCode.Transport, message: error.message };
  if (error instanceof WrongEndpointError) return describeWrongEndpoint(error);
  // The server took the connection and said nothing: "no answer", never "cannot reach".
  const silent = noAnswerIn(error);
  if (silent !== undefined && target.kind === 'http') return describeSilence(target.url, silent.timeoutMs);
  if (error instanceof TimeoutError) {
    if (target.kind === 'http') return describeSilence(target.url, timeoutMs);
    return { code: ExitCode.Transport, message: `no answer from ${describeTarget(target)} within ${timeoutMs} ms`, hint: 'a slow server? raise --timeout' };
  }
  if (error instanceof ProcessExitedError) return describeExit(error, target);
  const network = NETWORK[causeCode(error) ?? ''];
  if (network !== undefined && target.kind === 'http') return { code: ExitCode.Transport, message: `cannot reach ${target.url}: ${network}` };
  const broken = BROKEN[causeCode(error) ?? ''];
  if (broken !== undefined && target.kind === 'http') return { code: ExitCode.Transport, message: `the connection to ${target.url} failed: ${broken}` };
  if (error instanceof HttpError) return describeHttpError(error, describeTarget(target));
  if (error instanceof EraProbeError) {
    if (error.status !== undefined || target.kind !== 'http') return { code: ExitCode.Transport, message: error.message };
    return { code: ExitCode.Transport, message: `the exchange with ${target.url} failed: ${deepestMessage(error)}` };
  }
  if (error instanceof CancelledError) return { code: ExitCode.Transport, message: `cancelled: ${error.message}` };
  if (error instanceof TransportError) return { code: ExitCode.Transport, message: `${describeTarget(target)}: ${error.message}` };
  return { code: ExitCode.Transport, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}

/** A sign-in that failed (`AuthError` of `@mcpkit/auth`): exit 3, one line naming the cause. */
function describeAuthError(error: AuthError): Failure {
  const message = `sign-in failed (${error.code}): ${error.message}`;
  switch (error.code) {
    case 'authorization_denied':
      return { code: ExitCode.Transport, message, hint: 'sign in again and allow access, or give --token TOKEN' };
    case 'client_identity_required':
      return {
        code: ExitCode.Transport,
        message,
        hint: 'register mcpkit with that authorization server and give --client-id (and --client-secret), or --client-metadata-url',
      };
    case 'retry_limit':
      return { code: ExitCode.Transport, message, hint: error.status === 403 ? 'the account may lack that scope; ask for it with --scope' : undefined };
    default:
      return { code: ExitCode.Transport, message };
  }
}

/** The 401/403 of a server when nothing signed in (`--no-auth`, or `--token` that it refused). */
function refusedStatus(error: unknown): number | undefined {
  const status = error instanceof HttpError || error instanceof EraProbeError ? error.status : undefined;
  return status === 401 || status === 403 ? status : undefined;
}

function describeRefusal(status: number, url: string, auth: AuthSettings['mode']): Failure {
  const what = status === 401 ? 'HTTP 401 Unauthorized: the server requires authorization' : 'HTTP 403 Forbidden: the server refuses this authorization';
  const hint =
    auth === 'token'
      ? `the token given with --token was refused (expired, or not for ${url}?); drop --token to sign in`
      : auth === 'none'
        ? 'drop --no-auth to sign in (OAuth), or give a bearer token with --token TOKEN'
        : undefined;
  return { code: ExitCode.Transport, message: `${what} (${url})`, hint };
}

const ANSWER_TYPES: Readonly<Record<string, string>> = { elicitation: 'an ElicitResult', sampling: 'a CreateMessageResult', roots: 'a ListRootsResult' };

/** -32021: which input the server needs, and how to give it. */
function missingCapabilityHint(data: unknown): string {
  const required = Object.keys((data as { requiredCapabilities?: object } | undefined)?.requiredCapabilities ?? {});
  const types = required.map((key) => ANSWER_TYPES[key]).filter(Boolean);
  const what = required.length > 0 ? required.join(' and ') : 'input';
  return `the server needs ${what} from the client: run the command in a terminal, or put ${types.length > 0 ? types.join(' and ') : 'the answers'} in --answers`;
}

function describeExit(error: ProcessExitedError, target: Target): Failure {
  const command = target.kind === 'stdio' ? target.command : '?';
  if (causeCode(error) === 'ENOENT' || /\bENOENT\b/.test(error.message)) {
    return {
      code: ExitCode.Transport,
      message: `cannot start ${JSON.stringify(command)}: command not found`,
      hint: 'check the spelling, or give its full path; --stdio runs no shell, so aliases and functions are not found',
    };
  }
  if (causeCode(error) === 'EACCES' || /\bEACCES\b/.test(error.message)) {
    return { code: ExitCode.Transport, message: `cannot start ${JSON.stringify(command)}: permission denied (is it executable?)` };
  }
  const how = error.signal !== null ? `was killed by ${error.signal}` : `exited with code ${error.exitCode}`;
  const tail = error.stderrTail.trim();
  return {
    code: ExitCode.Transport,
    message: `the server process ${describeTarget(target)} ${how} before answering${tail ? `; its stderr ended with:\n${indent(tail)}` : ''}`,
  };
}

function indent(text: string): string {
  return text
    .split('\n')
    .slice(-10)
    .map((line) => `    ${line}`)
    .join('\n');
}
