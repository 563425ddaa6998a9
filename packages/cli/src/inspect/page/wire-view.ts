import type { Scope } from '../protocol.js';
import { clock, fill, h } from './dom.js';
import type { Store, WireEntry } from './store.js';
import { drawExchange, drawHttp, drawStdio, kindOf, subjectOf, titleOf, type Drawing } from './wire-text.js';

/**
 * The wire panel: every message in order, both directions, of the live connection or of one
 * scenario run; filters by direction, kind and text; the selected message drawn as the stdio line
 * or as the HTTP exchange (the switch in the top bar, or the one above the message).
 */

type Kind = 'request' | 'response' | 'notification' | 'error' | 'http';
const KINDS: readonly [Kind, string][] = [
  ['request', 'requests'],
  ['response', 'results'],
  ['error', 'errors'],
  ['notification', 'notifications'],
  ['http', 'GET / DELETE'],
];
/** The panel draws the latest rows only; older ones stay in the history (and in the filters' reach). */
const MAX_ROWS = 500;

export class WireView {
  readonly element: HTMLElement;
  private readonly list = h('ol', { class: 'wire-list', testid: 'wire-list' });
  private readonly detail = h('section', { class: 'wire-detail', testid: 'wire-detail' });
  private readonly scopeSelect = h('select', { testid: 'wire-scope', title: 'whose messages' });
  private readonly count = h('span', { class: 'muted' });
  private readonly text = h('input', { type: 'search', placeholder: 'filter: method, name, id…', testid: 'wire-filter' });
  private direction: 'all' | 'send' | 'receive' = 'all';
  private readonly kinds = new Set<Kind>(KINDS.map(([k]) => k));
  private selected: number | undefined;

  constructor(private readonly store: Store) {
    this.scopeSelect.addEventListener('change', () => {
      store.scope = this.scopeSelect.value as Scope;
      this.selected = undefined;
      store.touch('view');
    });
    this.text.addEventListener('input', () => this.drawList());
    const directions = h(
      'div',
      { class: 'segmented small' },
      (
        [
          ['all', 'both'],
          ['send', '→ sent'],
          ['receive', '← received'],
        ] as const
      ).map(([value, label]) =>
        h(
          'button',
          {
            class: value === this.direction ? 'on' : '',
            testid: `wire-dir-${value}`,
            on: {
              click: (event) => {
                this.direction = value;
                for (const b of (event.currentTarget as HTMLElement).parentElement!.children) b.classList.toggle('on', b === event.currentTarget);
                this.drawList();
              },
            },
          },
          label,
        ),
      ),
    );
    const chips = h(
      'div',
      { class: 'chips' },
      KINDS.map(([kind, label]) =>
        h(
          'label',
          { class: `chip kind-${kind}` },
          h('input', {
            type: 'checkbox',
            checked: true,
            testid: `wire-kind-${kind}`,
            on: {
              change: (event) => {
                if ((event.currentTarget as HTMLInputElement).checked) this.kinds.add(kind);
                else this.kinds.delete(kind);
                this.drawList();
              },
            },
          }),
          label,
        ),
      ),
    );
    this.element = h(
      'aside',
      { class: 'wire', testid: 'wire' },
      h('header', { class: 'panel-head' }, h('h2', null, 'On the wire'), this.scopeSelect, this.count),
      h('div', { class: 'wire-filters' }, directions, this.text, chips),
      this.list,
      this.detail,
    );
    store.on('wire', () => this.draw());
    store.on('runs', () => this.drawScopes());
    store.on('view', () => this.draw());
    this.drawScopes();
    this.draw();
  }

  /** Selects the message of event `seq` (from elsewhere in the page). */
  select(seq: number): void {
    const entry = this.store.entry(seq);
    if (entry === undefined) return;
    if (entry.scope !== this.store.scope) {
      this.store.scope = entry.scope;
      this.drawScopes();
    }
    this.selected = seq;
    this.draw();
    this.list.querySelector(`[data-seq="${seq}"]`)?.scrollIntoView({ block: 'nearest' });
  }

  private drawScopes(): void {
    const options = [h('option', { value: 'live', selected: this.store.scope === 'live' }, 'the server (live)')];
    for (const run of this.store.runs.values()) {
      options.push(
        h(
          'option',
          { value: run.scope, selected: this.store.scope === run.scope },
          `scenario ${run.index + 1} over ${run.transport} (${run.scope.replace('run-', 'run ')})`,
        ),
      );
    }
    fill(this.scopeSelect, options);
  }

  private draw(): void {
    this.drawScopes();
    this.drawList();
    this.drawDetail();
  }

  private matches(entry: WireEntry): boolean {
    if (entry.scope !== this.store.scope) return false;
    if (entry.kind === 'exchange') return this.kinds.has('http') && this.direction !== 'receive';
    if (this.direction !== 'all' && entry.item.dir !== this.direction) return false;
    if (!this.kinds.has(kindOf(entry.item.message))) return false;
    const text = this.text.value.trim().toLowerCase();
    if (text === '') return true;
    return JSON.stringify(entry.item.message).toLowerCase().includes(text);
  }

  private drawList(): void {
    const shown = this.store.wire.filter((e) => this.matches(e));
    const total = this.store.wire.filter((e) => e.scope === this.store.scope).length;
    this.count.textContent = shown.length === total ? `${total} messages` : `${shown.length} of ${total}`;
    const rows = shown.slice(-MAX_ROWS).map((entry) => this.row(entry));
    fill(
      this.list,
      shown.length > MAX_ROWS ? h('li', { class: 'muted' }, `${shown.length - MAX_ROWS} earlier rows not drawn; filter to find them`) : null,
      rows,
    );
    if (this.store.trimmed > 0) this.list.prepend(h('li', { class: 'muted' }, `${this.store.trimmed} of the oldest events were dropped to bound memory`));
  }

  private row(entry: WireEntry): HTMLElement {
    const select = (): void => {
      this.selected = entry.seq;
      this.drawList();
      this.drawDetail();
    };
    const attrs = { 'data-seq': String(entry.seq) };
    if (entry.kind === 'exchange') {
      const ex = entry.exchange;
      return h(
        'li',
        { class: `wire-row kind-http ${this.selected === entry.seq ? 'selected' : ''}`, attrs, testid: 'wire-row', on: { click: select } },
        h('span', { class: 'seq' }, `#${entry.seq}`),
        h('span', { class: 'at' }, clock(entry.at)),
        h('span', { class: 'arrow' }, '⇄'),
        h('span', { class: 'title' }, `${ex.method} ${new URL(ex.url).pathname}`),
        h('span', { class: `status s${Math.floor(ex.status / 100)}` }, String(ex.status)),
      );
    }
    const { item } = entry;
    const message = item.message;
    const kind = kindOf(message);
    const id = 'id' in message ? message.id : undefined;
    const subject = subjectOf(message);
    return h(
      'li',
      {
        class: `wire-row kind-${kind} dir-${item.dir} ${this.selected === entry.seq ? 'selected' : ''}`,
        attrs: { ...attrs, 'data-method': 'method' in message ? message.method : '' },
        testid: 'wire-row',
        on: { click: select },
      },
      h('span', { class: 'seq' }, `#${entry.seq}`),
      h('span', { class: 'at' }, clock(entry.at)),
      h('span', { class: 'arrow', title: item.dir === 'send' ? 'client → server' : 'server → client' }, item.dir === 'send' ? '→' : '←'),
      h('span', { class: 'title' }, titleOf(message)),
      id !== undefined && h('span', { class: 'id' }, `id ${JSON.stringify(id)}`),
      subject !== undefined && h('span', { class: 'subject' }, subject),
      entry.exchange && h('span', { class: `status s${Math.floor(entry.exchange.status / 100)}` }, String(entry.exchange.status)),
      item.callId && h('span', { class: 'tag' }, item.callId),
    );
  }

  private drawDetail(): void {
    const entry = this.selected === undefined ? undefined : this.store.entry(this.selected);
    if (entry === undefined || entry.scope !== this.store.scope) {
      fill(this.detail, h('p', { class: 'muted' }, 'Select a message to see it as the stdio line or as the HTTP exchange.'));
      return;
    }
    const as = this.store.showAs();
    const switcher = h(
      'div',
      { class: 'segmented small', testid: 'detail-switch' },
      (['stdio', 'http'] as const).map((value) =>
        h(
          'button',
          {
            class: as === value ? 'on' : '',
            testid: `detail-show-${value}`,
            on: {
              click: () => {
                this.store.show = value;
                this.store.touch('view');
              },
            },
          },
          value === 'stdio' ? 'stdio line' : 'HTTP exchange',
        ),
      ),
    );
    const drawing: Drawing = entry.kind === 'exchange' ? drawExchange(entry.exchange) : as === 'stdio' ? drawStdio(entry) : drawHttp(this.store, entry);
    fill(
      this.detail,
      h('div', { class: 'detail-head' }, h('strong', null, `#${entry.seq}`), entry.kind === 'message' && switcher),
      h('p', { class: drawing.real ? 'caption real' : 'caption virtual', testid: 'detail-caption' }, drawing.caption),
      drawing.blocks.map((block) =>
        h('div', { class: 'block' }, h('div', { class: 'block-label' }, block.label), h('pre', { class: 'code', testid: 'detail-text' }, block.text)),
      ),
      entry.kind === 'message' &&
        h('details', { class: 'json' }, h('summary', null, 'the message, indented'), h('pre', { class: 'code' }, JSON.stringify(entry.item.message, null, 2))),
    );
  }
}
