/**
 * What the inspector's CLI process tells its page: every event it records, in order, each with a
 * sequence number, and the shapes of the API's requests. Types only: the page (bundled for the
 * browser) imports them too, so both sides read one definition.
 */
import type { JsonRpcMessage, RequestId } from '@mcpkit/jsonrpc';

/** `live` is the server named on the command line; `run-N` one replay of a seed scenario. */
export type Scope = 'live' | `run-${number}`;

/** A header as it crossed the wire (name as sent, value with credentials masked). */
export type HeaderPair = readonly [name: string, value: string];

/** The server the command line named. */
export interface TargetView {
  readonly kind: 'stdio' | 'http';
  /** The `--stdio` command line or the `--url`. */
  readonly label: string;
  /** `--era`. */
  readonly era: 'auto' | 'modern' | 'legacy';
}

/** The era verdict of `connect()`, as `onVerdict` reported it. */
export interface VerdictView {
  readonly era: 'modern' | 'legacy';
  readonly protocolVersion?: string;
  readonly reason: string;
  readonly source: 'probe' | 'cache' | 'option';
  readonly transport?: 'http+sse';
}

/** Who the server is, once connected (a `DiscoverResult`, or what `initialize` answered on legacy). */
export interface ServerView {
  readonly era: 'modern' | 'legacy';
  readonly protocolVersion: string;
  readonly supportedVersions: readonly string[];
  readonly serverInfo: Readonly<Record<string, unknown>>;
  readonly capabilities: Readonly<Record<string, unknown>>;
  readonly instructions?: string;
  /** The client's own declaration (what this inspector told the server it can do). */
  readonly clientCapabilities: Readonly<Record<string, unknown>>;
  readonly clientInfo: Readonly<Record<string, unknown>>;
}

/** One HTTP exchange: the request the client sent and the head of the reply. */
export interface ExchangeView {
  readonly method: string;
  readonly url: string;
  readonly requestHeaders: readonly HeaderPair[];
  readonly status: number;
  readonly statusText: string;
  readonly responseHeaders: readonly HeaderPair[];
  readonly durationMs?: number;
}

/** One message on the wire. */
export interface WireItem {
  readonly dir: 'send' | 'receive';
  readonly message: JsonRpcMessage;
  /** The transport it really crossed. */
  readonly transport: 'stdio' | 'http';
  /** The era of the client that sent or read it. */
  readonly era: 'modern' | 'legacy';
  /** Sent over stdio: the headers the same message carries as a Streamable HTTP POST. */
  readonly httpHeaders?: readonly HeaderPair[];
  /** The page call it belongs to (sends only). */
  readonly callId?: string;
}

/** What the server must remember between requests, as far as it can be known. */
export interface MemoryView {
  readonly era: 'modern' | 'legacy' | undefined;
  readonly transport: 'stdio' | 'http';
  /** A legacy session, from what this client told the server (initialize, setLevel, subscribe…). */
  readonly session?: SessionMemory;
  /** The server's own report, when it offers one (`mcpkit serve-example --report-memory`). */
  readonly report?: MemoryReport;
}

/** A legacy session as the client knows it. */
export interface SessionMemory {
  /** `Mcp-Session-Id` minted by the server (HTTP); absent on stdio, where the connection is the session. */
  readonly id?: string;
  readonly protocolVersion?: string;
  readonly clientInfo: Readonly<Record<string, unknown>>;
  readonly clientCapabilities: Readonly<Record<string, unknown>>;
  readonly initialized: boolean;
  readonly logLevel?: string;
  readonly subscriptions: readonly string[];
  /** Set once the session is over: `deleted` (HTTP DELETE) or `closed` (stdin closed, process gone). */
  readonly ended?: 'deleted' | 'closed';
}

/** The sessions a server says it holds. */
export interface MemoryReport {
  /** The request just answered when the server reported (stdio reports), if known. */
  readonly after?: RequestId;
  readonly sessions: readonly Readonly<Record<string, unknown>>[];
  /** Narration of a scenario step ("DELETE ended the session"). */
  readonly note?: string;
}

/** An input request the server made, waiting for the page's answer. */
export interface InputAsk {
  readonly id: string;
  readonly kind: 'elicitation-form' | 'elicitation-url' | 'sampling' | 'roots';
  /** The request's params as the server sent them. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The MRTR key (modern) or the method (legacy server-initiated request). */
  readonly key: string;
  readonly round: number;
  readonly method: string;
  readonly era: 'modern' | 'legacy';
  readonly callId?: string;
}

/** What happened to one page call, step by step. */
export type CallEvent =
  | {
      readonly callId: string;
      readonly kind: 'start';
      readonly op: CallOp;
      readonly params: Readonly<Record<string, unknown>>;
      readonly era: 'modern' | 'legacy';
      readonly asTask: boolean;
    }
  /** Modern: an `input_required` round (the keys asked, whether requestState came back). */
  | {
      readonly callId: string;
      readonly kind: 'input-round';
      readonly round: number;
      readonly inputRequests: Readonly<Record<string, unknown>>;
      readonly hasRequestState: boolean;
    }
  /** Legacy: a request the server sent in the middle of the call. */
  | { readonly callId: string; readonly kind: 'server-request'; readonly method: string; readonly params: Readonly<Record<string, unknown>> }
  | { readonly callId: string; readonly kind: 'progress'; readonly progress: number; readonly total?: number; readonly message?: string }
  | { readonly callId: string; readonly kind: 'task'; readonly taskId: string; readonly status: string; readonly statusMessage?: string }
  | { readonly callId: string; readonly kind: 'result'; readonly result: Readonly<Record<string, unknown>> }
  | { readonly callId: string; readonly kind: 'error'; readonly message: string; readonly hint?: string; readonly cancelled: boolean };

/** The input-capable requests a page can start, and waiting for a task's result. */
export type CallOp = 'tools/call' | 'prompts/get' | 'resources/read' | 'tasks/result';

/** A `notifications/message` from the server. */
export interface LogView {
  readonly level: string;
  readonly logger?: string;
  readonly data: unknown;
  /** The page calls in flight when it arrived. */
  readonly callIds: readonly string[];
}

/** A listen stream's life. */
export type ListenEvent =
  | { readonly listenId: string; readonly kind: 'start'; readonly filter: Readonly<Record<string, unknown>> }
  | { readonly listenId: string; readonly kind: 'ack'; readonly granted: Readonly<Record<string, unknown>>; readonly denied: Readonly<Record<string, unknown>> }
  | { readonly listenId: string; readonly kind: 'notification'; readonly method: string; readonly params: Readonly<Record<string, unknown>> }
  | { readonly listenId: string; readonly kind: 'end'; readonly message?: string };

/** A replay of one seed scenario against the example server the CLI ships. */
export type ScenarioEvent =
  | { readonly kind: 'start'; readonly index: number; readonly title: string; readonly transport: 'stdio' | 'http' }
  | { readonly kind: 'note' | 'pass' | 'fail'; readonly text: string }
  | { readonly kind: 'done'; readonly ok: boolean; readonly ms: number };

/** Everything the page is told, in order. */
export type EventBody =
  | { readonly type: 'hello'; readonly target: TargetView; readonly version: string; readonly roots: readonly { uri: string; name?: string }[] }
  | { readonly type: 'status'; readonly state: 'connecting' | 'connected' | 'failed' | 'closed'; readonly message?: string; readonly hint?: string }
  | { readonly type: 'verdict'; readonly verdict: VerdictView }
  | { readonly type: 'server'; readonly server: ServerView }
  | { readonly type: 'wire'; readonly wire: WireItem }
  /** An HTTP exchange; `forSeq` is the wire event of the message it carried (none for GET and DELETE). */
  | { readonly type: 'exchange'; readonly exchange: ExchangeView; readonly forSeq?: number }
  | { readonly type: 'stderr'; readonly text: string }
  | { readonly type: 'warning'; readonly text: string }
  | { readonly type: 'memory'; readonly memory: MemoryView }
  | { readonly type: 'call'; readonly call: CallEvent }
  | { readonly type: 'input'; readonly input: InputAsk }
  | { readonly type: 'input-done'; readonly id: string; readonly outcome: 'answered' | 'cancelled' }
  | { readonly type: 'log'; readonly log: LogView }
  | { readonly type: 'listen'; readonly listen: ListenEvent }
  | { readonly type: 'scenario'; readonly scenario: ScenarioEvent }
  /** Older events were dropped to bound memory; `dropped` of them. */
  | { readonly type: 'trimmed'; readonly dropped: number };

/** An event as the page receives it. */
export type InspectEvent = EventBody & {
  readonly seq: number;
  /** Milliseconds since the inspector started. */
  readonly at: number;
  readonly scope: Scope;
};

/** The header that carries the run's secret on every API request. */
export const SECRET_HEADER = 'Mcpkit-Inspect-Secret';

/** The seed scenarios, by index (0–3), as the page lists them. */
export interface ScenarioInfo {
  readonly index: number;
  readonly title: string;
}
