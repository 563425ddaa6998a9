import type { Api } from './api.js';
import { clock, fill, h, pretty } from './dom.js';
import type { Store } from './store.js';

/**
 * Listen streams: choose what to be told about (tool, prompt, resource list changes; updates of
 * given resources), open the stream, and watch its notifications arrive live. On a modern
 * server this is `subscriptions/listen`; on a legacy session, the session's own notifications
 * (and `resources/subscribe` for updates). The lists in the other views re-read themselves when
 * a list_changed arrives.
 */
export class ListenView {
  readonly element: HTMLElement;
  private readonly boxes = {
    toolsListChanged: h('input', { type: 'checkbox', checked: true, testid: 'listen-tools' }),
    promptsListChanged: h('input', { type: 'checkbox', checked: true, testid: 'listen-prompts' }),
    resourcesListChanged: h('input', { type: 'checkbox', checked: true, testid: 'listen-resources' }),
  };
  private readonly uris = h('input', { type: 'text', placeholder: 'resource URIs to watch, separated by spaces', testid: 'listen-uris' });
  private readonly problem = h('p', { class: 'error-text' });
  private readonly streams = h('div', { class: 'streams', testid: 'listen-streams' });

  constructor(
    private readonly store: Store,
    private readonly api: Api,
  ) {
    this.element = h(
      'div',
      { class: 'view', testid: 'view-listen' },
      h(
        'section',
        { class: 'card' },
        h('h3', null, 'Open a listen stream'),
        h(
          'div',
          { class: 'chips' },
          h('label', { class: 'chip' }, this.boxes.toolsListChanged, 'tools changed'),
          h('label', { class: 'chip' }, this.boxes.promptsListChanged, 'prompts changed'),
          h('label', { class: 'chip' }, this.boxes.resourcesListChanged, 'resources changed'),
        ),
        this.uris,
        h('div', { class: 'actions' }, h('button', { class: 'primary', testid: 'listen-open', on: { click: () => void this.open() } }, 'Listen')),
        this.problem,
      ),
      this.streams,
    );
    store.on('listens', () => this.draw());
    this.draw();
  }

  private async open(): Promise<void> {
    const filter: Record<string, unknown> = {};
    for (const [key, box] of Object.entries(this.boxes)) if (box.checked) filter[key] = true;
    const uris = this.uris.value.split(/\s+/).filter((u) => u !== '');
    if (uris.length > 0) filter.resourceSubscriptions = uris;
    this.problem.textContent = '';
    try {
      await this.api.post('listen', { filter });
    } catch (error) {
      this.problem.textContent = (error as Error).message;
    }
  }

  private draw(): void {
    const streams = [...this.store.listens.values()].reverse();
    fill(
      this.streams,
      streams.length === 0 && h('p', { class: 'muted' }, 'No stream open yet.'),
      streams.map((stream) =>
        h(
          'section',
          { class: `card stream ${stream.ended ? 'ended' : 'open'}`, testid: 'listen-stream' },
          h(
            'header',
            null,
            h('h4', null, `${stream.id}: ${Object.keys(stream.filter).join(', ')}`),
            h('span', { class: `pill ${stream.ended ? 'closed' : 'running'}` }, stream.ended ? 'ended' : 'open'),
            !stream.ended &&
              h('button', { class: 'small', on: { click: () => void this.api.post('unlisten', { listenId: stream.id }).catch(() => undefined) } }, 'Close'),
          ),
          stream.ack
            ? h(
                'p',
                { class: 'muted', testid: 'listen-ack' },
                `granted: ${pretty(stream.ack.granted).replace(/\s+/g, ' ')}; denied: ${pretty(stream.ack.denied).replace(/\s+/g, ' ')}`,
              )
            : h('p', { class: 'muted' }, 'waiting for the acknowledgement…'),
          stream.ended?.message && h('p', { class: 'error-text' }, stream.ended.message),
          h(
            'ol',
            { class: 'notifications', testid: 'listen-notifications' },
            stream.notifications.map((n) =>
              h(
                'li',
                { testid: 'listen-notification' },
                h('span', { class: 'at' }, clock(n.at)),
                ' ',
                h('code', null, n.method),
                n.params.uri ? ` ${String(n.params.uri)}` : '',
              ),
            ),
          ),
        ),
      ),
    );
  }
}
