import type { ProgressNotificationParams } from '@mcpkit/schema';
import type { Style } from './style.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const WIDTH = 24;

/**
 * A spinner while a request runs, and a progress bar once the server reports progress, drawn on one
 * line of stderr when it is a terminal (nothing otherwise). It waits a moment before drawing, so
 * quick requests leave no trace, and clears its line before anything else is written.
 */
export class ProgressDisplay {
  private timer: ReturnType<typeof setInterval> | undefined;
  private delay: ReturnType<typeof setTimeout> | undefined;
  private frame = 0;
  private drawn = false;
  private label = '';
  private latest: ProgressNotificationParams | undefined;
  private suspended = 0;

  constructor(
    private readonly write: (text: string) => void,
    private readonly style: Style,
    private readonly enabled: boolean,
  ) {}

  /** Starts showing activity for `label` (e.g. `tools/call echo`). */
  start(label: string): void {
    if (!this.enabled) return;
    this.stop();
    this.label = label;
    this.latest = undefined;
    this.delay = setTimeout(() => {
      this.delay = undefined;
      this.timer = setInterval(() => this.draw(), 100);
      this.draw();
    }, 250);
  }

  /** A `notifications/progress` of the running request. */
  readonly update = (progress: ProgressNotificationParams): void => {
    this.latest = progress;
    if (this.timer !== undefined) this.draw();
  };

  /** Clears the line before other output; drawing goes on with the next tick. */
  clear(): void {
    if (this.drawn) this.write('\r\u001b[2K');
    this.drawn = false;
  }

  /** Clears the line and draws nothing until `resume()` (while a prompt waits for the user). */
  suspend(): void {
    this.suspended++;
    this.clear();
  }

  /** Ends a `suspend()`. */
  resume(): void {
    if (this.suspended > 0) this.suspended--;
  }

  /** Clears the line and stops. */
  stop(): void {
    if (this.delay !== undefined) clearTimeout(this.delay);
    if (this.timer !== undefined) clearInterval(this.timer);
    this.delay = undefined;
    this.timer = undefined;
    this.clear();
  }

  private draw(): void {
    if (this.suspended > 0) return;
    const spinner = this.style.cyan(FRAMES[this.frame++ % FRAMES.length]!);
    const p = this.latest;
    let text = `${spinner} ${this.label}`;
    if (p !== undefined) {
      if (p.total !== undefined && p.total > 0) {
        const ratio = Math.min(1, Math.max(0, p.progress / p.total));
        const filled = Math.round(ratio * WIDTH);
        text += ` ${this.style.green('█'.repeat(filled))}${this.style.dim('░'.repeat(WIDTH - filled))} ${Math.round(ratio * 100)}%`;
      } else {
        text += ` ${p.progress}`;
      }
      if (p.message) text += ` ${this.style.dim(p.message)}`;
    }
    this.write(`\r\u001b[2K${text}`);
    this.drawn = true;
  }
}
