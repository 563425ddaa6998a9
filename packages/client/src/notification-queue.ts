/**
 * The consumer side of a listen stream: what the stream delivers waits here until `next()` takes it.
 * A consumer that does not keep up loses the oldest items beyond `max` (with a warning) rather than
 * the process its memory; after `end()` the unread items can still be read, then iteration is done;
 * after `fail(error)` they can be read too, then `next()` rejects once with `error`.
 *
 * @example
 * const queue = new NotificationQueue<ListenNotification>(console.warn);
 * queue.push(notification);      // the stream delivers
 * const { value } = await queue.next(); // the consumer iterates
 * queue.end();                   // later next() calls are done
 */
export class NotificationQueue<T> {
  private readonly items: T[] = [];
  private waiter: { resolve: (result: IteratorResult<T>) => void; reject: (error: Error) => void } | undefined;
  private failure: Error | undefined;
  private over = false;

  constructor(
    /** Told when the oldest unread item is dropped. */
    private readonly warn: (message: string) => void,
    /** Unread items kept at most. Default 10,000. */
    private readonly max = 10_000,
  ) {}

  /** True once `end` or `fail` was called. */
  get ended(): boolean {
    return this.over;
  }

  /** Hands an item to the consumer (a waiting `next()` first); ignored once ended. */
  push(item: T): void {
    if (this.over) return;
    const waiter = this.waiter;
    if (waiter !== undefined) {
      this.waiter = undefined;
      waiter.resolve({ value: item, done: false });
      return;
    }
    if (this.items.length >= this.max) {
      this.items.shift();
      this.warn(`A listen stream buffered ${this.max} notifications nobody read; dropped the oldest`);
    }
    this.items.push(item);
  }

  /** Drops the unread items (a consumer that closed the stream does not want them). */
  clear(): void {
    this.items.length = 0;
  }

  /** Ends iteration: a waiting `next()` is done at once, later ones after the unread items. */
  end(): void {
    if (this.over) return;
    this.over = true;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.resolve({ value: undefined, done: true });
  }

  /** Ends iteration with `error`: a waiting `next()` rejects with it, or the first one after the unread items. */
  fail(error: Error): void {
    if (this.over) return;
    this.over = true;
    const waiter = this.waiter;
    this.waiter = undefined;
    if (waiter !== undefined) waiter.reject(error);
    else this.failure = error;
  }

  /** The next item, waiting for one while the queue is open. */
  async next(): Promise<IteratorResult<T>> {
    if (this.items.length > 0) return { value: this.items.shift() as T, done: false };
    if (this.failure !== undefined) {
      const failure = this.failure;
      this.failure = undefined;
      throw failure;
    }
    if (this.over) return { value: undefined, done: true };
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }
}
