import {
  Connection,
  errorResponse,
  isJsonObject,
  JsonRpcErrorCode,
  successResponse,
  type Dispatcher,
  type JsonObject,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
} from '@mcpkit/jsonrpc';
import type { CallToolResult, ContentBlock, Implementation, LoggingLevel, ReadResourceResult } from '@mcpkit/schema';
import { PostMessageTransport, type MessageEventTarget, type PostTarget } from '../post-message-transport.js';
import {
  UI_PROTOCOL_VERSION,
  UiMethod,
  type AppCapabilities,
  type DisplayMode,
  type HostCapabilities,
  type HostContext,
  type UiInitializeResult,
  type UiModelContextParams,
} from '../protocol.js';

/** Options of `AppView`. */
export interface AppViewOptions {
  /** Who the view is, sent in `ui/initialize`. */
  appInfo: Implementation;
  /** What the view can do (its display modes, say). */
  capabilities?: AppCapabilities;
  /** The host's window (default `window.parent`: the sandbox proxy that relays to the host). */
  host?: PostTarget;
  /** The host's origin, when the view knows it (default `'*'`: any origin, messages still only from `host`). */
  hostOrigin?: string;
  /** Where `message` events are heard (default `globalThis`). */
  listenOn?: MessageEventTarget;
  /** Report the document's size with `ui/notifications/size-changed` whenever it changes (default true). */
  autoResize?: boolean;
  /** How long a request to the host may take, in ms (default 60 000). */
  timeoutMs?: number;
  /** The complete arguments of the tool call that opened the view. */
  onToolInput?: (args: Record<string, unknown>) => void;
  /** Arguments still streaming (best effort, never for critical work). */
  onToolInputPartial?: (args: Record<string, unknown>) => void;
  /** The tool's result. */
  onToolResult?: (result: CallToolResult) => void;
  /** The tool call was cancelled. */
  onToolCancelled?: (reason: string | undefined) => void;
  /** Part of the host context changed (merged into `hostContext` before this is called). */
  onHostContextChanged?: (changed: Partial<HostContext>) => void;
  /** The host is about to remove the view: save what must be saved; the host waits for this to settle. */
  onTeardown?: (reason: string | undefined) => void | Promise<void>;
  /** Problems that failed no call (an unreadable message, a throwing hook). */
  onError?: (error: Error) => void;
}

/**
 * The view's side of MCP Apps (the HTML in the iframe): `connect()` runs `ui/initialize` and sends
 * `ui/notifications/initialized`; then the host's tool input, result and context arrive through the
 * hooks, and the view calls tools and reads resources of its server through the host, asks for a
 * display mode, opens links, sends messages and reports its size.
 *
 * @example
 * const app = new AppView({ appInfo: { name: 'clock', version: '1.0.0' }, onToolResult: (r) => show(r) });
 * await app.connect();
 */
export class AppView {
  private readonly connection: Connection;
  private initialized: UiInitializeResult | undefined;
  private context: HostContext = {};
  private lastSize = '';
  private observer: { disconnect(): void } | undefined;

  constructor(private readonly options: AppViewOptions) {
    if (!options?.appInfo?.name) throw new TypeError('AppView needs appInfo with a name and version');
    const host = options.host ?? (globalThis as unknown as { parent?: PostTarget }).parent;
    if (!host) throw new TypeError('AppView: no host window (pass host, or run the view inside a frame)');
    const transport = new PostMessageTransport({ target: host, origin: options.hostOrigin ?? '*', ...(options.listenOn && { listenOn: options.listenOn }) });
    const dispatcher: Dispatcher = { dispatch: (request) => this.answer(request) };
    this.connection = new Connection(transport, {
      dispatcher,
      timeoutMs: options.timeoutMs ?? 60_000,
      onError: (error) => this.report(error),
    });
    this.connection.onNotification((notification) => this.notified(notification));
  }

  /** What the host said in `ui/initialize`, once connected. */
  get hostInfo(): Implementation | undefined {
    return this.initialized?.hostInfo;
  }

  /** What the host can do, once connected. */
  get hostCapabilities(): HostCapabilities | undefined {
    return this.initialized?.hostCapabilities;
  }

  /** The host context: from `ui/initialize`, with every later change merged in. */
  get hostContext(): HostContext {
    return this.context;
  }

  /** Runs the handshake (`ui/initialize`, then `ui/notifications/initialized`) and starts reporting the size. */
  async connect(): Promise<UiInitializeResult> {
    await this.connection.start();
    const result = await this.connection.request<UiInitializeResult>(UiMethod.initialize, {
      appInfo: this.options.appInfo,
      appCapabilities: this.options.capabilities ?? {},
      protocolVersion: UI_PROTOCOL_VERSION,
    } as unknown as JsonObject);
    if (!isJsonObject(result) || !isJsonObject(result.hostContext ?? {}) || typeof result.protocolVersion !== 'string') {
      throw new TypeError('The host answered ui/initialize with something that is not a ui/initialize result');
    }
    this.initialized = result;
    this.context = { ...(result.hostContext ?? {}) };
    await this.connection.notify(UiMethod.initialized, {});
    if (this.options.autoResize !== false) this.watchSize();
    return result;
  }

  /** Calls a tool of the view's server (the host refuses tools whose visibility lacks `"app"`). */
  callTool(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
    return this.connection.request<CallToolResult>('tools/call', { name, arguments: args } as JsonObject);
  }

  /** Reads a resource of the view's server. */
  readResource(uri: string): Promise<ReadResourceResult> {
    return this.connection.request<ReadResourceResult>('resources/read', { uri });
  }

  /** Asks for a display mode; resolves with the mode the host settled on (maybe another). */
  async requestDisplayMode(mode: DisplayMode): Promise<DisplayMode> {
    const result = await this.connection.request<{ mode: DisplayMode }>(UiMethod.requestDisplayMode, { mode });
    this.context = { ...this.context, displayMode: result.mode };
    return result.mode;
  }

  /** Asks the host to open a URL. */
  async openLink(url: string): Promise<void> {
    await this.connection.request(UiMethod.openLink, { url });
  }

  /** Sends a message to the conversation, as the user. */
  async sendMessage(content: string | ContentBlock | ContentBlock[]): Promise<void> {
    const blocks = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
    await this.connection.request(UiMethod.message, { role: 'user', content: blocks } as unknown as JsonObject);
  }

  /** Replaces what the view tells the model (used in later turns). */
  async updateModelContext(params: UiModelContextParams): Promise<void> {
    await this.connection.request(UiMethod.updateModelContext, params as unknown as JsonObject);
  }

  /** Sends a log message to the host (`notifications/message`). */
  log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    return this.connection.notify('notifications/message', { level, data, ...(logger !== undefined && { logger }) } as JsonObject);
  }

  /** Reports the view's size (`autoResize` does it on every change). */
  sendSize(width: number, height: number): Promise<void> {
    this.lastSize = `${width}x${height}`;
    return this.connection.notify(UiMethod.sizeChanged, { width, height });
  }

  /** Stops reporting the size and closes the channel. */
  async close(): Promise<void> {
    this.observer?.disconnect();
    await this.connection.close();
  }

  private watchSize(): void {
    const doc = (globalThis as { document?: Document }).document;
    const Observer = (globalThis as { ResizeObserver?: typeof ResizeObserver }).ResizeObserver;
    if (!doc || !Observer) return;
    const measure = (): void => {
      // The root element's box is the content's height (it is not stretched to the frame).
      const box = doc.documentElement.getBoundingClientRect();
      const width = Math.ceil(box.width);
      const height = Math.ceil(box.height);
      if (`${width}x${height}` !== this.lastSize) this.sendSize(width, height).then(undefined, (error) => this.report(error));
    };
    const observer = new Observer(measure);
    observer.observe(doc.documentElement);
    if (doc.body) observer.observe(doc.body);
    this.observer = observer;
    measure();
  }

  private async answer(request: JsonRpcRequest): Promise<JsonRpcResponse> {
    if (request.method === 'ping') return successResponse(request.id, {});
    if (request.method === UiMethod.resourceTeardown) {
      const reason = typeof request.params?.reason === 'string' ? request.params.reason : undefined;
      try {
        await this.options.onTeardown?.(reason);
      } catch (error) {
        return errorResponse(request.id, -32000, `Teardown failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      this.observer?.disconnect();
      return successResponse(request.id, {});
    }
    return errorResponse(request.id, JsonRpcErrorCode.MethodNotFound, `Method not found: ${request.method}`);
  }

  private notified(notification: JsonRpcNotification): void {
    const params = isJsonObject(notification.params) ? notification.params : {};
    const args = isJsonObject(params.arguments) ? (params.arguments as Record<string, unknown>) : {};
    try {
      switch (notification.method) {
        case UiMethod.toolInput:
          return this.options.onToolInput?.(args);
        case UiMethod.toolInputPartial:
          return this.options.onToolInputPartial?.(args);
        case UiMethod.toolResult:
          return this.options.onToolResult?.(params as unknown as CallToolResult);
        case UiMethod.toolCancelled:
          return this.options.onToolCancelled?.(typeof params.reason === 'string' ? params.reason : undefined);
        case UiMethod.hostContextChanged:
          this.context = { ...this.context, ...(params as Partial<HostContext>) };
          return this.options.onHostContextChanged?.(params as Partial<HostContext>);
      }
    } catch (error) {
      this.report(error);
    }
  }

  private report(error: unknown): void {
    try {
      this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // A throwing hook must not break the channel.
    }
  }
}
