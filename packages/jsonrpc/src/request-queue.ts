/**
 * A first-in first-out queue with O(1) push and shift (an array and a moving head, compacted
 * when the consumed part dominates), for requests waiting for an in-flight slot.
 */
export class RequestQueue<T> {
  private items: Array<T | undefined> = [];
  private head = 0;

  /** Entries pushed and not yet shifted. */
  get size(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  /** Calls `visit` for each entry, oldest first. */
  forEach(visit: (item: T) => void): void {
    for (let i = this.head; i < this.items.length; i++) visit(this.items[i] as T);
  }

  /** Removes and returns the oldest entry, or `undefined` when empty. */
  shift(): T | undefined {
    if (this.head === this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head++] = undefined;
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}
