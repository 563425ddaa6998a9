import { LocalError } from '@mcpkit/jsonrpc';

/** A task ended as `cancelled`: there is no result to hand over. */
export class TaskCancelledError extends LocalError {
  /** The brand `instanceof` recognises across copies of this package (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/tasks-client/TaskCancelledError';
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
export class TaskProtocolError extends LocalError {
  /** The brand `instanceof` recognises across copies of this package (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/tasks-client/TaskProtocolError';
  override readonly name = 'TaskProtocolError';
}
