import type { Awaitable } from '@mcpkit/jsonrpc';
import type {
  ClientCapabilities,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  JSONObject,
  ListRootsRequest,
  ListRootsResult,
} from '@mcpkit/schema';

/**
 * The handlers that answer a server's requests for input. The modern client calls them for the
 * `inputRequests` of an `input_required` result (MRTR); the legacy session calls the very same
 * handlers for server-initiated `elicitation/create`, `sampling/createMessage` and `roots/list`.
 * What is registered is exactly what the client declares (`deriveClientCapabilities`).
 */

/** What a handler learns about the input request it answers. */
export interface InputContext {
  /** Aborted when the request that asked is cancelled, times out or the client closes. */
  readonly signal: AbortSignal;
  /** The method of the request that asked (`tools/call`...; the legacy session passes the server's request method). */
  readonly method: string;
  /** The server's key of this input request (MRTR), or the request id as a string (legacy). */
  readonly key: string;
  /** 1 for the first `input_required` result of a request, 2 for the next... (0 in the legacy era). */
  readonly round: number;
}

/** Answers a form-mode `elicitation/create`: show the form, return what the user did. */
export type FormElicitationHandler = (params: ElicitRequestFormParams, context: InputContext) => Awaitable<ElicitResult>;

/** Answers a URL-mode `elicitation/create`: ask consent, open the URL, return `accept`/`decline`/`cancel`. */
export type UrlElicitationHandler = (params: ElicitRequestURLParams, context: InputContext) => Awaitable<ElicitResult>;

/** The elicitation handlers, one per mode; each one registered declares that mode. */
export interface ElicitationHandler {
  /** Form mode (`mode` absent or `"form"`). */
  form?: FormElicitationHandler;
  /** URL mode (`mode: "url"`). */
  url?: UrlElicitationHandler;
}

/** Answers `sampling/createMessage` (deprecated in 2026-07-28): run the model, return its message. */
export type SamplingHandler = (params: CreateMessageRequestParams, context: InputContext) => Awaitable<CreateMessageResult>;

/** Answers `roots/list` (deprecated in 2026-07-28): return the roots the server may use. */
export type RootsHandler = (params: ListRootsRequest['params'], context: InputContext) => Awaitable<ListRootsResult>;

/** Every input handler a client may register. */
export interface InputHandlers {
  elicitation?: ElicitationHandler;
  sampling?: SamplingHandler;
  /** What the sampling handler supports beyond plain messages; each flag declares a `sampling` sub-capability. */
  samplingSupports?: {
    /** `includeContext` other than `"none"` (declares `sampling.context`). */
    context?: boolean;
    /** `tools` and `toolChoice` (declares `sampling.tools`). */
    tools?: boolean;
  };
  roots?: RootsHandler;
}

/** Capabilities that do not come from handlers: extensions and experimental features. */
export interface ExtraCapabilities {
  extensions?: { [id: string]: JSONObject };
  experimental?: { [name: string]: JSONObject };
}

/**
 * Derives the `ClientCapabilities` a request declares from the handlers that will answer it, so
 * declaring and answering cannot disagree.
 *
 * @example deriveClientCapabilities({ elicitation: { form: askUser } }) // { elicitation: { form: {} } }
 */
export function deriveClientCapabilities(handlers: InputHandlers = {}, extra: ExtraCapabilities = {}): ClientCapabilities {
  const capabilities: ClientCapabilities = {};
  const elicitation = handlers.elicitation;
  if (elicitation !== undefined && (elicitation.form !== undefined || elicitation.url !== undefined)) {
    capabilities.elicitation = {};
    if (elicitation.form !== undefined) capabilities.elicitation.form = {};
    if (elicitation.url !== undefined) capabilities.elicitation.url = {};
  }
  if (handlers.sampling !== undefined) {
    capabilities.sampling = {};
    if (handlers.samplingSupports?.context) capabilities.sampling.context = {};
    if (handlers.samplingSupports?.tools) capabilities.sampling.tools = {};
  }
  if (handlers.roots !== undefined) capabilities.roots = {};
  if (extra.extensions !== undefined) capabilities.extensions = extra.extensions;
  if (extra.experimental !== undefined) capabilities.experimental = extra.experimental;
  return capabilities;
}
