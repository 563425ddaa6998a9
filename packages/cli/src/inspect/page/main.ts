import './style.css';
import { Api } from './api.js';
import { appsHost } from './apps-host.js';
import { setAppHost } from './apps-slot.js';
import { CompletionsView } from './completions-view.js';
import { fill, h } from './dom.js';
import { inputForm } from './input-forms.js';
import { ListenView } from './listen-view.js';
import { MemoryView } from './memory-view.js';
import { OverviewView } from './overview-view.js';
import { PromptsView } from './prompts-view.js';
import { ResourcesView } from './resources-view.js';
import { ScenariosView } from './scenarios-view.js';
import { SkillsView } from './skills-view.js';
import { Store } from './store.js';
import { TasksView } from './tasks-view.js';
import { Caller, ToolsView } from './tools-view.js';
import { WireView } from './wire-view.js';

/**
 * The inspector's page: a top bar (the server, its era, the connection, the stdio/HTTP switch),
 * the views on the left, the wire on the right and the server memory at the bottom. It reads the
 * secret from its own URL, sends it on every API request, and follows the event stream.
 */

interface View {
  readonly element: HTMLElement;
  shown?(): void | Promise<void>;
}

const secret = new URLSearchParams(location.search).get('secret') ?? '';
const api = new Api(secret);
const store = new Store();
const caller = new Caller(store, api);
// MCP Apps views of completed tool calls, rendered by @mcpkit/apps-host (its script loads on first use).
setAppHost(appsHost(api));

const tools = new ToolsView(store, api, caller);
const views: [string, string, View][] = [
  ['overview', 'Overview', new OverviewView(store)],
  ['tools', 'Tools', tools],
  ['resources', 'Resources', new ResourcesView(store, api, caller)],
  ['prompts', 'Prompts', new PromptsView(store, api, caller)],
  ['completions', 'Completions', new CompletionsView(store, api)],
  ['skills', 'Skills', new SkillsView(store, api)],
  ['tasks', 'Tasks', new TasksView(store, api, caller)],
  ['listen', 'Listen', new ListenView(store, api)],
  ['scenarios', 'Scenarios', new ScenariosView(store, api)],
];

const banner = h('div', { class: 'banner', testid: 'inputs-banner' });
const shown = h('div');
// The tools view never leaves the document (it is hidden instead): an Apps view's frame in it
// would reload, and lose the view's state, if it did. The others are swapped in before it.
const main = h('main', { class: 'main' }, banner, shown, tools.element);
const nav = h('nav', { class: 'nav' });
let current = 'overview';

function show(name: string): void {
  current = name;
  const view = views.find(([id]) => id === name)!;
  if (view[2] === tools) fill(shown);
  else fill(shown, view[2].element);
  tools.element.hidden = view[2] !== tools;
  for (const button of nav.querySelectorAll('button')) button.classList.toggle('on', button.dataset.view === name);
  void view[2].shown?.();
}

for (const [id, label] of views) {
  nav.append(h('button', { testid: `nav-${id}`, attrs: { 'data-view': id }, on: { click: () => show(id) } }, label));
}

const target = h('span', { class: 'target', testid: 'target' });
const status = h('span', { class: 'status', testid: 'status' });
const era = h('span', { class: 'era-badge pending', testid: 'era' });
const switcher = h(
  'div',
  { class: 'segmented', testid: 'show-switch', title: 'show every message as a stdio line or as an HTTP exchange' },
  h('span', { class: 'label' }, 'Show'),
  (['stdio', 'http'] as const).map((value) =>
    h(
      'button',
      {
        testid: `show-${value}`,
        attrs: { 'data-show': value },
        on: {
          click: () => {
            store.show = value;
            store.touch('view');
          },
        },
      },
      value === 'stdio' ? 'stdio line' : 'HTTP exchange',
    ),
  ),
);
const reconnect = h('button', { class: 'small', testid: 'reconnect', on: { click: () => void api.post('reconnect').catch(() => undefined) } }, 'Reconnect');

function drawTop(): void {
  const t = store.target;
  target.textContent = t ? `${t.kind === 'stdio' ? 'stdio' : 'HTTP'} · ${t.label}` : '';
  const s = store.link === 'lost' ? { state: 'lost', message: 'the inspector stopped (or the link dropped); retrying…' } : store.status;
  status.className = `status ${s.state}`;
  status.textContent = s.state === 'lost' ? 'inspector gone' : s.state;
  status.title = s.message ?? '';
  const verdict = store.verdicts.at(-1);
  era.className = `era-badge ${verdict?.era ?? 'pending'}`;
  era.textContent = verdict ? `${verdict.era} ${store.server?.protocolVersion ?? verdict.protocolVersion ?? ''}`.trim() : 'era?';
  const as = store.showAs();
  for (const button of switcher.querySelectorAll('button')) button.classList.toggle('on', button.dataset.show === as);
}

function drawBanner(): void {
  const pending = [...store.inputs.values()].filter((input) => input.outcome === undefined);
  const loose = pending.filter((input) => input.callId === undefined || !store.calls.has(input.callId));
  const inCalls = pending.length - loose.length;
  fill(
    banner,
    loose.map((input) => inputForm(input, api, store)),
    inCalls > 0 &&
      current !== 'tools' &&
      h(
        'p',
        { class: 'notice' },
        `The server is waiting for ${inCalls} answer(s) in a call. `,
        h('button', { class: 'link', on: { click: () => show('tools') } }, 'Go to the call'),
      ),
  );
}

for (const topic of ['status', 'verdict', 'server', 'view'] as const) store.on(topic, drawTop);
store.on('inputs', drawBanner);

const root = document.getElementById('app')!;
const wire = new WireView(store);
const memory = new MemoryView(store);
root.append(
  h('header', { class: 'top' }, h('h1', null, 'mcpkit inspect'), target, status, era, h('span', { class: 'spacer' }), switcher, reconnect),
  h('div', { class: 'body' }, nav, main, wire.element),
  memory.element,
);
show('overview');
drawTop();

if (secret === '') {
  fill(main, h('div', { class: 'error-box' }, 'This page needs the secret of its run: open the URL mcpkit inspect printed.'));
} else {
  void (async () => {
    for (let attempt = 0; ; attempt++) {
      const controller = new AbortController();
      try {
        await api.follow(
          store.lastSeq,
          (event) => {
            if (store.link !== 'open') {
              store.link = 'open';
              store.touch('status');
            }
            attempt = 0;
            store.apply(event);
          },
          controller.signal,
        );
      } catch {
        // The inspector stopped, or the link dropped: say so, and try again.
      }
      store.link = 'lost';
      store.touch('status');
      await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 500 * 2 ** Math.min(attempt, 5))));
    }
  })();
}
