import type { TaskPage, TaskRecord, TaskStore } from './task-store.js';

/** Options of `MemoryTaskStore`. */
export interface MemoryTaskStoreOptions {
  /** The clock that decides when a task may be forgotten (default `Date.now`). */
  now?: () => number;
  /** Tasks kept at most; creating one more forgets the oldest ended ones first (default 10 000). */
  maxTasks?: number;
}

const ENDED = new Set(['completed', 'failed', 'cancelled']);

/**
 * A `TaskStore` in this process's memory: for one replica (stdio, a single HTTP server, tests).
 * Tasks are forgotten after their `expiresAt`; when full, the oldest ended task makes room (a store
 * full of running tasks refuses new ones with a `RangeError`).
 */
export class MemoryTaskStore implements TaskStore {
  private readonly tasks = new Map<string, TaskRecord>();
  private readonly listeners = new Set<(taskId: string) => void>();
  private readonly now: () => number;
  private readonly maxTasks: number;

  constructor(options: MemoryTaskStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxTasks = options.maxTasks ?? 10_000;
    if (!Number.isInteger(this.maxTasks) || this.maxTasks < 1) throw new RangeError('MemoryTaskStore: maxTasks must be an integer ≥ 1');
  }

  async create(record: TaskRecord): Promise<void> {
    this.sweep();
    if (this.tasks.has(record.taskId)) throw new Error(`Task ${record.taskId} exists already`);
    if (this.tasks.size >= this.maxTasks) this.makeRoom();
    this.tasks.set(record.taskId, freeze(record));
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const record = this.tasks.get(taskId);
    if (record && this.forgettable(record)) {
      this.tasks.delete(taskId);
      return undefined;
    }
    return record;
  }

  async replace(record: TaskRecord, expected: number): Promise<boolean> {
    const current = await this.get(record.taskId);
    if (!current || current.version !== expected) return false;
    this.tasks.set(record.taskId, freeze(record));
    return true;
  }

  async list(owner: string | null, cursor: string | undefined, limit: number): Promise<TaskPage> {
    this.sweep();
    const mine = [...this.tasks.values()].filter((r) => r.owner === owner).sort(newestFirst);
    let start = 0;
    if (cursor !== undefined) {
      const at = mine.findIndex((r) => r.taskId === cursor);
      if (at < 0) throw new RangeError('Unknown or expired cursor');
      start = at;
    }
    const records = mine.slice(start, start + limit);
    const next = mine[start + limit];
    return next ? { records, nextCursor: next.taskId } : { records };
  }

  async signal(taskId: string): Promise<void> {
    for (const listener of [...this.listeners]) {
      try {
        listener(taskId);
      } catch {
        // One broken listener must not keep the signal from the others.
      }
    }
  }

  async subscribe(listener: (taskId: string) => void): Promise<() => void> {
    const entry = (taskId: string) => listener(taskId);
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  /** How many tasks are held (expired ones included until they are swept). */
  get size(): number {
    return this.tasks.size;
  }

  private forgettable(record: TaskRecord): boolean {
    return record.expiresAt !== null && this.now() >= record.expiresAt;
  }

  private sweep(): void {
    for (const [id, record] of this.tasks) if (this.forgettable(record)) this.tasks.delete(id);
  }

  private makeRoom(): void {
    const ended = [...this.tasks.values()].filter((r) => ENDED.has(r.status)).sort((a, b) => a.lastUpdatedAt - b.lastUpdatedAt);
    const oldest = ended[0];
    if (!oldest) throw new RangeError(`MemoryTaskStore is full (${this.maxTasks} tasks still running)`);
    this.tasks.delete(oldest.taskId);
  }
}

function newestFirst(a: TaskRecord, b: TaskRecord): number {
  return b.createdAt - a.createdAt || (a.taskId < b.taskId ? -1 : 1);
}

// Records are shared with callers: freezing keeps a caller's later edit out of the store.
function freeze(record: TaskRecord): TaskRecord {
  return Object.freeze(structuredClone(record));
}
