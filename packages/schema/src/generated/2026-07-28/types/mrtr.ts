// Copied by tools/codegen from schema/2026-07-28/mrtr.ts. Edit the source, then run `pnpm codegen`.
/**
 * Multi round-trip requests (MRTR): how a server asks the client for input in the middle of a
 * request without sending requests of its own. It answers with an InputRequiredResult; the
 * client gathers the answers and retries the original call as a new request.
 *
 * Source: `2026-07-28/pages/basic/patterns/mrtr.mdx`, `2026-07-28/schema.json`. Only `tools/call`,
 * `prompts/get` and `resources/read` may return an InputRequiredResult, and such results (and the
 * retries that answer them) are never cached.
 */

import type { RequestParams, Result } from './base.js';
import type { ElicitRequest, ElicitResult } from './elicitation.js';
import type { ListRootsRequest, ListRootsResult } from './roots.js';
import type { CreateMessageRequest, CreateMessageResult } from './sampling.js';

/**
 * A question a server can put to the client inside an InputRequiredResult: a bare
 * `{method, params}` without `jsonrpc` or `id`.
 */
export type InputRequest = CreateMessageRequest | ListRootsRequest | ElicitRequest;

/**
 * The questions of one InputRequiredResult, keyed by identifiers the server chooses (unique within
 * the request). The server may only ask what the request's client capabilities allow.
 */
export interface InputRequests {
  [key: string]: InputRequest;
}

/**
 * The client's answer to one input request: the result of the matching method. These answers are
 * not protocol results and carry no `resultType`.
 */
export type InputResponse = CreateMessageResult | ListRootsResult | ElicitResult;

/**
 * The client's answers, keyed like the InputRequests they answer. The server ignores keys it does
 * not know.
 */
export interface InputResponses {
  [key: string]: InputResponse;
}

/**
 * Says the request cannot finish yet: the client should answer `inputRequests` and/or echo
 * `requestState` in a retry. At least one of the two is present; `resultType` is `"input_required"`.
 */
export interface InputRequiredResult extends Result {
  /** The questions the client should answer before retrying. */
  inputRequests?: InputRequests;
  /**
   * Opaque state to send back unchanged in the retry. Only the server reads it; the client must
   * not inspect or alter it.
   */
  requestState?: string;
}

/**
 * Parameters of the requests that may be retried after an InputRequiredResult. A retry is a new
 * request (new `id`) with the same method and arguments plus these two fields.
 */
export interface InputResponseRequestParams extends RequestParams {
  /** Answers to the previous result's `inputRequests`, under the same keys. */
  inputResponses?: InputResponses;
  /**
   * The previous result's `requestState`, byte for byte; left out when that result had none.
   */
  requestState?: string;
}
