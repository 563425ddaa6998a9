/**
 * The MRTR shim: a modern handler that answers `input_required` to a legacy client gets its input
 * the 2025-11-25 way. Each input request becomes a real server-initiated request on the session;
 * once every answer is in, the handler is called again with `inputResponses` and the
 * `requestState` it sealed, under a new internal id, until it completes (or a round limit).
 * spec: 2026-07-28/pages/basic/patterns/mrtr.mdx; 2025-11-25/pages/client/elicitation.mdx
 */
import {
  CancelledError,
  isJsonObject,
  JsonRpcErrorCode,
  RemoteError,
  TimeoutError,
  type DispatchContext,
  type JsonObject,
  type JsonRpcResponse,
  type RequestId,
  type TransportInfo,
} from '@mcpkit/jsonrpc';
import type { McpServer } from '@mcpkit/server';
import type { LegacyCall } from './legacy-call.js';
import { toLegacyResult } from './legacy-shapes.js';
import { checkClientAnswer, formAnswerProblem, INPUT_METHODS, toLegacyClientRequest } from './input-requests.js';
import type { ResolvedOptions } from './options.js';

const errorResponse = (id: RequestId, code: number, message: string, data?: unknown): JsonRpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

/** Why an input round could not be completed; it becomes the original request's error. */
class InputRoundFailure extends Error {
  constructor(
    message: string,
    readonly data: JsonObject,
  ) {
    super(message);
  }
}

const isObject = isJsonObject;

/**
 * Serves `method` with `params` (already in modern shape) through `server.dispatch`, answering
 * its input requests over the session. Resolves with the legacy response, or null once cancelled.
 */
export async function dispatchWithInput(
  server: McpServer,
  options: ResolvedOptions,
  call: LegacyCall,
  method: string,
  params: JsonObject,
): Promise<JsonRpcResponse | null> {
  const id = call.request.id;
  // The session rides on the transport facts: the declared seam by which the session's owner reaches
  // extensions (a task's owner is the session when no principal is).
  const context: DispatchContext = {
    signal: call.signal,
    notify: (n) => call.notify(n),
    transport: new SessionTransport(call.transport, call.sessionId),
    peer: call.peer,
  };
  let current = params;
  for (let round = 1; ; round++) {
    const internalId = round === 1 ? id : `${String(id)}#round-${round}`;
    const response = await server.dispatch({ jsonrpc: '2.0', id: internalId, method, params: current }, context);
    if (response === null || call.signal.aborted) return null;
    if ('error' in response) return { jsonrpc: '2.0', id, error: response.error };
    const result = response.result;
    if (result.resultType !== 'input_required') return { jsonrpc: '2.0', id, result: toLegacyResult(result) };
    if (round >= options.maxInputRounds) {
      return errorResponse(id, JsonRpcErrorCode.InternalError, `${method} still asked for input after ${round} rounds; giving up`, { rounds: round });
    }
    let answers: JsonObject;
    try {
      answers = await askClient(options, call, isObject(result.inputRequests) ? result.inputRequests : {});
    } catch (error) {
      if (call.signal.aborted) return null;
      if (error instanceof InputRoundFailure) return errorResponse(id, JsonRpcErrorCode.InternalError, error.message, error.data);
      throw error;
    }
    // spec: the retry repeats the params, adds inputResponses and echoes requestState byte for byte
    current = { ...params, inputResponses: answers };
    if (typeof result.requestState === 'string') current.requestState = result.requestState;
  }
}

/** Sends every input request at once; resolves with the answers by key, or fails the whole round. */
async function askClient(options: ResolvedOptions, call: LegacyCall, inputRequests: JsonObject): Promise<JsonObject> {
  const entries = Object.entries(inputRequests);
  for (const [key, input] of entries) {
    if (!isObject(input) || typeof input.method !== 'string' || !INPUT_METHODS.has(input.method)) {
      const method = isObject(input) ? String(input.method) : typeof input;
      throw new InputRoundFailure(`Input request "${key}" (${method}) has no 2025-11-25 equivalent`, { key, method });
    }
  }
  // One failure ends the round: the other requests still open are cancelled with the client.
  const round = new AbortController();
  const onAbort = () => round.abort(call.signal.reason);
  call.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const answered = await Promise.all(
      entries.map(async ([key, input]) => {
        const request = toLegacyClientRequest(input as { method: string; params?: JsonObject });
        const extra = options.requestMeta?.(request, call.request);
        if (extra !== undefined) request.params._meta = { ...extra, ...(isObject(request.params._meta) ? request.params._meta : {}) };
        let result: JsonObject;
        try {
          result = await call.requester.request(request.method, request.params, {
            signal: round.signal,
            timeoutMs: options.inputTimeoutMs,
            relatedRequestId: call.request.id,
          });
        } catch (error) {
          throw explain(key, request.method, error);
        }
        const problem = checkClientAnswer(request.method, result);
        if (problem !== undefined) {
          throw new InputRoundFailure(`The client's answer to ${request.method} (input "${key}") is not valid: ${problem}`, { key, method: request.method });
        }
        // A form answer that does not fit the form is withheld: the handler, seeing no answer, asks
        // again (a new elicitation/create), as it would for a modern client (basic/patterns/mrtr.mdx).
        if (formAnswerProblem(request, result) !== undefined) return undefined;
        return [key, result] as const;
      }),
    );
    return Object.fromEntries(answered.filter((entry) => entry !== undefined));
  } catch (error) {
    round.abort(error);
    throw error;
  } finally {
    call.signal.removeEventListener('abort', onAbort);
  }
}

function explain(key: string, method: string, error: unknown): Error {
  if (error instanceof RemoteError) {
    return new InputRoundFailure(`The client answered ${method} (input "${key}") with error ${error.code}: ${error.message}`, {
      key,
      method,
      error: error.toJSON() as unknown as JsonObject,
    });
  }
  if (error instanceof TimeoutError) {
    return new InputRoundFailure(`The client did not answer ${method} (input "${key}") within ${error.timeoutMs} ms`, { key, method, reason: 'timeout' });
  }
  if (error instanceof CancelledError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new InputRoundFailure(`Could not ask the client for ${method} (input "${key}"): ${message}`, { key, method });
}

/** The transport facts of a legacy request, naming its session. */
class SessionTransport implements TransportInfo {
  readonly header?: (name: string) => string | null;
  constructor(
    private readonly inner: TransportInfo,
    readonly session: string,
  ) {
    if (inner.header) this.header = (name) => inner.header!(name);
  }
  get name(): string {
    return this.inner.name;
  }
  get principal(): unknown {
    return this.inner.principal;
  }
  get multiplexed(): boolean | undefined {
    return this.inner.multiplexed;
  }
}
