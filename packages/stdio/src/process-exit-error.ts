import { TransportClosedError } from '@mcpkit/jsonrpc';

/** How a server process ended, as far as the client could see. */
export interface ProcessExit {
  /** The exit code, or null when a signal ended the process. */
  code: number | null;
  /** The signal that ended the process, if any. */
  signal: NodeJS.Signals | null;
  /** The last characters the process wrote to stderr (empty unless stderr was captured). */
  stderrTail: string;
}

/** The server process is gone (or never started); every request in flight fails with this. */
export class ProcessExitedError extends TransportClosedError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/stdio/ProcessExitedError';
  override readonly name = 'ProcessExitedError';
  /** The exit code, or null when a signal ended the process (or it never started). */
  readonly exitCode: number | null;
  /** The signal that ended the process, if any. */
  readonly signal: NodeJS.Signals | null;
  /** The last characters the process wrote to stderr. */
  readonly stderrTail: string;

  constructor(summary: string, exit: ProcessExit, options?: ErrorOptions) {
    const tail = exit.stderrTail.trimEnd();
    super(tail.length > 0 ? `${summary}; stderr tail:\n${tail}` : summary, options);
    this.exitCode = exit.code;
    this.signal = exit.signal;
    this.stderrTail = exit.stderrTail;
  }
}
