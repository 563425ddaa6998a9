import { createInterface, type Interface } from 'node:readline';

/**
 * Reads answers line by line from stdin, one question at a time, for the interactive prompts.
 * Lines that arrive before they are asked for are kept (piped input may come all at once); end of
 * input (or Ctrl+C at a prompt) answers `undefined`. Questions are serialized: a second caller waits
 * until the first one has its answer, so concurrent input requests never interleave on screen.
 */
export class LineReader {
  private rl: Interface | undefined;
  private readonly lines: string[] = [];
  private waiting: ((line: string | undefined) => void) | undefined;
  private ended = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stderr,
    private readonly terminal = (input as { isTTY?: boolean }).isTTY === true,
  ) {}

  /** Whether stdin has ended (no question can be answered any more). */
  get finished(): boolean {
    return this.ended && this.lines.length === 0;
  }

  /** Shows `prompt` and resolves with the next line, or `undefined` at end of input. */
  ask(prompt: string): Promise<string | undefined> {
    const rl = this.open();
    if (this.lines.length > 0) {
      this.output.write(prompt);
      const line = this.lines.shift()!;
      if (!this.terminal) this.output.write(`${line}\n`);
      return Promise.resolve(line);
    }
    if (this.ended) return Promise.resolve(undefined);
    rl.setPrompt(prompt);
    rl.prompt();
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** Runs `work` once every earlier `exclusive` call finished (one form on screen at a time). */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stops reading stdin, so the process can exit. */
  close(): void {
    this.rl?.close();
  }

  private open(): Interface {
    if (this.rl) return this.rl;
    const rl = createInterface({ input: this.input, output: this.output, terminal: this.terminal });
    rl.on('line', (line) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      if (!waiting) return void this.lines.push(line);
      if (!this.terminal) this.output.write(`${line}\n`); // a piped answer shows after its question
      waiting(line);
    });
    rl.on('close', () => this.end());
    rl.on('SIGINT', () => {
      this.output.write('\n');
      rl.close();
    });
    this.rl = rl;
    return rl;
  }

  private end(): void {
    this.ended = true;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.(undefined);
  }
}
