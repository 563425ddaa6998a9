/** A task ended as `cancelled`: there is no result to hand over. */
export class TaskCancelledError extends Error {
  override readonly name = 'TaskCancelledError';

  constructor(
    /** The task. */
    readonly taskId: string,
    /** The server's words on it, if any. */
    readonly statusMessage?: string,
  ) {
    super(`Task ${taskId} was cancelled${statusMessage ? `: ${statusMessage}` : ''}`);
  }
}

/** The server answered something a task client cannot use (a task without an id, say). */
export class TaskProtocolError extends Error {
  override readonly name = 'TaskProtocolError';
}
