import { TaskLimitError } from './limit-error.js';
import type { TaskPage, TaskRecord, TaskStore } from './task-store.js';

/** Options of `MemoryTaskStore`. */
export interface MemoryTaskStoreOptions {
  /** The clock that decides when a task may be forgotten (default `Date.now`). */
  now?: () => number;
  /** Tasks kept at most, of all owners together (default 10 000). */
  maxTasks?: number;
  /** Tasks kept at most for one owner (a principal, or a session without one; default 1000). */
  maxTasksPerOwner?: number;
}

const ENDED = new Set(['completed', 'failed', 'cancelled']);

/**
 * A `TaskStore` in this process's memory: for one replica (stdio, a single HTTP server, tests).
 * Tasks are forgotten after their `expiresAt`. A new task needs room under two caps: its owner's
 * (`maxTasksPerOwner`) and the store's (`maxTasks`). To make room the store forgets the owner's own
 * oldest ended task, or (for the store's cap) a task of anyone's that outlived its TTL; never
 * another owner's live task or unexpired result. Without room, `create` rejects with a
 * `TaskLimitError` naming the cap.
 */
export class MemoryTaskStore implements TaskStore {
  private readonly tasks = new Map<string, TaskRecord>();
  /** The ids of each owner's tasks, in creation order. */
  private readonly owners = new Map<string | null, Set<string>>();
  private readonly listeners = new Set<(taskId: string) => void>();
  private readonly now: () => number;
  private readonly maxTasks: number;
  private readonly maxTasksPerOwner: number;

  constructor(options: MemoryTaskStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxTasks = options.maxTasks ?? 10_000;
    this.maxTasksPerOwner = options.maxTasksPerOwner ?? 1000;
    if (!Number.isInteger(this.maxTasks) || this.maxTasks < 1) throw new RangeError('MemoryTaskStore: maxTasks must be an integer ≥ 1');
    if (!Number.isInteger(this.maxTasksPerOwner) || this.maxTasksPerOwner < 1) throw new RangeError('MemoryTaskStore: maxTasksPerOwner must be an integer ≥ 1');
  }

  async create(record: TaskRecord): Promise<void> {
    this.sweep();
    if (this.tasks.has(record.taskId)) throw new Error(`Task ${record.taskId} exists already`);
    const owner = record.owner;
    if (this.held(owner) >= this.maxTasksPerOwner && !this.forgetOldestEnded(owner)) {
      throw new TaskLimitError('maxTasksPerOwner', this.maxTasksPerOwner, this.held(owner));
    }
    if (this.tasks.size >= this.maxTasks && !this.forgetOldestEnded(owner) && !this.forgetOutlived()) {
      throw new TaskLimitError('maxTasks', this.maxTasks, this.held(owner), this.maxTasksPerOwner);
    }
    this.tasks.set(record.taskId, freeze(record));
    let mine = this.owners.get(owner);
    if (!mine) this.owners.set(owner, (mine = new Set()));
    mine.add(record.taskId);
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const record = this.tasks.get(taskId);
    if (record && this.forgettable(record)) {
      this.forget(record);
      return undefined;
    }
    return record;
  }

  async replace(record: TaskRecord, expected: number): Promise<boolean> {
    const current = await this.get(record.taskId);
    if (!current || current.version !== expected) return false;
    // A task's owner never changes: its place in the owners' index stays right.
    this.tasks.set(record.taskId, freeze({ ...record, owner: current.owner }));
    return true;
  }

  async list(owner: string | null, cursor: string | undefined, limit: number): Promise<TaskPage> {
    this.sweep();
    const mine = [...(this.owners.get(owner) ?? [])].map((id) => this.tasks.get(id)!).sort(newestFirst);
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

  private held(owner: string | null): number {
    return this.owners.get(owner)?.size ?? 0;
  }

  private forgettable(record: TaskRecord): boolean {
    return record.expiresAt !== null && this.now() >= record.expiresAt;
  }

  private forget(record: TaskRecord): void {
    this.tasks.delete(record.taskId);
    const mine = this.owners.get(record.owner);
    mine?.delete(record.taskId);
    if (mine?.size === 0) this.owners.delete(record.owner);
  }

  private sweep(): void {
    for (const record of this.tasks.values()) if (this.forgettable(record)) this.forget(record);
  }

  /** Forgets `owner`'s own ended task updated longest ago; false when it has none. */
  private forgetOldestEnded(owner: string | null): boolean {
    let oldest: TaskRecord | undefined;
    for (const id of this.owners.get(owner) ?? []) {
      const record = this.tasks.get(id)!;
      if (ENDED.has(record.status) && (oldest === undefined || record.lastUpdatedAt < oldest.lastUpdatedAt)) oldest = record;
    }
    if (oldest) this.forget(oldest);
    return oldest !== undefined;
  }

  /** Forgets the task of anyone's that outlived its TTL longest ago (it only answers "expired" now); false when none did. */
  private forgetOutlived(): boolean {
    const now = this.now();
    let oldest: TaskRecord | undefined;
    for (const record of this.tasks.values()) {
      if (record.ttlMs === null || now < record.createdAt + record.ttlMs) continue;
      if (oldest === undefined || record.createdAt + record.ttlMs! < oldest.createdAt + oldest.ttlMs!) oldest = record;
    }
    if (oldest) this.forget(oldest);
    return oldest !== undefined;
  }
}

function newestFirst(a: TaskRecord, b: TaskRecord): number {
  return b.createdAt - a.createdAt || (a.taskId < b.taskId ? -1 : 1);
}

// Records are shared with callers: freezing keeps a caller's later edit out of the store.
function freeze(record: TaskRecord): TaskRecord {
  return Object.freeze(structuredClone(record));
}
