import type { CallState } from './store.js';

/**
 * Where MCP Apps views are rendered. A tool whose `_meta.ui.resourceUri` names a `ui://` resource
 * has a view: the tools view shows its UI metadata and a link to the view's HTML source (as text),
 * and, once a call of that tool completes, calls `appHost` with a container made once for that
 * call (tools-view.ts, `appSlot`), below the result's text (the fallback every client gets).
 *
 * main.ts plugs in the Apps host of @mcpkit/apps-host (apps-host.ts): its script is a second
 * asset of the page, loaded on first use; the sandbox proxy is served by page-server.ts on a
 * second 127.0.0.1 port, the only origin the page's policy lets it frame. The view's `tools/call`
 * and `resources/read` go through `context.bridge` (below): the CLI process stays the only thing
 * that talks to the server, and the calls show on the wire like any other. Visibility
 * (`ui.visibility`) is the host's to enforce before it calls the bridge.
 */

/** What a view may ask of the server, through this inspector (the CLI process makes the calls). */
export interface InspectorBridge {
  /** `tools/call`, resolving with the result (the call shows in the wire panel like any other). */
  callTool(name: string, args: Record<string, unknown>): Promise<Readonly<Record<string, unknown>>>;
  /** `resources/read` (the view's HTML, or any resource it reads). */
  readResource(uri: string): Promise<Readonly<Record<string, unknown>>>;
  /** The server's tools, as the tools view listed them (read again when `fresh`). */
  listTools(fresh: boolean): Promise<readonly Readonly<Record<string, unknown>>[]>;
}

/** What the slot is given for one tool call. */
export interface AppViewContext {
  readonly tool: Readonly<Record<string, unknown>>;
  readonly resourceUri: string;
  /** `_meta.ui` of the tool, as the server sent it. */
  readonly ui: Readonly<Record<string, unknown>>;
  readonly call: CallState;
  readonly bridge: InspectorBridge;
}

/** Renders a view into `container`; returns a teardown. */
export type AppHost = (container: HTMLElement, context: AppViewContext) => (() => void) | undefined;

/** The Apps host; `undefined` draws only the metadata. */
export let appHost: AppHost | undefined;

/** Plugs an Apps host in (main.ts does, with apps-host.ts). */
export function setAppHost(host: AppHost | undefined): void {
  appHost = host;
}

/** A tool's UI metadata (`_meta.ui`, or the older flat `_meta["ui/resourceUri"]`), when it has a view. */
export function uiOf(tool: Readonly<Record<string, unknown>>): { ui: Record<string, unknown>; resourceUri: string } | undefined {
  const meta = (tool._meta ?? {}) as Record<string, unknown>;
  const ui = (typeof meta.ui === 'object' && meta.ui !== null ? meta.ui : {}) as Record<string, unknown>;
  const uri = ui.resourceUri ?? meta['ui/resourceUri'];
  return typeof uri === 'string' ? { ui, resourceUri: uri } : undefined;
}
