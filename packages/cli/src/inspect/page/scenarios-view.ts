import type { ScenarioInfo } from '../protocol.js';
import type { Api } from './api.js';
import { fill, h } from './dom.js';
import type { RunState, Store } from './store.js';

/**
 * The four seed scenarios of the lifecycle lesson, replayed for real against the example server
 * the CLI ships, over stdio or over HTTP: every message in the wire panel (its scope switches to
 * the run), the server's memory after each step in the memory panel, and each check of the
 * protocol as it passes or fails.
 */
export class ScenariosView {
  readonly element = h('div', { class: 'view', testid: 'view-scenarios' });
  private scenarios: readonly ScenarioInfo[] = [];
  private problem = '';

  constructor(
    private readonly store: Store,
    private readonly api: Api,
  ) {
    store.on('runs', () => this.draw());
    this.draw();
  }

  async shown(): Promise<void> {
    if (this.scenarios.length > 0) return;
    try {
      this.scenarios = (await this.api.post<{ scenarios: ScenarioInfo[] }>('scenarios')).scenarios;
    } catch (error) {
      this.problem = (error as Error).message;
    }
    this.draw();
  }

  private async run(index: number, transport: 'stdio' | 'http'): Promise<void> {
    this.problem = '';
    try {
      const { scope } = await this.api.post<{ scope: RunState['scope'] }>('scenario', { index, transport });
      this.store.scope = scope;
      this.store.touch('view');
    } catch (error) {
      this.problem = (error as Error).message;
    }
    this.draw();
  }

  private draw(): void {
    const running = [...this.store.runs.values()].some((r) => r.done === undefined);
    const latest = [...this.store.runs.values()].reverse();
    const shown = this.store.runs.get(this.store.scope) ?? latest[0];
    fill(
      this.element,
      h(
        'section',
        { class: 'card' },
        h('h3', null, 'The four lifecycle scenarios'),
        h(
          'p',
          { class: 'muted' },
          'Each runs the same code and checks as mcpkit demo, against the example server this CLI ships (never anything else). Pick the transport to see the same messages as stdio lines or as HTTP exchanges.',
        ),
        h(
          'ol',
          { class: 'scenario-list' },
          this.scenarios.map((s) =>
            h(
              'li',
              { testid: `scenario-${s.index}` },
              h('span', { class: 'title' }, s.title),
              h('button', { disabled: running, testid: `run-${s.index}-stdio`, on: { click: () => void this.run(s.index, 'stdio') } }, 'over stdio'),
              h('button', { disabled: running, testid: `run-${s.index}-http`, on: { click: () => void this.run(s.index, 'http') } }, 'over HTTP'),
            ),
          ),
        ),
        this.problem && h('p', { class: 'error-text' }, this.problem),
      ),
      shown && this.transcript(shown),
      latest.length > 1 &&
        h(
          'section',
          { class: 'card' },
          h('h4', null, 'Earlier runs'),
          h(
            'ul',
            null,
            latest.map((r) =>
              h(
                'li',
                null,
                h(
                  'button',
                  {
                    class: 'link',
                    on: {
                      click: () => {
                        this.store.scope = r.scope;
                        this.store.touch('view');
                        this.draw();
                      },
                    },
                  },
                  `${r.scope}: scenario ${r.index + 1} over ${r.transport}`,
                ),
                r.done ? (r.done.ok ? ' ✓' : ' ✗') : ' …',
              ),
            ),
          ),
        ),
    );
  }

  private transcript(run: RunState): HTMLElement {
    return h(
      'section',
      { class: 'card transcript', testid: 'scenario-transcript' },
      h(
        'header',
        null,
        h('h4', null, `${run.index + 1}. ${run.title} — over ${run.transport}`),
        h(
          'span',
          { class: `pill ${run.done ? (run.done.ok ? 'complete' : 'failed') : 'running'}`, testid: 'scenario-state' },
          run.done ? (run.done.ok ? `passed in ${run.done.ms} ms` : 'FAILED') : 'running',
        ),
      ),
      h(
        'ol',
        { class: 'lines' },
        run.lines.map((line) =>
          h(
            'li',
            { class: `line-${line.kind}`, testid: `scenario-${line.kind}` },
            line.kind === 'pass' ? '✓ ' : line.kind === 'fail' ? '✗ ' : '» ',
            'text' in line ? line.text : '',
          ),
        ),
      ),
      h('p', { class: 'muted' }, 'Its messages are in the wire panel (scope: this run); the server’s memory after each step is in the memory panel.'),
    );
  }
}
