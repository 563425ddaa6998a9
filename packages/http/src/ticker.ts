/**
 * One timer for every open SSE stream of a handler: keep-alive comments on quiet streams and the
 * stall check of blocked ones. It runs only while a stream is open and never keeps a process alive.
 */

/** A stream the ticker visits. */
export interface TickTarget {
  tick(now: number): void;
}

/** The shared timer. */
export class Ticker {
  private readonly open = new Set<TickTarget>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly onTick = () => {
    const now = Date.now();
    for (const target of this.open) target.tick(now);
  };

  constructor(private readonly intervalMs: number) {}

  add(target: TickTarget): void {
    this.open.add(target);
    if (this.timer === undefined) {
      this.timer = setInterval(this.onTick, this.intervalMs);
      (this.timer as { unref?: () => void }).unref?.();
    }
  }

  delete(target: TickTarget): void {
    this.open.delete(target);
    if (this.open.size === 0 && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** The open streams, as a copy (a stream may leave while the caller walks them). */
  targets(): TickTarget[] {
    return [...this.open];
  }

  /** Number of open streams. */
  get size(): number {
    return this.open.size;
  }
}
