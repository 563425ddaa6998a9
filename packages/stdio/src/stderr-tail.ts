/**
 * Keeps the last `limit` characters of a text stream (a child's stderr) at an amortised cost of one
 * array push per chunk: older text is trimmed only when twice the limit has accumulated.
 */
export class StderrTail {
  private chunks: string[] = [];
  private length = 0;

  constructor(private readonly limit: number) {}

  /** Appends a chunk of text. */
  push(text: string): void {
    if (this.limit <= 0) return;
    this.chunks.push(text);
    this.length += text.length;
    if (this.length > this.limit * 2) this.trim();
  }

  /** The last `limit` characters seen. */
  text(): string {
    this.trim();
    return this.chunks[0] ?? '';
  }

  private trim(): void {
    if (this.chunks.length === 0) return;
    let joined = this.chunks.length === 1 ? this.chunks[0]! : this.chunks.join('');
    if (joined.length > this.limit) joined = joined.slice(joined.length - this.limit);
    this.chunks = [joined];
    this.length = joined.length;
  }
}
