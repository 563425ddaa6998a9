import type { ClientCapabilities, Implementation, InputRequest, TaskStatus } from './wire.js';

/** A JSON-RPC error as a task keeps it (`failed` tasks). */
export interface TaskError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/**
 * What resuming a task's handler needs (after input, possibly on another replica): the call, the
 * caller, and what the handler asked and was answered so far. Server-side only; never sent.
 */
export interface TaskRun {
  /** The tool whose handler runs. */
  readonly tool: string;
  /** Its arguments, as validated when the call arrived (JSON). */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The `tools/call` request id, and what its `_meta` declared. */
  readonly requestId: string | number;
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities;
  readonly clientInfo?: Implementation;
  /** The authenticated caller, when there was one. */
  readonly principal?: Readonly<Record<string, unknown>> & { readonly subject: string };
  /** Every answer the handler was given, by the handler's own keys. */
  readonly answers: Readonly<Record<string, unknown>>;
  /** The outstanding input requests' wire keys, each mapped to the handler's key. */
  readonly keys: Readonly<Record<string, string>>;
  /** Every wire key issued so far (a key is never reused over a task's life). */
  readonly issued: readonly string[];
  /** What the handler passed as `state` with its last `inputRequired`, if anything. */
  readonly state?: unknown;
}

/** Which replica runs a task right now, and until when it promises to (it renews before then). */
export interface TaskLease {
  readonly holder: string;
  readonly until: number;
}

/**
 * One task as a `TaskStore` keeps it. Times are epoch milliseconds; `version` grows with every
 * write, so concurrent writers (replicas) can compare and set.
 */
export interface TaskRecord {
  readonly taskId: string;
  /** Who may see the task: a key derived from the caller's principal (or session), `null` for anyone holding the id. */
  readonly owner: string | null;
  readonly status: TaskStatus;
  readonly statusMessage?: string;
  readonly createdAt: number;
  readonly lastUpdatedAt: number;
  /** Lifetime from creation, `null` for none. */
  readonly ttlMs: number | null;
  readonly pollIntervalMs: number;
  /** When the store may forget the task (some time after its TTL, so an expired task can be told apart from an unknown one); `null` for never. */
  readonly expiresAt: number | null;
  /** The final result (`completed`). */
  readonly result?: Readonly<Record<string, unknown>>;
  /** The JSON-RPC error (`failed`). */
  readonly error?: TaskError;
  /** The input requests waiting for the client (`input_required`), by wire key. */
  readonly inputRequests?: Readonly<Record<string, InputRequest>>;
  readonly run: TaskRun;
  /** Present while a replica runs the handler (`working`). */
  readonly lease?: TaskLease;
  readonly version: number;
}

/** One page of an owner's tasks, newest first. */
export interface TaskPage {
  readonly records: readonly TaskRecord[];
  /** Where the next page starts; absent on the last page. */
  readonly nextCursor?: string;
}

/**
 * Where tasks live, shared by every replica of a server: a task created through one replica is
 * read, awaited, answered and cancelled through any other. `MemoryTaskStore` serves one process;
 * `RedisTaskStore` of `@mcpkit/redis/tasks` serves many.
 */
export interface TaskStore {
  /**
   * Stores a new task; resolves once any replica's `get` finds it (rejects when the id exists). A store
   * with caps rejects with `TaskLimitError` when the owner has no room left; to make room it may forget
   * the owner's own oldest ended tasks, and tasks past their TTL, but never another owner's live task or
   * unexpired result.
   */
  create(record: TaskRecord): Promise<void>;
  /** The task, or `undefined` when it is unknown or was forgotten. */
  get(taskId: string): Promise<TaskRecord | undefined>;
  /** Writes `record` if the stored task's `version` is still `expected`; `false` when another write came first. */
  replace(record: TaskRecord, expected: number): Promise<boolean>;
  /** One page of `owner`'s tasks, newest first (`cursor`: a `nextCursor` from before; a bad one rejects with `RangeError`). */
  list(owner: string | null, cursor: string | undefined, limit: number): Promise<TaskPage>;
  /** Tells the runners of every replica that task `taskId` changed (cancelled, say). */
  signal(taskId: string): Promise<void>;
  /** Calls `listener` with the task id of every signal from now on; resolves once live. */
  subscribe(listener: (taskId: string) => void): Promise<() => void | Promise<void>>;
}
