import type { CloseInfo, JsonRpcMessage, MessageTransport, SendOptions } from '../../src/index.js';

/**
 * A transport the test plays the peer of: it records what the connection sends and lets the test
 * deliver messages, reader errors and the close. Everything crosses a JSON round trip, like a wire.
 */
export class ScriptedTransport implements MessageTransport {
  readonly name = 'scripted';
  readonly sent: JsonRpcMessage[] = [];
  readonly sendOptions: Array<SendOptions | undefined> = [];
  /** When set, `send` rejects with it. */
  failSends: Error | undefined;
  closed = 0;
  private messageHandler: (message: JsonRpcMessage) => void = () => {};
  private errorHandler: (error: Error) => void = () => {};
  private closeHandler: (info: CloseInfo) => void = () => {};
  private waiters: Array<{ count: number; resolve: () => void }> = [];

  constructor(readonly kind: 'stream' | 'exchange' = 'stream') {}

  onMessage(handler: (message: JsonRpcMessage) => void): void {
    this.messageHandler = handler;
  }
  onError(handler: (error: Error) => void): void {
    this.errorHandler = handler;
  }
  onClose(handler: (info: CloseInfo) => void): void {
    this.closeHandler = handler;
  }
  async start(): Promise<void> {}
  async close(): Promise<void> {
    this.closed++;
    this.closeHandler({ reason: 'closed by the test' });
  }

  async send(message: JsonRpcMessage, options?: SendOptions): Promise<void> {
    if (this.failSends !== undefined) throw this.failSends;
    this.sent.push(JSON.parse(JSON.stringify(message)) as JsonRpcMessage);
    this.sendOptions.push(options);
    this.waiters = this.waiters.filter((w) => (this.sent.length >= w.count ? (w.resolve(), false) : true));
  }

  /** Resolves once `count` messages were sent in total. */
  sentCount(count: number): Promise<void> {
    if (this.sent.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  /** Delivers a message as if it arrived from the peer. */
  deliver(message: unknown): void {
    this.messageHandler(JSON.parse(JSON.stringify(message)) as JsonRpcMessage);
  }
  /** Reports a reader problem as the transport would. */
  raise(error: Error): void {
    this.errorHandler(error);
  }
  /** Ends the channel as the transport would. */
  end(info: CloseInfo): void {
    this.closeHandler(info);
  }
}
