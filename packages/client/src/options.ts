import type { ResultValidatorsOption } from './validator-set.js';
import type {
  CallToolRequestParams,
  CompleteRequestParams,
  DiscoverResult,
  GetPromptRequestParams,
  Implementation,
  LoggingLevel,
  LoggingMessageNotificationParams,
  ProgressNotificationParams,
  ReadResourceRequestParams,
} from '@mcpkit/schema';
import type { CacheStore } from './cache-store.js';
import type { ClientExtension } from './extensions.js';
import type { ExtraCapabilities, InputHandlers } from './handlers.js';
import type { WireTrace } from './trace.js';

/** A request's own params as a caller gives them: no protocol `_meta` (the client adds it), no MRTR fields. */
export type CallerParams<P> = Omit<P, '_meta' | 'inputResponses' | 'requestState'> & {
  /** Extra `_meta` keys for this request (e.g. `traceparent`); the protocol keys are the client's. */
  _meta?: Record<string, unknown>;
};

/** Params of `callTool`. */
export type CallToolParams = CallerParams<CallToolRequestParams>;
/** Params of `readResource`. */
export type ReadResourceParams = CallerParams<ReadResourceRequestParams>;
/** Params of `getPrompt`. */
export type GetPromptParams = CallerParams<GetPromptRequestParams>;
/** Params of `complete`. */
export type CompleteParams = CallerParams<CompleteRequestParams>;
/** Params of the four list methods: one page, from `cursor` (absent = the first page; `""` is a real cursor). */
export interface ListParams {
  cursor?: string;
  _meta?: Record<string, unknown>;
}

/** How one request uses the result cache (only the cacheable methods look at it). */
export type CacheMode =
  /** Serve a fresh cached result; otherwise fetch and store. */
  | 'default'
  /** Always fetch, then store the new result. */
  | 'reload'
  /** Always fetch and store nothing. */
  | 'no-store';

/** Per-request options of every method. */
export interface CallOptions {
  /** Aborting it cancels the request (stdio: `notifications/cancelled`; HTTP: the exchange is aborted). */
  signal?: AbortSignal;
  /** Idle timeout of each round trip in ms (progress resets it); `0` disables it. Default: the client's. */
  timeoutMs?: number;
  /** Hard maximum of each round trip in ms, whatever the progress; `0` disables it. Default: the client's. */
  maxTotalTimeoutMs?: number;
  /** Opts in to `notifications/progress` for this request (adds a `progressToken`). */
  onProgress?: (progress: ProgressNotificationParams) => void;
  /** Opts this request in to `notifications/message` at or above this level (delivered to `onLog`). */
  logLevel?: LoggingLevel;
  /** Handlers (and so capabilities) for this request only, instead of the client's. */
  handlers?: InputHandlers;
  /** Cache use of a cacheable request. Default `'default'`. */
  cache?: CacheMode;
}

/** Options of the methods that may ask for input (MRTR): `callTool`, `getPrompt`, `readResource`. */
export interface InputCallOptions extends CallOptions {
  /** Input rounds answered before giving up with `InputRoundsExceededError`. Default: the client's `maxInputRounds`. */
  maxInputRounds?: number;
  /** Total time for the request with all its input rounds, in ms; then `InputDeadlineError`. Default: the client's `inputDeadlineMs`. */
  inputDeadlineMs?: number;
}

/** The result cache settings. */
export interface CacheOptions {
  /** Where entries live. Default: a `MemoryCacheStore` of 1,000 entries. */
  store?: CacheStore;
  /** Prefix of every key, for a store shared by clients of different servers (e.g. the server URL). */
  namespace?: string;
}

/** How a `ModernClient` behaves. */
export interface ModernClientOptions {
  /** Sent as `io.modelcontextprotocol/clientInfo` on every request. Default `{ name: '@mcpkit/client', version }`. */
  clientInfo?: Implementation;
  /** The input handlers; they also define the declared client capabilities. */
  handlers?: InputHandlers;
  /** Declared capabilities that are not handlers (extensions, experimental). */
  capabilities?: ExtraCapabilities;
  /**
   * Protocol extensions the client runs (e.g. `tasksExtension()` of `@mcpkit/tasks/client`): each is
   * declared in `capabilities.extensions` of every request and teaches the client its methods and results.
   */
  extensions?: readonly ClientExtension[];
  /** The modern protocol versions this client speaks, preferred first. Default `['2026-07-28']`. */
  protocolVersions?: readonly string[];
  /** Default idle timeout of a round trip in ms. Default 60 000. */
  timeoutMs?: number;
  /** Default hard maximum of a round trip in ms. Default 600 000. */
  maxTotalTimeoutMs?: number;
  /** Requests in flight at once (listen streams count); more wait in a queue. Default 256. */
  maxInFlight?: number;
  /** MRTR input rounds answered per request before `InputRoundsExceededError`. Default 10. */
  maxInputRounds?: number;
  /** Total time of a request with all its input rounds, in ms, before `InputDeadlineError`. Default 600 000. */
  inputDeadlineMs?: number;
  /** The result cache; `false` turns it off. On by default, in memory. */
  cache?: false | CacheOptions;
  /** The non-secret key of the current authorization context (from the auth layer); keys private cache entries. */
  authorizationContext?: () => string | undefined;
  /** Validate every result against its schema (default true). `resultType` rules always apply. */
  validateResults?: boolean;
  /** Default log level opt-in of every request (none by default). */
  logLevel?: LoggingLevel;
  /** Receives `notifications/message` of requests that opted in. */
  onLog?: (message: LoggingMessageNotificationParams) => void;
  /** Sees every message sent and received. */
  trace?: WireTrace;
  /** Problems that did not fail a request (a tool dropped from tools/list, a stray notification). Default: `console.warn`. */
  onWarning?: (message: string) => void;
  /** Errors that belong to no request (an unreadable message, an error with a null id). */
  onError?: (error: Error) => void;
  /**
   * A `server/discover` result already in hand (the dual-era probe's answer): `discover()` serves it
   * while its `ttlMs` keeps it fresh, counted from the client's creation, instead of asking again
   * (`cache: 'reload'` or `'no-store'` still asks). The client also moves to the best version the
   * server lists, as `discover()` does. It is not validated again: pass only a checked result.
   */
  discovered?: DiscoverResult;
}

/**
 * How a `LeanClient` behaves: `ModernClientOptions` with the schema checks named instead of
 * `validateResults`. No default: a bundle holds the checks it names, and none it does not.
 */
export interface LeanClientOptions extends Omit<ModernClientOptions, 'validateResults'> {
  /**
   * The schema checks to run: `resultValidators` of `@mcpkit/client/result-validators` (what
   * `ModernClient` runs by default), a function that loads a set when the client starts (e.g.
   * `() => import('@mcpkit/client/result-validators').then((m) => m.resultValidators)`, for code
   * splitting), a set of your own, or `false`: no result is checked against a schema, tools'
   * `outputSchema` included (the `resultType` rules still apply).
   */
  resultValidators: ResultValidatorsOption;
}
