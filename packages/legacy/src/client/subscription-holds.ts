/**
 * The `resources/subscribe` state of a legacy session, shared by every listen stream: one
 * subscription per URI however many streams want it, `resources/unsubscribe` when the last one lets
 * go, and all of them made again after the server ended the session (a new session remembers
 * nothing).
 */
export class SubscriptionHolds {
  private readonly holds = new Map<string, { count: number; granted: Promise<boolean> }>();

  constructor(
    private readonly send: (method: 'resources/subscribe' | 'resources/unsubscribe', uri: string) => Promise<unknown>,
    private readonly warn: (message: string) => void,
  ) {}

  /** Takes a hold on `uri`; resolves false when the server refused the subscription. */
  hold(uri: string): Promise<boolean> {
    const existing = this.holds.get(uri);
    if (existing !== undefined) {
      existing.count++;
      return existing.granted;
    }
    const granted = this.send('resources/subscribe', uri).then(
      () => true,
      (error: unknown) => {
        this.warn(`resources/subscribe ${uri} failed: ${(error as Error).message}`);
        if (this.holds.get(uri)?.granted === granted) this.holds.delete(uri);
        return false;
      },
    );
    this.holds.set(uri, { count: 1, granted });
    return granted;
  }

  /** Gives a hold back; the last one unsubscribes (best effort: a closed session needs nothing). */
  release(uri: string, sessionOpen: boolean): void {
    const entry = this.holds.get(uri);
    if (entry === undefined) return;
    if (--entry.count > 0) return;
    this.holds.delete(uri);
    if (!sessionOpen) return;
    void entry.granted.then((granted) => {
      if (granted && !this.holds.has(uri)) {
        this.send('resources/unsubscribe', uri).then(undefined, (error: unknown) =>
          this.warn(`resources/unsubscribe ${uri} failed: ${(error as Error).message}`),
        );
      }
    });
  }

  /** The URIs held now. */
  get uris(): string[] {
    return [...this.holds.keys()];
  }

  /** Subscribes again to every held URI, with `subscribe` (after a new session; a no-op on the first). */
  async renew(subscribe: (uri: string) => Promise<unknown>): Promise<void> {
    await Promise.all(
      this.uris.map((uri) =>
        subscribe(uri).then(undefined, (error: unknown) => this.warn(`resources/subscribe ${uri} failed on the new session: ${(error as Error).message}`)),
      ),
    );
  }
}
