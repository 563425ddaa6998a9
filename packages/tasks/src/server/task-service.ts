import { ResponseError } from '@mcpkit/jsonrpc';
import { invalidParams, type ToolDefinition } from '@mcpkit/server';
import type { ExtensionHost } from '@mcpkit/server/extension';
import type { TaskPage, TaskRecord, TaskStore } from '../store/task-store.js';
import { takeAnswers } from './input-keys.js';
import { TaskRunner } from './runner.js';
import { detailedTask, isTerminal } from './views.js';

/** The settled options of a tasks server. */
export interface ServiceSettings {
  readonly store: TaskStore;
  readonly now: () => number;
  readonly ttlMs: number | null;
  readonly pollIntervalMs: number;
  readonly retentionMs: number;
  readonly leaseMs: number;
  readonly maxRunning: number;
  readonly maxRunningPerOwner: number;
}

/** A task tool as the service knows it: its definition (handler) and how it supports tasks. */
export interface TaskTool {
  readonly definition: ToolDefinition;
  readonly support: 'optional' | 'required';
  readonly ttlMs: number | null | undefined;
  readonly pollIntervalMs: number | undefined;
}

const notFound = (taskId: string) => invalidParams(`Failed to retrieve task: Task not found (${taskId})`);
const expiredError = (taskId: string) => invalidParams(`Failed to retrieve task: Task has expired (${taskId})`);

/**
 * The tasks of one server: their life cycle in the shared `TaskStore` (every change a compare-and-set
 * on the record's version, so replicas never overwrite each other), the announcements of each change
 * (listen streams and the runners of every replica), and the local runner of handlers.
 */
export class TaskService {
  host: ExtensionHost | undefined;
  readonly tools = new Map<string, TaskTool>();
  readonly runner: TaskRunner;
  private readonly waiters = new Map<string, Set<() => void>>();
  private watching: Promise<unknown> | undefined;

  constructor(readonly settings: ServiceSettings) {
    this.runner = new TaskRunner(this);
  }

  get now(): number {
    return this.settings.now();
  }

  /** Whether the task outlived its TTL (extensions/tasks/tasks.md: the server may then fail and delete it). */
  expired(record: TaskRecord): boolean {
    return record.ttlMs !== null && this.now >= record.createdAt + record.ttlMs;
  }

  /** When the store may forget a task created `createdAt` with `ttlMs`. */
  expiresAt(createdAt: number, ttlMs: number | null): number | null {
    return ttlMs === null ? null : createdAt + ttlMs + this.settings.retentionMs;
  }

  /**
   * The task `taskId` as `owner` may see it: `-32602` when it is unknown, belongs to someone else
   * (indistinguishable, so nothing leaks) or expired. A `working` task whose replica stopped renewing
   * its lease is failed here, by whoever looks first.
   */
  async find(taskId: string, owner: string | null): Promise<TaskRecord> {
    const record = await this.settings.store.get(taskId);
    if (!record || record.owner !== owner) throw notFound(taskId);
    if (this.expired(record)) {
      this.runner.abort(taskId);
      throw expiredError(taskId);
    }
    if (record.status === 'working' && record.lease !== undefined && record.lease.until < this.now) {
      const failed = await this.transition(taskId, (current) =>
        current.status === 'working' && current.lease !== undefined && current.lease.until < this.now
          ? {
              ...current,
              status: 'failed',
              statusMessage: 'The server instance running this task stopped before it finished',
              error: { code: -32603, message: 'The server instance running this task stopped before it finished' },
              lease: undefined,
            }
          : undefined,
      );
      return failed ?? record;
    }
    return record;
  }

  /** Cancels a task (cooperative: its handler is aborted wherever it runs); a terminal task is left as it is. */
  async cancel(taskId: string, owner: string | null): Promise<TaskRecord> {
    const record = await this.find(taskId, owner);
    if (isTerminal(record.status)) return record;
    const next = await this.transition(taskId, (current) =>
      isTerminal(current.status)
        ? undefined
        : { ...current, status: 'cancelled', statusMessage: 'The task was cancelled by request', lease: undefined, inputRequests: undefined },
    );
    this.runner.abort(taskId);
    return next ?? record;
  }

  /**
   * Answers some of a task's outstanding input requests (`tasks/update`). Once none is left the task
   * is `working` again and its handler resumes here, with every answer given so far. Answers for keys
   * that are not outstanding are ignored.
   */
  async update(taskId: string, owner: string | null, responses: Readonly<Record<string, unknown>>): Promise<TaskRecord> {
    let resumed: TaskRecord | undefined;
    for (let attempt = 0; ; attempt++) {
      const record = await this.find(taskId, owner);
      if (record.status !== 'input_required') return record;
      const { answered, remaining } = takeAnswers(record.run, responses);
      if (Object.keys(answered).length === 0) return record;
      const run = { ...record.run, answers: { ...record.run.answers, ...answered }, keys: remaining };
      const done = Object.keys(remaining).length === 0;
      const inputRequests = done ? undefined : Object.fromEntries(Object.entries(record.inputRequests ?? {}).filter(([wire]) => wire in remaining));
      const next: TaskRecord = done
        ? { ...record, run, status: 'working', statusMessage: undefined, inputRequests: undefined, lease: this.runner.lease() }
        : { ...record, run, inputRequests };
      const written = await this.write(next, record.version);
      if (written) {
        resumed = written;
        break;
      }
      if (attempt >= 10) throw new ResponseError(-32603, `Task ${taskId} changed too often to take the answers`);
    }
    if (resumed.status === 'working') this.runner.start(resumed);
    return resumed;
  }

  /** One page of `owner`'s tasks (2025-11-25 `tasks/list`); a bad cursor is `-32602`. */
  async list(owner: string | null, cursor: string | undefined, limit: number): Promise<TaskPage> {
    try {
      return await this.settings.store.list(owner, cursor, limit);
    } catch (error) {
      if (error instanceof RangeError) throw invalidParams(`Invalid cursor: ${error.message}`);
      throw error;
    }
  }

  /**
   * Applies `change` to the stored task with compare-and-set, retrying on a concurrent write; a
   * change returning `undefined` writes nothing. Resolves the record written, or `undefined` when
   * nothing was (the task is gone or `change` declined).
   */
  async transition(taskId: string, change: (current: TaskRecord) => TaskRecord | undefined): Promise<TaskRecord | undefined> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const current = await this.settings.store.get(taskId);
      if (!current) return undefined;
      const next = change(current);
      if (!next) return undefined;
      const written = await this.write(next, current.version);
      if (written) return written;
    }
    throw new ResponseError(-32603, `Task ${taskId} changed too often to be updated`);
  }

  /** Like `transition`, for a change nobody needs to hear of (a lease renewal): no announcement, same `lastUpdatedAt`. */
  async transitionQuietly(taskId: string, change: (current: TaskRecord) => TaskRecord | undefined): Promise<TaskRecord | undefined> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await this.settings.store.get(taskId);
      if (!current) return undefined;
      const next = change(current);
      if (!next) return undefined;
      const written: TaskRecord = { ...stripUndefined(next), version: current.version + 1 };
      if (await this.settings.store.replace(written, current.version)) return written;
    }
    return undefined;
  }

  /** Writes a status change if the stored version is still `expected`, and announces it. */
  async write(next: TaskRecord, expected: number): Promise<TaskRecord | undefined> {
    const written: TaskRecord = { ...stripUndefined(next), lastUpdatedAt: this.now, version: expected + 1 };
    if (!(await this.settings.store.replace(written, expected))) return undefined;
    await this.announce(written);
    return written;
  }

  /**
   * Resolves at the next change of task `taskId` written on any replica (a store signal), after
   * `timeoutMs` at the latest (a signal may be missed: the caller reads the task again anyway), or
   * when `signal` aborts.
   */
  changed(taskId: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    this.watching ??= this.settings.store
      .subscribe((id) => this.wake(id))
      .catch((error: unknown) => {
        this.watching = undefined;
        this.host?.onError(error, { method: 'tasks/result', requestId: 'subscribe' });
      });
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.waiters.get(taskId)?.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal?.addEventListener('abort', done, { once: true });
      let set = this.waiters.get(taskId);
      if (!set) this.waiters.set(taskId, (set = new Set()));
      set.add(done);
    });
  }

  private wake(taskId: string): void {
    const set = this.waiters.get(taskId);
    if (!set) return;
    this.waiters.delete(taskId);
    for (const done of set) done();
  }

  /** Tells listen streams (`notifications/tasks`) and every replica's runner that a task changed. */
  async announce(record: TaskRecord): Promise<void> {
    const jobs: Promise<unknown>[] = [this.settings.store.signal(record.taskId)];
    if (this.host)
      jobs.push(this.host.notify(record.taskId, { method: 'notifications/tasks', params: detailedTask(record) as unknown as Record<string, unknown> }));
    const results = await Promise.allSettled(jobs);
    for (const result of results) {
      if (result.status === 'rejected') this.host?.onError(result.reason, { method: 'notifications/tasks', requestId: record.taskId });
    }
  }
}

/** A record without the optional fields set to `undefined` (so stores keep plain JSON). */
function stripUndefined(record: TaskRecord): TaskRecord {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value;
  return out as unknown as TaskRecord;
}
