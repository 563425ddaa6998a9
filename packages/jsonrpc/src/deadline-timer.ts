/** Node refuses delays above 2^31-1 ms (about 24.8 days). */
const MAX_DELAY = 2_147_483_647;

/** The optional `ref`/`unref` of a Node timer (absent in browsers, where a timer is a number). */
interface RefableTimer {
  ref?(): unknown;
  unref?(): unknown;
}

function fire(timer: DeadlineTimer): void {
  timer.fired();
}

/**
 * One timer for many deadlines: armed for the earliest one, it calls `onFire(now)` when it expires,
 * which handles what is due and returns the next deadline (or `Infinity`). Scheduling a later deadline
 * than the armed one costs nothing, so the common case (equal timeouts, answers well in time) does no
 * timer work per request. While nothing is waiting it stays armed but unreferenced, so it never keeps
 * the process alive and is not torn down and rebuilt between requests.
 */
export class DeadlineTimer {
  private handle: unknown;
  private armedAt = Infinity;
  private referenced = true;

  constructor(private readonly onFire: (now: number) => number) {}

  /** Makes sure the timer fires no later than `deadline` (a `performance.now()` time). */
  schedule(deadline: number): void {
    if (deadline >= this.armedAt - 1) return;
    if (this.handle !== undefined) clearTimeout(this.handle as number);
    this.armedAt = deadline;
    const delay = Math.min(Math.max(0, deadline - performance.now()), MAX_DELAY);
    this.handle = setTimeout(fire, delay, this);
    if (!this.referenced) (this.handle as RefableTimer).unref?.();
  }

  /** Whether something waits on the timer: only then may it keep the process alive. */
  setWaiting(waiting: boolean): void {
    if (waiting === this.referenced) return;
    this.referenced = waiting;
    const handle = this.handle as RefableTimer | undefined;
    if (waiting) handle?.ref?.();
    else handle?.unref?.();
  }

  /** Disarms the timer. */
  stop(): void {
    if (this.handle !== undefined) clearTimeout(this.handle as number);
    this.handle = undefined;
    this.armedAt = Infinity;
  }

  /** @internal */
  fired(): void {
    this.handle = undefined;
    this.armedAt = Infinity;
    const next = this.onFire(performance.now());
    if (next !== Infinity) this.schedule(next);
  }
}
