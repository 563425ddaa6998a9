import type { CallOp } from '../protocol.js';
import type { Api } from './api.js';
import { appHost, uiOf, type InspectorBridge } from './apps-slot.js';
import { CallView } from './call-view.js';
import { Catalog } from './catalog.js';
import { facts, fill, h, jsonBlock, pretty } from './dom.js';
import { schemaForm, type Completer } from './schema-form.js';
import type { CallState, Store } from './store.js';

/**
 * Tools: every tool (all pages), and for the one chosen a form generated from its `inputSchema`,
 * a call (optionally as a task) and the call's steps as they happen. A tool with an Apps view
 * (`_meta.ui.resourceUri`) shows its UI metadata, a link to the view's HTML source, and, below
 * a completed call's result, the view rendered by the Apps host (apps-slot.ts). A tool only views
 * may call (`ui.visibility` without `"model"`) is tagged so.
 */

type Tool = Record<string, unknown> & { name: string };

/** Runs calls from the page and draws them where asked. */
export class Caller {
  private current: CallView | undefined;

  constructor(
    private readonly store: Store,
    private readonly api: Api,
  ) {}

  /** Starts a call; its steps are drawn into `into` as they happen. */
  async start(
    into: HTMLElement,
    op: CallOp,
    params: Record<string, unknown>,
    asTask = false,
    after?: (call: CallState) => Node | null,
  ): Promise<string | undefined> {
    try {
      const { callId } = await this.api.post<{ callId: string }>('call', { op, params, asTask });
      this.current?.dispose();
      this.current = new CallView(this.store, this.api, callId, after);
      fill(into, this.current.element);
      return callId;
    } catch (error) {
      fill(into, h('div', { class: 'error-box' }, (error as Error).message));
      return undefined;
    }
  }

  /** Waits for a call's result (the Apps bridge). */
  result(callId: string): Promise<Readonly<Record<string, unknown>>> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const call = this.store.calls.get(callId);
        if (call?.result) resolve(call.result);
        else if (call?.error) reject(new Error(call.error.message));
        else return false;
        return true;
      };
      if (check()) return;
      const stop = this.store.on('calls', () => {
        if (check()) stop();
      });
    });
  }
}

/** A tool that views may call and the model may not (`_meta.ui.visibility` without "model"). */
function appOnly(tool: Tool): boolean {
  const visibility = uiOf(tool)?.ui.visibility;
  return Array.isArray(visibility) && !visibility.includes('model');
}

/** The bridge an Apps view gets: its calls go through this inspector like the page's own. */
function bridge(api: Api, caller: Caller, tools: Catalog<Tool>): InspectorBridge {
  return {
    async callTool(name, args) {
      const { callId } = await api.post<{ callId: string }>('call', { op: 'tools/call', params: { name, arguments: args } });
      return caller.result(callId);
    },
    readResource: (uri) => api.post('read', { uri }),
    listTools: (fresh) => tools.all(fresh),
  };
}

export class ToolsView {
  readonly element: HTMLElement;
  private readonly catalog: Catalog<Tool>;
  private readonly slots = new Map<string, { container: HTMLElement; teardown: (() => void) | undefined }>();
  private readonly detail = h('div', { class: 'detail', testid: 'tool-detail' }, h('p', { class: 'muted' }, 'Choose a tool.'));

  constructor(
    store: Store,
    private readonly api: Api,
    private readonly caller: Caller,
  ) {
    this.catalog = new Catalog<Tool>(
      store,
      api,
      {
        kind: 'tools',
        title: 'Tools',
        capability: (caps) => caps.tools !== undefined,
        key: (tool) => tool.name,
        row: (tool) => [
          h('code', null, tool.name),
          uiOf(tool) ? h('span', { class: 'tag' }, appOnly(tool) ? 'app only' : 'app') : '',
          tool.description ? h('span', { class: 'muted desc' }, String(tool.description)) : '',
        ],
        detail: (tool) => this.toolDetail(tool),
        changedBy: 'notifications/tools/list_changed',
      },
      this.detail,
    );
    this.element = h('div', { class: 'view split', testid: 'view-tools' }, this.catalog.element, this.detail);
  }

  /** Called when the view is shown. */
  shown(): void {
    this.catalog.ensure();
  }

  private toolDetail(tool: Tool): HTMLElement {
    const form = schemaForm(tool.inputSchema as Record<string, unknown>, { idBase: `tool-${tool.name}` });
    const asTask = h('input', { type: 'checkbox', testid: 'as-task' });
    const problem = h('p', { class: 'error-text' });
    const callArea = h('div', { class: 'call-area' });
    const ui = uiOf(tool);
    const annotations = tool.annotations as Record<string, unknown> | undefined;
    const run = (): void => {
      const read = form.read();
      if (!read.ok) {
        problem.textContent = read.error;
        return;
      }
      problem.textContent = '';
      void this.caller.start(
        callArea,
        'tools/call',
        { name: tool.name, arguments: read.value },
        asTask.checked,
        ui ? (call) => this.appSlot(tool, ui, call) : undefined,
      );
    };
    return h(
      'div',
      { class: 'tool' },
      h('h3', null, String(tool.title ?? tool.name), tool.title ? h('code', { class: 'muted' }, ` ${tool.name}`) : ''),
      tool.description !== undefined && h('p', { class: 'prose' }, String(tool.description)),
      annotations && facts(Object.entries(annotations).map(([k, v]) => [k, pretty(v)] as const)),
      ui &&
        h(
          'div',
          { class: 'app-meta', testid: 'app-meta' },
          h('h4', null, 'Apps view'),
          facts([['view', h('code', null, ui.resourceUri)]]),
          jsonBlock(ui.ui, '_meta.ui', true),
          h(
            'button',
            { class: 'link', testid: 'app-source', on: { click: (e) => void this.showSource(ui.resourceUri, e.currentTarget as HTMLElement) } },
            'the view’s HTML source',
          ),
        ),
      h('h4', null, 'Arguments'),
      form.element,
      h(
        'div',
        { class: 'actions' },
        h('button', { class: 'primary', testid: 'call-tool', on: { click: run } }, 'Call'),
        h('label', { class: 'inline' }, asTask, ' as a task'),
      ),
      problem,
      jsonBlock(tool, 'the tool as listed'),
      callArea,
    );
  }

  private async showSource(uri: string, button: HTMLElement): Promise<void> {
    const pre = h('pre', { class: 'code source', testid: 'app-source-text' }, 'reading…');
    button.after(pre);
    try {
      const result = await this.api.post<{ contents?: { text?: string; blob?: string; mimeType?: string }[] }>('read', { uri });
      const first = result.contents?.[0];
      pre.textContent = first?.text ?? (first?.blob ? `(${first.mimeType ?? 'binary'}, base64, ${first.blob.length} characters)` : '(empty)');
    } catch (error) {
      pre.textContent = (error as Error).message;
    }
  }

  private appSlot(tool: Tool, ui: { ui: Record<string, unknown>; resourceUri: string }, call: CallState): Node | null {
    if (!call.result) return null;
    // One container per call, made once: the call view redraws around it, the view inside lives on.
    const made = this.slots.get(call.id);
    if (made !== undefined) return made.container;
    // One view at a time: the one of an earlier call is torn down (ui/resource-teardown) when a new one comes.
    for (const [id, slot] of this.slots) {
      slot.teardown?.();
      this.slots.delete(id);
    }
    const container = h('div', { class: 'app-slot', testid: 'app-slot', attrs: { 'data-resource-uri': ui.resourceUri } });
    let teardown: (() => void) | undefined;
    if (appHost === undefined) {
      container.append(h('p', { class: 'muted' }, `This tool has a view (${ui.resourceUri}); its HTML source is linked above.`));
    } else {
      teardown = appHost(container, { tool, resourceUri: ui.resourceUri, ui: ui.ui, call, bridge: bridge(this.api, this.caller, this.catalog) });
    }
    this.slots.set(call.id, { container, teardown });
    return container;
  }
}

/** Completion of a prompt's or a template's argument, as the page asks it. */
export function completer(api: Api, ref: Record<string, unknown>): Completer {
  return async (name, value, others) => {
    const context = Object.fromEntries(Object.entries(others).filter(([k]) => k !== name));
    const result = await api.post<{ completion?: { values?: string[] } }>('complete', { ref, argument: { name, value }, context });
    return result.completion?.values ?? [];
  };
}
