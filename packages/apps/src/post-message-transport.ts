import { classify, toInvalidMessageError, TransportClosedError, type CloseInfo, type JsonRpcMessage, type MessageTransport } from '@mcpkit/jsonrpc';

/** A window (or anything) messages are posted to: `iframe.contentWindow`, `window.parent`. */
export interface PostTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** Where `message` events are heard: a window. */
export interface MessageEventTarget {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** Options of `PostMessageTransport`. */
export interface PostMessageTransportOptions {
  /** The peer's window: messages are posted to it. */
  target: PostTarget;
  /**
   * The peer's origin: messages are posted to it, and a message from any other origin is ignored.
   * `'*'` (a view that cannot know its host's origin) posts to and accepts any origin; the source is still checked.
   */
  origin: string;
  /** Only messages whose `event.source` is this are taken (default `target`). */
  source?: unknown;
  /** The window whose `message` events are heard (default `globalThis`). */
  listenOn?: MessageEventTarget;
  /** Told of each message left out, and why (another frame, another origin, not JSON-RPC). */
  onIgnored?: (event: MessageEvent, reason: string) => void;
}

/**
 * A jsonrpc `MessageTransport` over `window.postMessage`: the channel between an MCP Apps view and
 * its host (through the sandbox proxy). A message is taken only when its `event.source` is the
 * peer's window and its `event.origin` the peer's origin; anything else is ignored, not answered.
 *
 * @example new Connection(new PostMessageTransport({ target: iframe.contentWindow!, origin: 'http://127.0.0.1:8081' }))
 */
export class PostMessageTransport implements MessageTransport {
  readonly kind = 'stream' as const;
  readonly name = 'postMessage';
  private messageHandler: ((message: JsonRpcMessage) => void) | undefined;
  private errorHandler: ((error: Error) => void) | undefined;
  private closeHandler: ((info: CloseInfo) => void) | undefined;
  private started = false;
  private closed = false;
  private readonly listener = (event: MessageEvent): void => this.receive(event);

  constructor(private readonly options: PostMessageTransportOptions) {
    if (!options?.target || typeof options.target.postMessage !== 'function') throw new TypeError('PostMessageTransport needs a target window');
    if (typeof options.origin !== 'string' || options.origin === '') throw new TypeError('PostMessageTransport needs the peer origin (or "*")');
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

  async start(): Promise<void> {
    if (this.started || this.closed) return;
    this.started = true;
    this.events().addEventListener('message', this.listener);
  }

  async send(message: JsonRpcMessage): Promise<void> {
    if (this.closed) throw new TransportClosedError('The postMessage channel is closed');
    this.options.target.postMessage(message, this.options.origin);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.events().removeEventListener('message', this.listener);
    this.closeHandler?.({ reason: 'closed' });
  }

  private events(): MessageEventTarget {
    return this.options.listenOn ?? (globalThis as unknown as MessageEventTarget);
  }

  private receive(event: MessageEvent): void {
    const source = this.options.source ?? this.options.target;
    if (event.source !== source) return this.options.onIgnored?.(event, 'the message comes from another frame');
    if (this.options.origin !== '*' && event.origin !== this.options.origin) {
      return this.options.onIgnored?.(event, `the message comes from origin ${event.origin}, not ${this.options.origin}`);
    }
    const outcome = classify(event.data);
    if (outcome.kind === 'invalid') {
      this.options.onIgnored?.(event, 'the message is not JSON-RPC 2.0');
      this.errorHandler?.(toInvalidMessageError(outcome));
      return;
    }
    this.messageHandler?.(outcome.message);
  }
}
