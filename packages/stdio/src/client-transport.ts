import type { ChildProcess } from 'node:child_process';
import type { CloseInfo, JsonRpcMessage, MessageTransport } from '@mcpkit/jsonrpc';
import { TransportClosedError } from '@mcpkit/jsonrpc';
import { ProcessExitedError, type ProcessExit } from './process-exit-error.js';
import { StderrTail } from './stderr-tail.js';
import { StreamTransport } from './stream-transport.js';

/** How to start and stop a server process. */
export interface StdioClientOptions {
  /** The executable to run (no shell is involved). */
  command: string;
  args?: readonly string[];
  /** The complete environment of the process (not merged). Default: this process's environment. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /**
   * What to do with the server's stderr, which is never an error signal: `pipe` (default) keeps its tail
   * for error messages; `inherit` forwards it to ours; `ignore` drops it; a function receives each chunk
   * of text (and the tail is kept too).
   */
  stderr?: 'pipe' | 'inherit' | 'ignore' | ((text: string) => void);
  /** Characters of stderr kept for `stderrTail` and the error of a dead process. Default 2048. */
  stderrTailChars?: number;
  /** After closing the server's stdin, how long to wait for it to exit before SIGTERM. Default 2000 ms. */
  shutdownGraceMs?: number;
  /** After SIGTERM, how long to wait before SIGKILL. Default 2000 ms. */
  killGraceMs?: number;
  /** Longest line accepted from the server, in bytes. Default 8 MiB. */
  maxLineBytes?: number;
}

/** How long to wait for the pipes to close once the process exited (a grandchild may hold them). */
const SETTLE_MS = 500;

function ignore(): void {}

/**
 * The client side of the stdio transport: spawns the server, exchanges newline-delimited messages over
 * its stdin/stdout, and shuts it down as the spec says (close stdin, wait, SIGTERM, wait, SIGKILL).
 * When the process dies, `onClose` fires with a `ProcessExitedError` (exit code, signal, stderr tail),
 * so every request in flight fails at once.
 */
export class StdioClientTransport implements MessageTransport {
  readonly kind = 'stream';
  readonly name = 'stdio';
  private child: ChildProcess | undefined;
  private stream: StreamTransport | undefined;
  private readonly tail: StderrTail;
  private starting: Promise<void> | undefined;
  private spawnError: Error | undefined;
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private closing = false;
  private finished: ProcessExitedError | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private resolveGone!: () => void;
  private readonly gone = new Promise<void>((resolve) => (this.resolveGone = resolve));
  private messageHandler: (message: JsonRpcMessage) => void = ignore;
  private errorHandler: (error: Error) => void = ignore;
  private closeHandler: (info: CloseInfo) => void = ignore;

  constructor(private readonly options: StdioClientOptions) {
    this.tail = new StderrTail(options.stderrTailChars ?? 2048);
  }

  /** The server's process id, once spawned. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** How the process ended, once it did. */
  get exit(): ProcessExit | undefined {
    return this.finished && { code: this.finished.exitCode, signal: this.finished.signal, stderrTail: this.tail.text() };
  }

  /** The last characters the server wrote to stderr (when captured). */
  get stderrTail(): string {
    return this.tail.text();
  }

  onMessage(handler: (message: JsonRpcMessage) => void): void {
    this.messageHandler = handler;
  }

  onError(handler: (error: Error) => void): void {
    this.errorHandler = handler;
  }

  onClose(handler: (info: CloseInfo) => void): void {
    this.closeHandler = handler;
  }

  /** Spawns the server. Resolves once it runs; rejects with `ProcessExitedError` if it cannot start. */
  start(): Promise<void> {
    return (this.starting ??= this.spawn());
  }

  /** Writes one message to the server's stdin. */
  send(message: JsonRpcMessage): Promise<void> {
    if (this.finished !== undefined) return Promise.reject(this.finished);
    if (this.stream === undefined) return Promise.reject(new TransportClosedError('The transport was not started'));
    return this.stream.send(message);
  }

  /** Shuts the server down (stdin EOF, then SIGTERM, then SIGKILL) and resolves once it is gone. Idempotent. */
  close(): Promise<void> {
    if (this.finished !== undefined || this.closing) return this.gone;
    this.closing = true;
    const child = this.child;
    if (child === undefined) {
      this.finish('The transport was closed before it started');
    } else if (this.exitInfo === undefined) {
      this.stream?.endOutput(); // stdin EOF, after the messages already sent
      this.escalate(child, 'SIGTERM', this.options.shutdownGraceMs ?? 2000);
    }
    return this.gone;
  }

  private async spawn(): Promise<void> {
    // Loaded on the first start, not at import: a server that imports serveStdio from this package
    // never needs child_process, and loading it is ~5 ms of every server's cold start.
    const { spawn } = await import('node:child_process');
    if (this.closing || this.finished !== undefined) {
      throw this.finished ?? new TransportClosedError('The transport was closed before it started');
    }
    const { command, args = [], env, cwd } = this.options;
    const stderr = this.options.stderr ?? 'pipe';
    const child = spawn(command, args, {
      env,
      cwd,
      stdio: ['pipe', 'pipe', typeof stderr === 'function' ? 'pipe' : stderr],
      windowsHide: true,
    });
    this.child = child;
    const stream = new StreamTransport(child.stdout!, child.stdin!, {
      maxLineBytes: this.options.maxLineBytes,
      name: 'stdio',
    });
    this.stream = stream;
    stream.onMessage((message) => this.messageHandler(message));
    stream.onError((error) => this.errorHandler(error));
    stream.onClose(() => this.outputClosed());
    if (child.stderr) {
      child.stderr.setEncoding('utf8');
      const forward = typeof stderr === 'function' ? stderr : undefined;
      child.stderr.on('data', (text: string) => {
        if (this.exitInfo !== undefined && this.finished === undefined) this.settleAfterExit(); // still draining
        this.tail.push(text);
        if (forward !== undefined) {
          try {
            forward(text);
          } catch (error) {
            this.errorHandler(error instanceof Error ? error : new Error(String(error)));
          }
        }
      });
    }
    child.on('error', (error) => {
      if (child.pid === undefined) this.spawnError = error;
    });
    child.on('exit', (code, signal) => this.exited(code, signal));
    child.on('close', () => this.finish());
    // Listen for 'spawn' and 'error' before the first await: Bun can emit 'spawn' before code that
    // awaits something first has attached its listener, and the start would then hang forever.
    const running = new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', () => reject(this.finished ?? this.failure()));
    });
    running.catch(() => {}); // observed below; this only keeps an early failure from being "unhandled"
    await stream.start();
    await running;
  }

  private escalate(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL', afterMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      child.kill(signal);
      if (signal === 'SIGTERM') this.escalate(child, 'SIGKILL', this.options.killGraceMs ?? 2000);
      else this.timer = setTimeout(() => this.finish(), SETTLE_MS); // unkillable: give up waiting
    }, afterMs);
  }

  private exited(code: number | null, signal: NodeJS.Signals | null): void {
    this.exitInfo = { code, signal };
    this.settleAfterExit();
  }

  /**
   * After the exit, `close` normally follows as soon as the pipes are drained. A grandchild holding
   * them open must not delay the end forever, but output still arriving must not be cut off either:
   * the end comes after SETTLE_MS without new output.
   */
  private settleAfterExit(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.finish(), SETTLE_MS);
  }

  /** The server closed its stdout (or its stdin broke): it should exit now. If it does not, shut it down. */
  private outputClosed(): void {
    if (this.finished !== undefined || this.closing || this.exitInfo !== undefined || this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.exitInfo === undefined) void this.close();
    }, SETTLE_MS);
  }

  private failure(summary?: string): ProcessExitedError {
    const exit = this.exitInfo;
    const spawnError = this.spawnError;
    const how = exit === undefined ? 'closed its output' : exit.signal !== null ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
    const text =
      summary ??
      (spawnError !== undefined
        ? `Could not start server process "${this.options.command}": ${spawnError.message}`
        : this.closing
          ? `Server process was shut down (it ${how})`
          : `Server process ${how}`);
    const code = spawnError === undefined ? (exit?.code ?? null) : null;
    return new ProcessExitedError(text, { code, signal: exit?.signal ?? null, stderrTail: this.tail.text() }, { cause: spawnError });
  }

  private finish(summary?: string): void {
    if (this.finished !== undefined) return;
    const error = this.failure(summary);
    this.finished = error;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const child = this.child;
    if (child !== undefined) {
      if (this.exitInfo === undefined && child.pid !== undefined) child.kill('SIGKILL'); // never leave it behind
      child.stdin?.destroy();
      child.stdout?.destroy();
      child.stderr?.destroy();
    }
    this.resolveGone();
    try {
      this.closeHandler({ reason: error.message, error });
    } catch (handlerError) {
      this.errorHandler(handlerError instanceof Error ? handlerError : new Error(String(handlerError)));
    }
  }
}
