import { hasBrand } from '@mcpkit/jsonrpc';
import type { InputRequest } from '@mcpkit/schema';

/** Options of `inputRequired`. */
export interface InputRequiredOptions {
  /**
   * Data the handler wants back on the retry, as JSON. It travels sealed (encrypted and
   * authenticated, bound to this request and caller, with an expiry) in `requestState` and reaches
   * the retry's handler as `ctx.state`.
   */
  state?: unknown;
  /** Lifetime of this round's `requestState`, overriding the server's `state.ttlMs`. */
  stateTtlMs?: number;
}

/**
 * What a `tools/call`, `prompts/get` or `resources/read` handler returns to ask the client for
 * input (basic/patterns/mrtr.mdx). Dispatch checks the requests against the client's declared
 * capabilities (-32021 when one is missing), seals `state` into `requestState`, and answers with an
 * `InputRequiredResult`.
 */
export class InputRequired {
  /** The brand `instanceof` recognises across copies of this package (see `hasBrand` of @mcpkit/jsonrpc). */
  static readonly '@mcpkit/brand': string = '@mcpkit/server/InputRequired';
  /** `instanceof` by brand, so an instance from another copy of this package is recognised. */
  static [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about, a subclass included
    return hasBrand(this, value);
  }
  /** The input requests by key, as the client will see them. */
  readonly inputRequests: Readonly<Record<string, InputRequest>> | undefined;
  /** The state to seal into `requestState`, if any. */
  readonly state: unknown;
  /** Whether a `requestState` is sent (true when `state` was given, even as `null`). */
  readonly hasState: boolean;
  /** Lifetime override of this round's `requestState`. */
  readonly stateTtlMs: number | undefined;

  constructor(inputRequests: Record<string, InputRequest> | undefined, options: InputRequiredOptions = {}) {
    const hasRequests = !!inputRequests && Object.keys(inputRequests).length > 0;
    this.hasState = 'state' in options && options.state !== undefined;
    if (!hasRequests && !this.hasState) {
      throw new TypeError('inputRequired() needs at least one input request or a state (basic/patterns/mrtr.mdx)');
    }
    this.inputRequests = hasRequests ? Object.freeze({ ...inputRequests }) : undefined;
    this.state = options.state;
    this.stateTtlMs = options.stateTtlMs;
  }
}

/**
 * Builds the "ask the client first" answer of a handler.
 *
 * @example
 * return inputRequired({ login: elicitForm({ message: 'GitHub user?', requestedSchema }) }, { state: { step: 2 } });
 */
export function inputRequired(inputRequests?: Record<string, InputRequest>, options?: InputRequiredOptions): InputRequired {
  return new InputRequired(inputRequests, options);
}
