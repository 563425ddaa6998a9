import { CancelledError, TransportClosedError, type JsonObject, type RequestId } from '@mcpkit/jsonrpc';
import type { InputRequests, InputRequiredResult, InputResponses } from '@mcpkit/schema';
import { answerInputRequests } from './answer-input.js';
import { InputDeadlineError, InputRoundsExceededError } from './errors.js';
import type { InputHandlers } from './handlers.js';
import type { CompleteStep, InputStep, Step } from './mcp-client.js';
import type { CallOptions, InputCallOptions } from './options.js';

/**
 * Multi round-trip requests (basic/patterns/mrtr.mdx). After an `input_required` result the client
 * gathers the answers and retries as a **new** request (new id) with the same method and params,
 * plus `inputResponses` under the server's keys and `requestState` echoed exactly (left out when
 * none came). Each retry belongs to one call only; nothing here is shared between calls.
 */

/** One input-capable request in progress: what a retry repeats and how it is sent. */
export interface InputCall {
  readonly method: string;
  /** The caller's params, without MRTR fields; every retry starts from them. */
  readonly params: Record<string, unknown>;
  readonly handlers: InputHandlers;
  readonly options: InputCallOptions | undefined;
  /** Sends one round and resolves with the checked result. */
  send(params: Record<string, unknown>, options: CallOptions | undefined, call: InputCall): Promise<JsonObject>;
  /** Checks a final result before it is returned (a tool's output schema); may need to wait for a compile. */
  finish?(result: JsonObject): Promise<void> | undefined;
  /** The id of the last round sent (set by `send`). */
  lastId?: RequestId;
}

/** The params of a retry: the original ones plus the answers and the exact state. */
export function retryParams(params: Record<string, unknown>, responses: InputResponses | undefined, requestState: string | undefined): Record<string, unknown> {
  const retry: Record<string, unknown> = { ...params };
  if (responses !== undefined) retry.inputResponses = responses;
  if (requestState !== undefined) retry.requestState = requestState;
  return retry;
}

/**
 * Answers `input_required` results with the registered handlers and retries, until a complete
 * result, `maxInputRounds` rounds (`InputRoundsExceededError`) or the deadline (`InputDeadlineError`;
 * the round in flight is cancelled, so the server sees it). A result with only `requestState` is
 * retried at once (mrtr.mdx: the client MAY retry immediately).
 */
export async function continueWithInput(first: InputRequiredResult, call: InputCall, limits: Limits): Promise<JsonObject> {
  const options = call.options;
  const maxRounds = options?.maxInputRounds ?? limits.maxRounds;
  const deadlineMs = options?.inputDeadlineMs ?? limits.deadlineMs;
  const controller = new AbortController();
  const outer = options?.signal;
  const onAbort = (): void => controller.abort(outer?.reason);
  const onClose = (): void => controller.abort(limits.lifetime.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  if (limits.lifetime.aborted) onClose();
  else limits.lifetime.addEventListener('abort', onClose, { once: true });
  const timer = setTimeout(() => controller.abort(new InputDeadlineError(call.method, deadlineMs)), deadlineMs);
  const roundOptions: CallOptions = { ...options, signal: controller.signal };
  try {
    let result: JsonObject = first;
    for (let round = 1; result.resultType === 'input_required'; round++) {
      if (round > maxRounds) throw new InputRoundsExceededError(call.method, maxRounds);
      const { inputRequests, requestState } = result as InputRequiredResult;
      let responses: InputResponses | undefined;
      if (inputRequests !== undefined && Object.keys(inputRequests).length > 0) {
        const context = { signal: controller.signal, method: call.method, round };
        responses = await untilAborted(answerInputRequests(call.handlers, inputRequests, context), controller.signal, call);
      }
      result = await call.send(retryParams(call.params, responses, requestState), roundOptions, call);
    }
    return result;
  } catch (error) {
    const reason: unknown = controller.signal.reason;
    if (reason instanceof InputDeadlineError && (error instanceof CancelledError || error === reason)) throw reason;
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
    limits.lifetime.removeEventListener('abort', onClose);
  }
}

/** Defaults of the MRTR loop, and the client's lifetime (closing the client aborts waiting handlers). */
export interface Limits {
  readonly maxRounds: number;
  readonly deadlineMs: number;
  readonly lifetime: AbortSignal;
}

/** Waits for the handlers, but gives up as soon as the request is cancelled or its deadline passes. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal, call: InputCall): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      const reason: unknown = signal.reason;
      const settled = reason instanceof InputDeadlineError || reason instanceof TransportClosedError;
      reject(settled ? reason : new CancelledError(call.method, call.lastId ?? '', reason));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Wraps one round's result for the step-by-step mode. */
export async function toStep<R>(result: JsonObject, call: InputCall, round: number, lifetime: AbortSignal): Promise<Step<R>> {
  if (result.resultType !== 'input_required') {
    await call.finish?.(result);
    return { kind: 'complete', result: result as R } satisfies CompleteStep<R>;
  }
  return new PendingInput<R>(result as InputRequiredResult, call, round, lifetime);
}

/** A round waiting for the caller's answers. */
class PendingInput<R> implements InputStep<R> {
  readonly kind = 'input_required';
  readonly inputRequests: InputRequests;
  readonly hasRequestState: boolean;
  private used = false;

  constructor(
    private readonly result: InputRequiredResult,
    private readonly call: InputCall,
    readonly round: number,
    private readonly lifetime: AbortSignal,
  ) {
    this.inputRequests = result.inputRequests ?? {};
    this.hasRequestState = result.requestState !== undefined;
  }

  async respond(responses: InputResponses, options?: CallOptions): Promise<Step<R>> {
    if (this.used) throw new Error(`Round ${this.round} of ${this.call.method} was already answered`);
    this.used = true;
    const answers = Object.keys(responses).length > 0 ? responses : undefined;
    const params = retryParams(this.call.params, answers, this.result.requestState);
    const next = await this.call.send(params, options ?? this.call.options, this.call);
    return toStep<R>(next, this.call, this.round + 1, this.lifetime);
  }

  async answer(options?: CallOptions): Promise<Step<R>> {
    const signal = options?.signal ?? this.call.options?.signal ?? this.lifetime;
    const context = { signal, method: this.call.method, round: this.round };
    const responses = await answerInputRequests(options?.handlers ?? this.call.handlers, this.inputRequests, context);
    return this.respond(responses, options);
  }
}
