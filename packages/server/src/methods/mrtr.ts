import type { JsonObject } from '@mcpkit/jsonrpc';
import type { InputResponses } from '@mcpkit/schema';
import { formatErrors } from '@mcpkit/schema/2026-07-28/core';
import type { ServerCore } from '../dispatch/core.js';
import type { RequestContext } from '../dispatch/request-context.js';
import { addMissingCapabilities } from '../mrtr/capability-gate.js';
import type { InputRequired } from '../mrtr/input-required.js';
import { InputResponsesReader } from '../mrtr/input-responses.js';
import { paramsDigest, principalDigest } from '../state/digest.js';
import { StateError, type StateBinding } from '../state/sealed-state.js';
import { invalidParams, missingClientCapabilities } from '../util/errors.js';
import { selfCheckValidators } from './self-check.js';

/** The MRTR side of one `tools/call`, `prompts/get` or `resources/read` request. */
export class MrtrRound {
  private binding: Promise<StateBinding> | undefined;

  constructor(
    private readonly core: ServerCore,
    private readonly call: RequestContext,
    /** The params that identify the request (what its state is bound to). */
    private readonly salient: unknown,
  ) {}

  /**
   * Prepares the handler's view of a retry: verifies `requestState` (any failure is `-32602`, the
   * state is never trusted) and exposes `inputResponses` through `call.input`.
   */
  async begin(params: { inputResponses?: InputResponses; requestState?: string }): Promise<void> {
    if (params.inputResponses !== undefined) this.call.input = new InputResponsesReader(params.inputResponses);
    if (params.requestState === undefined) return;
    try {
      const opened = await this.core.codec.open(params.requestState, await this.bind());
      if (this.core.replayGuard && !(await this.core.replayGuard.claim(opened.id, opened.expiresAt))) {
        throw new StateError('replayed', 'requestState was already used; start the request again without it');
      }
      this.call.state = opened.data;
    } catch (error) {
      if (error instanceof StateError) throw invalidParams(`Invalid requestState: ${error.message}`, { reason: error.reason });
      throw error;
    }
  }

  /**
   * Turns a handler's `inputRequired(...)` into the wire `InputRequiredResult`: refuses with
   * `-32021` when an input request needs a capability this request did not declare, and seals the
   * handler's state into `requestState`.
   */
  async answer(out: InputRequired): Promise<JsonObject> {
    const result: JsonObject = { resultType: 'input_required' };
    if (out.inputRequests) {
      const declared = this.call.meta.clientCapabilities;
      const missing: Record<string, Record<string, unknown>> = {};
      let anyMissing = false;
      const check = this.core.development ? (await selfCheckValidators()).validateInputRequest : undefined;
      for (const [key, request] of Object.entries(out.inputRequests)) {
        if (check !== undefined && !check(request)) {
          throw new Error(`Input request "${key}" is not a valid InputRequest: ${formatErrors(check.errors)}`);
        }
        anyMissing = addMissingCapabilities(request, declared, missing) || anyMissing;
      }
      if (anyMissing) throw missingClientCapabilities(missing);
      result.inputRequests = out.inputRequests as JsonObject;
    }
    if (out.hasState) {
      result.requestState = await this.core.codec.seal(out.state, await this.bind(), out.stateTtlMs ?? this.core.stateTtlMs);
    }
    if (this.core.resultMeta) result._meta = this.core.resultMeta as JsonObject;
    return result;
  }

  private bind(): Promise<StateBinding> {
    this.binding ??= (async () => ({
      method: this.call.method,
      params: await paramsDigest(this.call.method, this.salient),
      principal: await principalDigest(this.call.principal),
    }))();
    return this.binding;
  }
}
