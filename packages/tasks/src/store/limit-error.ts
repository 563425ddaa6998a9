import { LocalError } from '@mcpkit/jsonrpc';

/** Which cap of a task store a new task would break. */
export type TaskStoreLimit = 'maxTasks' | 'maxTasksPerOwner';

/**
 * Thrown by a `TaskStore`'s `create` when a cap leaves no room for one more task of that owner:
 * `maxTasksPerOwner` (the owner holds `held` tasks, `max` of them, none of them ended) or `maxTasks`
 * (the whole store is full of other owners' tasks, `max` in all). The tasks server answers the
 * `tools/call` with `-32603` and `data: { limit, max, held, maxTasksPerOwner }`.
 */
export class TaskLimitError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/tasks/TaskLimitError';

  override readonly name = 'TaskLimitError';

  constructor(
    /** The cap that is reached. */
    readonly limit: TaskStoreLimit,
    /** Its value. */
    readonly max: number,
    /** How many tasks the caller's owner holds now. */
    readonly held: number,
    /** The per-owner cap, when the store has one. */
    readonly maxTasksPerOwner?: number,
  ) {
    super(
      limit === 'maxTasksPerOwner'
        ? `You hold ${held} tasks already, the most one caller may keep here (none of them ended): let some end or expire, then try again`
        : `The task store is full (${max} tasks)${maxTasksPerOwner === undefined ? '' : `; you hold ${held} of the ${maxTasksPerOwner} one caller may keep`}: try again later`,
    );
  }
}

/**
 * Whether `error` is a `TaskLimitError`, by its shape: a store from another copy of this package (its
 * CommonJS build, another version) throws a class of its own.
 */
export function isTaskLimitError(error: unknown): error is TaskLimitError {
  const e = error as Partial<TaskLimitError> | null;
  return e instanceof Error && e.name === 'TaskLimitError' && (e.limit === 'maxTasks' || e.limit === 'maxTasksPerOwner') && typeof e.max === 'number';
}
