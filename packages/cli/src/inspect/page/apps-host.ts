import type { AppsHostClient, renderView as RenderView, ViewHandle } from '@mcpkit/apps-host/web';
import type { CallToolResult, ReadResourceResult, Tool } from '@mcpkit/schema';
import type { Api } from './api.js';
import type { AppHost, AppViewContext, InspectorBridge } from './apps-slot.js';
import { fill, h } from './dom.js';

/**
 * The page's Apps host: `renderView` of @mcpkit/apps-host/web, which renders the view of a
 * completed tool call behind the sandbox proxy (another origin, the view's CSP, the
 * `ui/initialize` handshake) and serves the view's requests. Its script is not inlined into the
 * page (it would add about a third to every load): it is loaded on first use from the page's own
 * origin (apps-host-entry.ts, built with the page), with its SRI hash. The client it is given is
 * the inspector's bridge: the view's `tools/call` and `resources/read` are made by the CLI process
 * and show on the wire, and the tools a view may call (visibility `"app"`, which renderView
 * enforces) come from the tools view's list.
 */

/** What the Apps host asset leaves on `window` for the page (apps-host-entry.ts). */
export interface AppsHostGlobal {
  readonly renderView: typeof RenderView;
}

/** The name of that global. */
export const APPS_HOST_GLOBAL = 'mcpkitInspectAppsHost';

interface Loaded {
  readonly renderView: typeof RenderView;
  readonly sandboxUrl: string;
}

let loading: Promise<Loaded> | undefined;

/** Asks the inspector where the host script and the sandbox are, then loads the script (once). */
function load(api: Api): Promise<Loaded> {
  loading ??= (async () => {
    const info = await api.post<{ script: string; integrity: string; sandboxUrl: string }>('apps-host');
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = info.script;
      script.integrity = info.integrity;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('the Apps host script did not load (see the browser console)'));
      document.head.append(script);
    });
    const host = (window as unknown as Record<string, AppsHostGlobal | undefined>)[APPS_HOST_GLOBAL];
    if (host === undefined) throw new Error('the Apps host script loaded but did not register itself');
    return { renderView: host.renderView, sandboxUrl: info.sandboxUrl };
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

/** The part of an mcpkit client renderView uses, made of the inspector's bridge. */
function hostClient(bridge: InspectorBridge, note: (line: string) => void): AppsHostClient {
  let lists = 0;
  return {
    async callTool(params) {
      note(`tools/call ${params.name}: through the inspector (see the wire)`);
      return (await bridge.callTool(params.name, params.arguments ?? {})) as unknown as CallToolResult;
    },
    async readResource(params) {
      note(`resources/read ${params.uri}: through the inspector`);
      return (await bridge.readResource(params.uri)) as unknown as ReadResourceResult;
    },
    async *iterateTools() {
      // First the list the tools view read; when renderView asks again (a tool it did not find), the server's.
      yield* (await bridge.listTools(lists++ > 0)) as unknown as Tool[];
    },
  };
}

/** Makes the Apps host of the page. */
export function appsHost(api: Api): AppHost {
  return (container: HTMLElement, context: AppViewContext) => {
    const status = h('span', { class: 'pill running', testid: 'app-status' }, 'loading the Apps host');
    const frameBox = h('div', { class: 'app-frame', testid: 'app-frame' });
    const log = h('ol', { class: 'app-log', testid: 'app-log' });
    const note = (line: string, extra?: Node): void => void log.append(h('li', null, line, extra ?? ''));
    const state = (text: string, kind: 'running' | 'complete' | 'failed'): void => {
      status.className = `pill ${kind}`;
      status.textContent = text;
    };
    const caption = h('p', { class: 'muted', testid: 'app-caption' }, context.resourceUri);
    fill(container, h('header', { class: 'app-head' }, h('h4', null, 'Apps view'), status), caption, frameBox, log);
    let handle: ViewHandle | undefined;
    let closed = false;
    void (async () => {
      try {
        const { renderView, sandboxUrl } = await load(api);
        if (closed) return;
        caption.textContent = `${context.resourceUri}, rendered by @mcpkit/apps-host in a sandbox on ${new URL(sandboxUrl).origin} (another origin); its calls go through this inspector`;
        state('reading the view', 'running');
        const call = context.call;
        handle = await renderView(frameBox, {
          client: hostClient(context.bridge, note),
          tool: context.tool as unknown as Tool,
          arguments: (call.params.arguments ?? {}) as Record<string, unknown>,
          result: call.result as unknown as CallToolResult,
          sandboxUrl,
          hostInfo: { name: 'mcpkit inspect', version: '0' },
          hostContext: { theme: 'light', containerDimensions: { maxHeight: 640 } },
          displayModes: ['inline', 'fullscreen'],
          // Nothing is opened that the user did not choose: the link is offered, not followed.
          onOpenLink: (url) => note('ui/open-link: ', h('a', { attrs: { href: url, target: '_blank', rel: 'noopener noreferrer' } }, url)),
          onMessage: (message) => note(`ui/message: ${JSON.stringify(message.content)}`),
          onModelContext: (model) => note(`ui/update-model-context: ${JSON.stringify(model)}`),
          onLog: (message) => note(`log ${message.level}: ${typeof message.data === 'string' ? message.data : JSON.stringify(message.data)}`),
          onDisplayModeChanged: (mode) => note(`display mode: ${mode}`),
          onError: (error) => note(`error: ${error.message}`),
        });
        if (closed) return void handle.teardown('the inspector moved on');
        state('sandbox ready, waiting for ui/initialize', 'running');
        await handle.ready;
        const caps = handle.appCapabilities;
        state('initialized', 'complete');
        note(`ui/initialize: the view declared ${caps && Object.keys(caps).length > 0 ? Object.keys(caps).join(', ') : 'no capabilities'}`);
      } catch (error) {
        state('failed', 'failed');
        note(`the view could not be rendered: ${(error as Error).message}`);
      }
    })();
    return () => {
      closed = true;
      void handle?.teardown('the inspector moved on');
    };
  };
}
