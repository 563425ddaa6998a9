import { TaskLimitError, type TaskPage, type TaskRecord, type TaskStore } from '@mcpkit/tasks';
import type { RedisConnection } from '../connection.js';
import { guarded } from '../errors.js';
import { createTask, replaceTask } from './task-scripts.js';

/** Options of `RedisTaskStore`. */
export interface RedisTaskStoreOptions {
  /** How many index entries `list` reads per Redis round trip. Default 100. */
  scanBatch?: number;
  /**
   * Tasks kept at most for one owner (a principal, or a session without one), on all replicas
   * together (default 1000). At the cap the owner's own oldest ended task makes room; with none, the
   * new task is refused (`TaskLimitError`, which the tasks server answers with `-32603` naming it).
   */
  maxTasksPerOwner?: number;
}

const ENDED = new Set(['completed', 'failed', 'cancelled']);

/**
 * The `TaskStore` of `@mcpkit/tasks` in Redis, for many replicas: a task created through one replica
 * is read, awaited, answered and cancelled through any other, and change signals travel over
 * pub/sub. Each task is one hash (its record and version; Redis forgets it at `expiresAt`), each
 * owner a sorted set of task ids by creation time and one of its ended tasks by last update (what
 * makes room at the owner's cap, `maxTasksPerOwner`). Writes compare and set on the version, in Lua.
 * Every call fails with `RedisUnavailableError` while Redis is away.
 *
 * @example createTasksServer({ store: new RedisTaskStore(redis) })
 */
export class RedisTaskStore implements TaskStore {
  private readonly base: string;
  private readonly owners: string;
  private readonly channel: string;
  private readonly scanBatch: number;
  private readonly maxTasksPerOwner: number;
  private readonly ended: string;

  constructor(
    private readonly connection: RedisConnection,
    options: RedisTaskStoreOptions = {},
  ) {
    this.base = `${connection.prefix}task:`;
    this.owners = `${connection.prefix}tasks-of:`;
    this.channel = `${connection.prefix}task-signals`;
    this.ended = `${connection.prefix}tasks-ended-of:`;
    this.scanBatch = options.scanBatch ?? 100;
    this.maxTasksPerOwner = options.maxTasksPerOwner ?? 1000;
    if (!Number.isInteger(this.scanBatch) || this.scanBatch < 1) throw new RangeError('RedisTaskStore: scanBatch must be an integer ≥ 1');
    if (!Number.isInteger(this.maxTasksPerOwner) || this.maxTasksPerOwner < 1) throw new RangeError('RedisTaskStore: maxTasksPerOwner must be an integer ≥ 1');
  }

  async create(record: TaskRecord): Promise<void> {
    const reply = (await this.connection.run('create a task', (redis) =>
      createTask.run(
        redis,
        [this.key(record.taskId), this.ownerKey(record.owner), this.endedKey(record.owner)],
        [
          JSON.stringify(record),
          record.version,
          record.expiresAt === null ? '' : record.expiresAt,
          record.createdAt,
          record.taskId,
          this.maxTasksPerOwner,
          this.base,
        ],
      ),
    )) as [number, number];
    const [created, held] = reply;
    if (created === -1) throw new TaskLimitError('maxTasksPerOwner', this.maxTasksPerOwner, held);
    if (created !== 1) throw new Error(`Task ${record.taskId} exists already`);
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const text = await this.connection.run('read a task', (redis) => redis.hget(this.key(taskId), 'record'));
    return text === null ? undefined : (JSON.parse(text) as TaskRecord);
  }

  async replace(record: TaskRecord, expected: number): Promise<boolean> {
    const written = await this.connection.run('update a task', (redis) =>
      replaceTask.run(
        redis,
        [this.key(record.taskId), this.endedKey(record.owner)],
        [
          JSON.stringify(record),
          record.version,
          expected,
          record.expiresAt === null ? '' : record.expiresAt,
          ENDED.has(record.status) ? '1' : '0',
          record.lastUpdatedAt,
          record.taskId,
        ],
      ),
    );
    return written === 1;
  }

  /**
   * Newest first; ids whose task Redis forgot (expired) are dropped from the index on the way. The
   * cursor is the id of the next task, so a cursor whose task was forgotten meanwhile is a `RangeError`.
   */
  async list(owner: string | null, cursor: string | undefined, limit: number): Promise<TaskPage> {
    const index = this.ownerKey(owner);
    let start = 0;
    if (cursor !== undefined) {
      const rank = await this.connection.run('list tasks', (redis) => redis.zrevrank(index, cursor));
      if (rank === null) throw new RangeError('Unknown or expired cursor');
      start = rank;
    }
    const records: TaskRecord[] = [];
    for (;;) {
      const ids = await this.connection.run('list tasks', (redis) => redis.zrevrange(index, start, start + this.scanBatch - 1));
      if (ids.length === 0) return { records };
      const texts = await this.connection.run('list tasks', (redis) => redis.pipeline(ids.map((id) => ['hget', this.key(id), 'record'])).exec());
      const gone: string[] = [];
      for (let i = 0; i < ids.length; i++) {
        const [error, text] = texts?.[i] ?? [new Error('no reply'), null];
        if (error) throw error;
        if (text === null) {
          gone.push(ids[i]!);
          continue;
        }
        const record = JSON.parse(text as string) as TaskRecord;
        if (records.length === limit) {
          if (gone.length > 0) await this.forget(owner, gone);
          return { records, nextCursor: record.taskId };
        }
        records.push(record);
      }
      if (gone.length > 0) await this.forget(owner, gone);
      // The forgotten ids left the index: the next batch starts that much earlier.
      start += ids.length - gone.length;
    }
  }

  async signal(taskId: string): Promise<void> {
    await this.connection.run('signal a task', (redis) => redis.publish(this.channel, taskId));
  }

  subscribe(listener: (taskId: string) => void): Promise<() => void> {
    return guarded('subscribe to task signals', () => this.connection.pubsub().subscribe(this.channel, listener));
  }

  private key(taskId: string): string {
    return `${this.base}${taskId}`;
  }

  // `null` (tasks anyone holding the id may see) gets a key no owner string can produce.
  private ownerKey(owner: string | null): string {
    return owner === null ? `${this.owners}\u0000anyone` : `${this.owners}${owner}`;
  }

  private endedKey(owner: string | null): string {
    return owner === null ? `${this.ended}\u0000anyone` : `${this.ended}${owner}`;
  }

  private async forget(owner: string | null, ids: string[]): Promise<void> {
    await this.connection.run('list tasks', (redis) =>
      redis
        .multi()
        .zrem(this.ownerKey(owner), ...ids)
        .zrem(this.endedKey(owner), ...ids)
        .exec(),
    );
  }
}
