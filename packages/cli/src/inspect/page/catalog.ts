import type { ListKind, ListPage } from '../queries.js';
import type { Api } from './api.js';
import { fill, h } from './dom.js';
import type { Store } from './store.js';

/**
 * A list the server serves in pages (tools, resources, templates, prompts, skills, tasks): every
 * page is read, and the view says how the server split it. Items are listed with a filter; the
 * chosen one is drawn in the detail pane. A list is read again when the server says it changed
 * (a `list_changed` notification on a listen stream).
 */

/** How one catalog draws its items. */
export interface CatalogOptions<T> {
  readonly kind: ListKind;
  readonly title: string;
  /** The capability that says the server has this list, if any. */
  readonly capability?: (capabilities: Record<string, unknown>) => boolean;
  readonly key: (item: T) => string;
  readonly row: (item: T) => (Node | string)[];
  readonly detail: (item: T) => HTMLElement;
  /** The notification that makes the list stale. */
  readonly changedBy?: string;
}

export class Catalog<T> {
  readonly element: HTMLElement;
  private readonly listEl = h('ul', { class: 'catalog-list' });
  private readonly summary = h('p', { class: 'pages muted' });
  private readonly filter = h('input', { type: 'search', placeholder: 'filter' });
  private items: T[] = [];
  private chosen: string | undefined;
  private loaded = false;
  private loading: Promise<void> | undefined;
  private seenNotifications = 0;

  constructor(
    private readonly store: Store,
    private readonly api: Api,
    private readonly options: CatalogOptions<T>,
    private readonly detailPane: HTMLElement,
  ) {
    this.filter.addEventListener('input', () => this.drawList());
    this.element = h(
      'section',
      { class: 'catalog', testid: `catalog-${options.kind}` },
      h(
        'header',
        { class: 'catalog-head' },
        h('h3', null, options.title),
        h('button', { class: 'small', testid: `reload-${options.kind}`, on: { click: () => void this.load() } }, 'Reload'),
      ),
      this.summary,
      this.filter,
      this.listEl,
    );
    store.on('listens', () => this.maybeStale());
  }

  /** Reads the list (every page) unless it was read already. */
  ensure(): void {
    if (!this.loaded) void this.load();
  }

  /** Every item, as last read (read first if it never was; read again when `fresh`). */
  async all(fresh = false): Promise<readonly T[]> {
    if (fresh || this.loading === undefined) await this.load();
    else await this.loading;
    return this.items;
  }

  /** Reads every page of the list. */
  load(): Promise<void> {
    this.loading = this.read();
    return this.loading;
  }

  private async read(): Promise<void> {
    this.loaded = true;
    const caps = (this.store.server?.capabilities ?? {}) as Record<string, unknown>;
    if (this.options.capability !== undefined && this.store.server !== undefined && !this.options.capability(caps)) {
      this.summary.textContent = 'The server does not declare this capability; asking anyway.';
    } else this.summary.textContent = 'reading…';
    try {
      const { pages } = await this.api.post<{ pages: ListPage[] }>('list', { kind: this.options.kind });
      this.items = pages.flatMap((page) => page.items as T[]);
      const sizes = pages.map((p) => p.items.length);
      this.summary.textContent =
        pages.length === 1
          ? `${this.items.length} item(s), in one page`
          : `${this.items.length} item(s) in ${pages.length} pages (${sizes.join(' + ')}), each cursor passed back as it came`;
      this.summary.dataset.testid = `pages-${this.options.kind}`;
    } catch (error) {
      this.items = [];
      this.summary.textContent = (error as Error).message;
    }
    this.drawList();
  }

  private maybeStale(): void {
    const changed = this.options.changedBy;
    if (changed === undefined || !this.loaded) return;
    let count = 0;
    for (const listen of this.store.listens.values()) count += listen.notifications.filter((n) => n.method === changed).length;
    if (count > this.seenNotifications) {
      this.seenNotifications = count;
      void this.load();
    }
  }

  private drawList(): void {
    const text = this.filter.value.trim().toLowerCase();
    const shown = this.items.filter((item) => text === '' || JSON.stringify(item).toLowerCase().includes(text));
    fill(
      this.listEl,
      shown.length === 0 && h('li', { class: 'muted' }, this.items.length === 0 ? 'none' : 'no match'),
      shown.map((item) => {
        const key = this.options.key(item);
        return h(
          'li',
          {
            class: key === this.chosen ? 'item chosen' : 'item',
            attrs: { 'data-key': key },
            testid: `item-${this.options.kind}`,
            on: {
              click: () => {
                this.chosen = key;
                this.drawList();
                fill(this.detailPane, this.options.detail(item));
              },
            },
          },
          ...this.options.row(item),
        );
      }),
    );
  }
}
