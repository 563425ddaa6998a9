/**
 * The wire shapes of MCP Apps (`io.modelcontextprotocol/ui`, SEP-1865, stable 2026-01-26): the
 * `_meta.ui` of UI resources and tools, the client's extension settings, and the messages a view and
 * its host exchange over `postMessage`. spec: extensions/apps/2026-01-26/apps.mdx
 */
import type { JsonObject, RequestId } from '@mcpkit/jsonrpc';
import type { CallToolResult, ContentBlock, Implementation, Tool } from '@mcpkit/schema';

/** The extension's identifier, `io.modelcontextprotocol/ui`. */
export const UI_EXTENSION_ID = 'io.modelcontextprotocol/ui';
/** The MIME type of an HTML view, `text/html;profile=mcp-app`. */
export const UI_MIME_TYPE = 'text/html;profile=mcp-app';
/** The version of the view ↔ host protocol this package speaks (`ui/initialize`), `2026-01-26`. */
export const UI_PROTOCOL_VERSION = '2026-01-26';
/** The URI scheme of UI resources. */
export const UI_SCHEME = 'ui:';

/** Origins a view may reach, by CSP directive (`_meta.ui.csp`); omitted lists mean none. */
export interface UiResourceCsp {
  /** `connect-src`: fetch, XHR, WebSocket. */
  connectDomains?: string[];
  /** `script-src`, `style-src`, `img-src`, `font-src`, `media-src`: static resources. */
  resourceDomains?: string[];
  /** `frame-src`: nested iframes (default `'none'`). */
  frameDomains?: string[];
  /** `base-uri` (default `'self'`). */
  baseUriDomains?: string[];
}

/** Browser features a view asks for (`_meta.ui.permissions`); a host may grant them or not. */
export interface UiPermissions {
  camera?: JsonObject;
  microphone?: JsonObject;
  geolocation?: JsonObject;
  clipboardWrite?: JsonObject;
}

/** `_meta.ui` of a UI resource and of its contents. */
export interface UiResourceMeta {
  csp?: UiResourceCsp;
  permissions?: UiPermissions;
  /** A dedicated sandbox origin; its format is the host's business. */
  domain?: string;
  /** `true`: the host draws a border and background; `false`: none; omitted: the host decides. */
  prefersBorder?: boolean;
}

/** Who may use a tool: the model (`tools/list` of the agent) and/or the view of the same server. */
export type UiVisibility = 'model' | 'app';

/** `_meta.ui` of a tool. */
export interface UiToolMeta {
  /** The `ui://` resource that renders the tool's results. */
  resourceUri?: string;
  /** Default `["model", "app"]`. */
  visibility?: UiVisibility[];
}

/** The client's settings of the extension, `capabilities.extensions["io.modelcontextprotocol/ui"]`. */
export interface UiClientSettings {
  /** The view MIME types the client renders (REQUIRED by the spec). */
  mimeTypes: string[];
}

/** How a view is shown. */
export type DisplayMode = 'inline' | 'fullscreen' | 'pip';

/** What the view can do, sent in `ui/initialize`. */
export interface AppCapabilities {
  experimental?: JsonObject;
  tools?: { listChanged?: boolean };
  /** The display modes the view supports. */
  availableDisplayModes?: DisplayMode[];
}

/** What the host can do, in the `ui/initialize` result. */
export interface HostCapabilities {
  experimental?: JsonObject;
  /** The host opens links (`ui/open-link`). */
  openLinks?: JsonObject;
  /** The host proxies `tools/call` to the server. */
  serverTools?: { listChanged?: boolean };
  /** The host proxies `resources/read` to the server. */
  serverResources?: { listChanged?: boolean };
  /** The host takes `notifications/message` from the view. */
  logging?: JsonObject;
  /** The sandbox the host applied. */
  sandbox?: { permissions?: UiPermissions; csp?: UiResourceCsp };
  /** Not in the 2026-01-26 text: the host takes `ui/message` (set only when a handler is given). */
  message?: JsonObject;
  /** Not in the 2026-01-26 text: the host takes `ui/update-model-context`. */
  updateModelContext?: JsonObject;
}

/**
 * Container size: `height`/`width` fixed by the host, or `maxHeight`/`maxWidth` bounding the size
 * the view asks for with `ui/notifications/size-changed`; an omitted dimension is unbounded.
 */
export interface ContainerDimensions {
  height?: number;
  maxHeight?: number;
  width?: number;
  maxWidth?: number;
}

/** The host's context, in the `ui/initialize` result and (partly) in `ui/notifications/host-context-changed`. */
export interface HostContext {
  /** The tool call that opened the view. */
  toolInfo?: { id?: RequestId; tool: Tool };
  theme?: 'light' | 'dark';
  styles?: { variables?: Record<string, string | undefined>; css?: { fonts?: string } };
  displayMode?: DisplayMode;
  availableDisplayModes?: DisplayMode[];
  containerDimensions?: ContainerDimensions;
  /** BCP 47, e.g. `en-US`. */
  locale?: string;
  /** IANA, e.g. `Europe/Paris`. */
  timeZone?: string;
  userAgent?: string;
  platform?: 'web' | 'desktop' | 'mobile';
  deviceCapabilities?: { touch?: boolean; hover?: boolean };
  safeAreaInsets?: { top: number; right: number; bottom: number; left: number };
  [key: string]: unknown;
}

/** The params of `ui/initialize` (view → host). */
export interface UiInitializeParams {
  appInfo: Implementation;
  appCapabilities: AppCapabilities;
  protocolVersion: string;
}

/** The result of `ui/initialize` (host → view). */
export interface UiInitializeResult {
  protocolVersion: string;
  hostInfo: Implementation;
  hostCapabilities: HostCapabilities;
  hostContext: HostContext;
}

/** The params of `ui/message`: a message for the conversation. */
export interface UiMessageParams {
  role: 'user';
  content: ContentBlock | ContentBlock[];
}

/** The params of `ui/update-model-context`. */
export interface UiModelContextParams {
  content?: ContentBlock[];
  structuredContent?: Record<string, unknown>;
}

/** The params of `ui/notifications/size-changed`. */
export interface UiSizeChangedParams {
  width?: number;
  height?: number;
}

/** The params of `ui/notifications/sandbox-resource-ready` (host → sandbox proxy). */
export interface SandboxResourceReadyParams {
  html: string;
  sandbox?: string;
  csp?: UiResourceCsp;
  permissions?: UiPermissions;
}

/** The params of `ui/notifications/tool-result`: the tool's `CallToolResult`. */
export type UiToolResultParams = CallToolResult;

/** The methods of the view ↔ host protocol. */
export const UiMethod = {
  initialize: 'ui/initialize',
  initialized: 'ui/notifications/initialized',
  toolInput: 'ui/notifications/tool-input',
  toolInputPartial: 'ui/notifications/tool-input-partial',
  toolResult: 'ui/notifications/tool-result',
  toolCancelled: 'ui/notifications/tool-cancelled',
  sizeChanged: 'ui/notifications/size-changed',
  hostContextChanged: 'ui/notifications/host-context-changed',
  resourceTeardown: 'ui/resource-teardown',
  openLink: 'ui/open-link',
  message: 'ui/message',
  requestDisplayMode: 'ui/request-display-mode',
  updateModelContext: 'ui/update-model-context',
  sandboxProxyReady: 'ui/notifications/sandbox-proxy-ready',
  sandboxResourceReady: 'ui/notifications/sandbox-resource-ready',
} as const;
