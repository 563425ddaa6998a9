import {
  isAppCallable,
  PostMessageTransport,
  UI_PROTOCOL_VERSION,
  UiMethod,
  viewUriOf,
  type AppCapabilities,
  type ContainerDimensions,
  type DisplayMode,
  type HostCapabilities,
  type HostContext,
  type UiInitializeResult,
  type UiMessageParams,
  type UiModelContextParams,
  type UiResourceCsp,
} from '@mcpkit/apps';
import type { McpClient } from '@mcpkit/client';
import { Connection, JsonRpcErrorCode, ResponseError, isJsonObject, type JsonObject, type JsonRpcNotification, type JsonRpcRequest } from '@mcpkit/jsonrpc';
import type { CallToolResult, Implementation, LoggingMessageNotificationParams, Tool } from '@mcpkit/schema';
import { readView, type LoadedView } from '../read-view.js';
import { answerWith } from './answer.js';
import { callParams, displayModeParams, linkParams, messageParams, readParams, sizeParams } from './view-checks.js';

/** What the host needs of an mcpkit client (a `ModernClient` or a `LegacyClient`) connected to the view's server. */
export type AppsHostClient = Pick<McpClient, 'callTool' | 'readResource' | 'iterateTools'>;

/** Options of `renderView`. */
export interface RenderViewOptions {
  /** The client of the server whose tool was called: the view's `tools/call` and `resources/read` go through it. */
  client: AppsHostClient;
  /** The tool, as `tools/list` gave it (its `_meta.ui.resourceUri` names the view). */
  tool: Tool;
  /** The call's arguments (sent to the view as `ui/notifications/tool-input`). */
  arguments?: Record<string, unknown>;
  /** The call's result, when the host made the call; without it `renderView` calls the tool. */
  result?: CallToolResult | Promise<CallToolResult>;
  /** The sandbox proxy page (`sandboxProxyHtml`) on an origin other than the page's. */
  sandboxUrl: string;
  /** Sent as `hostInfo` (default `{ name: 'mcpkit-apps-host', version: '0' }`). */
  hostInfo?: Implementation;
  /** Context given to the view: theme, styles, locale, time zone, container dimensions... (toolInfo and display mode are added). */
  hostContext?: Partial<HostContext>;
  /** The display modes the host offers (default `["inline", "fullscreen"]`). */
  displayModes?: DisplayMode[];
  /** Refuse a declared CSP origin (the policy gets tighter, never looser). */
  restrictCsp?: (origin: string, field: keyof UiResourceCsp) => boolean;
  /** `ui/open-link`: open the URL (absent: the host does not open links). Throw to refuse. */
  onOpenLink?: (url: string) => void | Promise<void>;
  /** `ui/message`: add the message to the conversation (absent: refused). Throw to refuse. */
  onMessage?: (message: UiMessageParams) => void | Promise<void>;
  /** `ui/update-model-context`: keep it for the model's next turn (absent: refused). */
  onModelContext?: (context: UiModelContextParams) => void | Promise<void>;
  /** The view's log messages (`notifications/message`). */
  onLog?: (message: LoggingMessageNotificationParams) => void;
  /** The view reported a new size; the frame was resized within the container dimensions. */
  onSizeChanged?: (size: { width?: number; height?: number }) => void;
  /** The display mode changed (the frame was restyled). */
  onDisplayModeChanged?: (mode: DisplayMode) => void;
  /** A message left out by the channel (another frame, another origin, not JSON-RPC). */
  onIgnored?: (event: MessageEvent, reason: string) => void;
  /** Failures no caller sees (a throwing hook, a tool call that failed before the view could hear of it). */
  onError?: (error: Error) => void;
  /** How long the view may take to answer `ui/resource-teardown`, in ms (default 5 000). */
  teardownTimeoutMs?: number;
}

/** A rendered view. */
export interface ViewHandle {
  /** The sandbox proxy's frame, inside the container. */
  readonly frame: HTMLIFrameElement;
  /** The view as read. */
  readonly view: LoadedView;
  /** Resolves when the view sent `ui/notifications/initialized`. */
  readonly ready: Promise<void>;
  /** The tool's result. */
  readonly result: Promise<CallToolResult>;
  /** The view's capabilities from `ui/initialize`, once it sent them. */
  readonly appCapabilities: AppCapabilities | undefined;
  /** The current display mode. */
  readonly displayMode: DisplayMode;
  /** Changes the host context and tells the view (`ui/notifications/host-context-changed`). */
  setHostContext(changed: Partial<HostContext>): Promise<void>;
  /** Tells the view the tool call was cancelled. */
  cancel(reason?: string): Promise<void>;
  /** Asks the view to wind down (`ui/resource-teardown`), then removes the frame and closes the channel. */
  teardown(reason?: string): Promise<void>;
}

const DEFAULT_MODES: DisplayMode[] = ['inline', 'fullscreen'];

// spec: "Host Context" — containerDimensions gives width or maxWidth, and height or maxHeight. What the
// host left out: the container's width (fixed), and at most 800 px of height (the view's to choose).
function completeDimensions(given: ContainerDimensions | undefined, container: HTMLElement): ContainerDimensions {
  const dims: ContainerDimensions = { ...given };
  if (dims.width === undefined && dims.maxWidth === undefined) dims.width = Math.round(container.clientWidth);
  if (dims.height === undefined && dims.maxHeight === undefined) dims.maxHeight = 800;
  return dims;
}

function restrict(csp: UiResourceCsp | undefined, allow: RenderViewOptions['restrictCsp']): UiResourceCsp | undefined {
  if (!csp || !allow) return csp;
  const out: UiResourceCsp = {};
  for (const field of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    const list = csp[field];
    if (Array.isArray(list)) out[field] = list.filter((origin) => typeof origin === 'string' && allow(origin, field));
  }
  return out;
}

function styleFor(frame: HTMLIFrameElement, mode: 'fullscreen' | 'pip'): void {
  const place = mode === 'fullscreen' ? 'inset:0;width:100vw;height:100vh' : 'right:16px;bottom:16px;width:360px;height:240px';
  frame.style.cssText += `;position:fixed;${place};max-width:none;max-height:none;border:0;border-radius:0;z-index:2147483000`;
}

/**
 * Renders the view of a tool call into `container`: reads the tool's `ui://` view through the
 * client, frames the sandbox proxy (another origin, `sandbox="allow-scripts allow-same-origin"`),
 * hands it the HTML and CSP after `ui/notifications/sandbox-proxy-ready`, answers `ui/initialize`
 * with the host's capabilities and context, sends nothing else before `ui/notifications/initialized`,
 * then the tool input and result. The view's `tools/call` (only tools whose visibility includes
 * `"app"`) and `resources/read` go to the server through the client; size, display mode, links,
 * messages and model context go to the callbacks.
 *
 * @example const handle = await renderView(document.getElementById('view')!, { client, tool, arguments: { region: 'EMEA' }, sandboxUrl });
 */
export async function renderView(container: HTMLElement, options: RenderViewOptions): Promise<ViewHandle> {
  const { client, tool } = options;
  const uri = viewUriOf(tool);
  if (uri === undefined) throw new TypeError(`renderView: tool "${tool?.name}" has no view (_meta.ui.resourceUri)`);
  const sandbox = new URL(options.sandboxUrl, location.href);
  // spec: extensions/apps/2026-01-26/apps.mdx "Sandbox proxy" 1 — the host and the sandbox MUST have different origins.
  if (sandbox.origin === location.origin)
    throw new TypeError(`renderView: the sandbox ${sandbox.href} must be on another origin than the page (${location.origin})`);
  const view = await readView(client, uri);
  const result = options.result !== undefined ? Promise.resolve(options.result) : client.callTool({ name: tool.name, arguments: options.arguments ?? {} });
  result.catch((error) => report(error));
  const modes = options.displayModes ?? DEFAULT_MODES;
  let mode: DisplayMode = (options.hostContext?.displayMode as DisplayMode | undefined) ?? 'inline';
  let context: HostContext = {
    platform: 'web',
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    ...options.hostContext,
    containerDimensions: completeDimensions(options.hostContext?.containerDimensions, container),
    toolInfo: { tool },
    displayMode: mode,
    availableDisplayModes: modes,
  };
  let appCapabilities: AppCapabilities | undefined;
  let initialized = false;
  let closed = false;
  let sentResource = false;
  let appTools: Promise<Map<string, Tool>> | undefined;
  let inlineStyle = '';

  const frame = document.createElement('iframe');
  // spec: "Sandbox proxy" 2 — the Sandbox MUST have allow-scripts and allow-same-origin.
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
  frame.setAttribute('title', tool.title ?? tool.name);
  frame.style.cssText = `display:block;width:100%;height:150px;border:${view.meta.prefersBorder ? '1px solid #d0d0d0;border-radius:8px' : '0'}`;
  frame.src = sandbox.href;
  container.appendChild(frame);
  const target = frame.contentWindow;
  if (!target) {
    frame.remove();
    throw new TypeError('renderView: the container is not in a document (the frame has no window)');
  }
  const transport = new PostMessageTransport({ target, origin: sandbox.origin, listenOn: window, ...(options.onIgnored && { onIgnored: options.onIgnored }) });
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  function report(error: unknown): void {
    try {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // A throwing hook must not break the view.
    }
  }

  const capabilities: HostCapabilities = {
    serverTools: {},
    serverResources: {},
    logging: {},
    sandbox: { csp: restrict(view.meta.csp, options.restrictCsp) ?? {} },
    ...(options.onOpenLink && { openLinks: {} }),
    ...(options.onMessage && { message: {} }),
    ...(options.onModelContext && { updateModelContext: {} }),
  };

  async function callableTool(name: string): Promise<Tool | undefined> {
    const load = async () => {
      const tools = new Map<string, Tool>();
      for await (const t of client.iterateTools()) tools.set(t.name, t);
      return tools;
    };
    appTools ??= load();
    let found = (await appTools).get(name);
    if (!found) {
      appTools = load();
      found = (await appTools).get(name);
    }
    return found;
  }

  function fit(size: { width?: number; height?: number }): void {
    const dims: ContainerDimensions = context.containerDimensions ?? {};
    if (size.height !== undefined && dims.height === undefined && mode === 'inline') {
      frame.style.height = `${Math.ceil(dims.maxHeight !== undefined ? Math.min(size.height, dims.maxHeight) : size.height)}px`;
    }
    if (size.width !== undefined && dims.width === undefined && dims.maxWidth !== undefined && mode === 'inline') {
      frame.style.width = `${Math.ceil(Math.min(size.width, dims.maxWidth))}px`;
    }
  }

  async function changeMode(asked: DisplayMode): Promise<DisplayMode> {
    // spec: "Display Modes" — never a mode the view did not declare (if it declared any), nor one the host lacks.
    const viewModes = appCapabilities?.availableDisplayModes;
    if (!modes.includes(asked) || (viewModes && !viewModes.includes(asked)) || asked === mode) return mode;
    if (mode === 'inline') inlineStyle = frame.style.cssText;
    mode = asked;
    context = { ...context, displayMode: mode };
    if (mode === 'inline') frame.style.cssText = inlineStyle;
    else styleFor(frame, mode);
    options.onDisplayModeChanged?.(mode);
    // spec: "Display Modes" — hosts tell views of a mode change with host-context-changed.
    if (initialized) notify(UiMethod.hostContextChanged, { displayMode: mode });
    return mode;
  }

  const serve = async (request: JsonRpcRequest): Promise<JsonObject> => {
    const params = request.params;
    switch (request.method) {
      case UiMethod.initialize: {
        appCapabilities = isJsonObject(params?.appCapabilities) ? (params.appCapabilities as AppCapabilities) : {};
        const answer: UiInitializeResult = {
          protocolVersion: UI_PROTOCOL_VERSION,
          hostInfo: options.hostInfo ?? { name: 'mcpkit-apps-host', version: '0' },
          hostCapabilities: capabilities,
          hostContext: context,
        };
        return answer as unknown as JsonObject;
      }
      case 'ping':
        return {};
      case 'tools/call': {
        const call = callParams(params);
        const found = await callableTool(call.name);
        // spec: "Visibility" — the host MUST reject a view's tools/call for a tool without "app".
        if (!found) throw new ResponseError(JsonRpcErrorCode.InvalidParams, `Unknown tool: ${call.name} (not a tool of this view's server)`);
        if (!isAppCallable(found))
          throw new ResponseError(JsonRpcErrorCode.InvalidParams, `Tool ${call.name} is not callable by views (its visibility lacks "app")`);
        return (await client.callTool(call)) as unknown as JsonObject;
      }
      case 'resources/read':
        return (await client.readResource(readParams(params))) as unknown as JsonObject;
      case UiMethod.requestDisplayMode:
        return { mode: await changeMode(displayModeParams(params)) };
      case UiMethod.openLink: {
        if (!options.onOpenLink) throw new ResponseError(JsonRpcErrorCode.MethodNotFound, 'This host does not open links');
        const url = linkParams(params);
        await guarded(() => options.onOpenLink!(url.href), 'Link opening denied');
        return {};
      }
      case UiMethod.message: {
        if (!options.onMessage) throw new ResponseError(JsonRpcErrorCode.MethodNotFound, 'This host does not take messages from views');
        const message = messageParams(params) as unknown as UiMessageParams;
        await guarded(() => options.onMessage!(message), 'Message sending denied');
        return {};
      }
      case UiMethod.updateModelContext: {
        if (!options.onModelContext) throw new ResponseError(JsonRpcErrorCode.MethodNotFound, 'This host does not take model context from views');
        await guarded(() => options.onModelContext!((params ?? {}) as UiModelContextParams), 'Context update denied');
        return {};
      }
      default:
        throw new ResponseError(JsonRpcErrorCode.MethodNotFound, `Method not found: ${request.method}`);
    }
  };

  const connection = new Connection(transport, { dispatcher: { dispatch: answerWith(serve) }, onError: report, timeoutMs: 60_000 });
  const notify = (method: string, params: JsonObject): void => {
    if (closed) return;
    connection.notify(method, params).then(undefined, report);
  };

  connection.onNotification((notification: JsonRpcNotification) => {
    const params = notification.params;
    switch (notification.method) {
      case UiMethod.sandboxProxyReady:
        if (sentResource) return;
        sentResource = true;
        // spec: "Sandbox proxy" 4 — the raw HTML once the sandbox is ready, with the CSP and permissions.
        notify(UiMethod.sandboxResourceReady, {
          html: view.html,
          ...(view.meta.csp && { csp: restrict(view.meta.csp, options.restrictCsp) as JsonObject }),
          ...(view.meta.permissions && { permissions: view.meta.permissions as JsonObject }),
        });
        return;
      case UiMethod.initialized:
        if (initialized) return;
        initialized = true;
        markReady();
        // spec: "Notifications (Host → View)" — tool-input after initialize, then the result when it is there.
        notify(UiMethod.toolInput, { arguments: (options.arguments ?? {}) as JsonObject });
        result.then(
          (r) => notify(UiMethod.toolResult, r as unknown as JsonObject),
          (error) => notify(UiMethod.toolCancelled, { reason: error instanceof Error ? error.message : String(error) }),
        );
        return;
      case UiMethod.sizeChanged: {
        const size = sizeParams(params);
        if (!size) return;
        fit(size);
        options.onSizeChanged?.(size);
        return;
      }
      case 'notifications/message':
        if (isJsonObject(params) && typeof params.level === 'string') options.onLog?.(params as unknown as LoggingMessageNotificationParams);
        return;
    }
  });
  await connection.start();

  async function guarded(run: () => void | Promise<void>, denied: string): Promise<void> {
    try {
      await run();
    } catch (error) {
      throw new ResponseError(-32000, `${denied}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    frame,
    view,
    ready,
    result,
    get appCapabilities() {
      return appCapabilities;
    },
    get displayMode() {
      return mode;
    },
    async setHostContext(changed) {
      const { toolInfo: _t, ...rest } = changed;
      if (rest.displayMode !== undefined) {
        await changeMode(rest.displayMode);
        delete rest.displayMode;
      }
      context = { ...context, ...rest };
      // spec: "Sandbox proxy" 6 — nothing to the view before initialized (it gets the context in the initialize result).
      if (initialized && Object.keys(rest).length > 0) notify(UiMethod.hostContextChanged, rest as JsonObject);
    },
    async cancel(reason) {
      if (initialized) notify(UiMethod.toolCancelled, reason === undefined ? {} : { reason });
    },
    async teardown(reason) {
      if (closed) return;
      if (initialized) {
        try {
          await connection.request(UiMethod.resourceTeardown, reason === undefined ? {} : { reason }, { timeoutMs: options.teardownTimeoutMs ?? 5_000 });
        } catch (error) {
          report(error);
        }
      }
      closed = true;
      await connection.close();
      frame.remove();
    },
  };
}
