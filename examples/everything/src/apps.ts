import { createAppsServer, appTool, view, type AppsServer } from '@mcpkit/apps/server';

// The counter view: plain HTML and a script that speaks the MCP Apps protocol over postMessage by
// hand (the spec's "you don't need an SDK"), so the CLI can ship it without a browser bundle.
const COUNTER_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>Counter</title>
<style>
  :root { color-scheme: light dark; }
  body { margin: 0; padding: 16px; font: 15px/1.4 var(--font-sans, system-ui, sans-serif); background: var(--color-background-primary, #fff); color: var(--color-text-primary, #18181b); }
  body.dark { background: #18181b; color: #fafafa; }
  .count { font-size: 40px; font-weight: 700; margin: 4px 0 12px; }
  button { font: inherit; padding: 6px 14px; margin-right: 6px; border-radius: 6px; border: 1px solid #a1a1aa; background: transparent; color: inherit; cursor: pointer; }
  #note { color: #71717a; margin-top: 10px; }
</style></head>
<body>
  <div>Counter</div>
  <div class="count" id="count">…</div>
  <button id="add">+1</button><button id="reset">reset</button><button id="mode">fullscreen</button>
  <div id="note">waiting for the host</div>
<script>
  let nextId = 1, count = 0, mode = 'inline';
  const pending = new Map();
  const $ = (id) => document.getElementById(id);
  const post = (message) => parent.postMessage(Object.assign({ jsonrpc: '2.0' }, message), '*');
  const request = (method, params) => new Promise((resolve, reject) => { const id = nextId++; pending.set(id, { resolve, reject }); post({ id, method, params }); });
  const show = (value) => { count = value; $('count').textContent = String(value); };
  window.addEventListener('message', (event) => {
    const m = event.data;
    if (event.source !== parent || !m || m.jsonrpc !== '2.0') return;
    if (m.method === undefined) {
      const waiting = pending.get(m.id);
      if (!waiting) return;
      pending.delete(m.id);
      if (m.error) waiting.reject(new Error(m.error.message)); else waiting.resolve(m.result);
    } else if (m.method === 'ui/notifications/tool-input') show(Number(m.params.arguments.start ?? 0));
    else if (m.method === 'ui/notifications/tool-result') { if (m.params.structuredContent) show(m.params.structuredContent.count); $('note').textContent = 'rendered by ' + host; }
    else if (m.method === 'ui/notifications/host-context-changed') apply(m.params);
    else if (m.id !== undefined) post({ id: m.id, result: {} }); // ui/resource-teardown, ping
  });
  let host = 'the host';
  const apply = (context) => {
    if (context.theme) document.body.classList.toggle('dark', context.theme === 'dark');
    if (context.displayMode) { mode = context.displayMode; $('mode').textContent = mode === 'inline' ? 'fullscreen' : 'inline'; }
  };
  const call = (by) => request('tools/call', { name: 'counter_add', arguments: { count, by } }).then((r) => show(r.structuredContent.count), (e) => ($('note').textContent = e.message));
  $('add').onclick = () => call(1);
  $('reset').onclick = () => call(-count);
  $('mode').onclick = () => request('ui/request-display-mode', { mode: mode === 'inline' ? 'fullscreen' : 'inline' }).then((r) => apply({ displayMode: r.mode }));
  request('ui/initialize', { appInfo: { name: 'everything-counter', version: '1.0.0' }, appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] }, protocolVersion: '2026-01-26' }).then((init) => {
    host = init.hostInfo.name;
    apply(init.hostContext || {});
    post({ method: 'ui/notifications/initialized', params: {} });
    let last = '';
    new ResizeObserver(() => {
      const box = document.documentElement.getBoundingClientRect();
      const size = Math.ceil(box.width) + 'x' + Math.ceil(box.height);
      if (size !== last) { last = size; post({ method: 'ui/notifications/size-changed', params: { width: Math.ceil(box.width), height: Math.ceil(box.height) } }); }
    }).observe(document.documentElement);
  });
</script>
</body></html>`;

/** The MCP Apps extension of the everything server: a counter view, the tool that shows it and the app-only tool its button calls. */
export function everythingApps(): AppsServer {
  return createAppsServer({
    views: [view({ uri: 'ui://everything/counter', name: 'counter', title: 'Counter', html: COUNTER_HTML, prefersBorder: true })],
    tools: [
      appTool({
        name: 'show_counter',
        title: 'Show a counter',
        description: 'Shows an interactive counter (an MCP Apps view); the text says where it starts',
        view: 'ui://everything/counter',
        inputSchema: { type: 'object', properties: { start: { type: 'integer' } } },
        handler: ({ start }) => {
          const count = typeof start === 'number' ? start : 0;
          return { content: [{ type: 'text', text: `The counter starts at ${count}.` }], structuredContent: { count } };
        },
      }),
      appTool({
        name: 'counter_add',
        description: "Adds to the counter (called by the counter's view only)",
        view: 'ui://everything/counter',
        visibility: ['app'],
        inputSchema: { type: 'object', properties: { count: { type: 'integer' }, by: { type: 'integer' } }, required: ['count', 'by'] },
        handler: ({ count, by }) => {
          const next = (count as number) + (by as number);
          return { content: [{ type: 'text', text: `The counter is at ${next}.` }], structuredContent: { count: next } };
        },
      }),
    ],
  });
}
