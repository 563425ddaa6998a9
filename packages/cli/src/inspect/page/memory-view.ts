import type { MemoryReport, SessionMemory } from '../protocol.js';
import { facts, fill, h, pretty } from './dom.js';
import type { Store } from './store.js';

/**
 * The "server memory" panel: what the server has to remember between requests. Nothing for a
 * modern server; for a legacy one, the session this client opened (and what it put in it); and
 * the server's own report beside it when the server offers one. For a scenario run, what the
 * example server said after each step.
 */
export class MemoryView {
  readonly element = h('footer', { class: 'memory', testid: 'memory' });

  constructor(private readonly store: Store) {
    store.on('memory', () => this.draw());
    store.on('view', () => this.draw());
    store.on('runs', () => this.draw());
    this.draw();
  }

  private draw(): void {
    const scope = this.store.scope;
    const memory = this.store.memory.get(scope);
    const title = h(
      'h2',
      null,
      'Server memory',
      h('span', { class: 'muted' }, scope === 'live' ? ' — the live server' : ` — ${scope.replace('run-', 'scenario run ')}`),
    );
    if (memory === undefined) {
      fill(this.element, title, h('p', { class: 'muted' }, scope === 'live' ? 'Nothing known yet.' : 'The example server has not reported yet.'));
      return;
    }
    const ours =
      scope !== 'live'
        ? null
        : memory.era === 'modern'
          ? h(
              'div',
              { class: 'mem-box nothing', testid: 'memory-client' },
              h('strong', null, 'Nothing.'),
              ' A modern server keeps no session: there is no handshake, no Mcp-Session-Id, and every request carries its protocol version, capabilities and client info in _meta.',
            )
          : memory.session !== undefined
            ? this.session(memory.session, memory.transport)
            : h('div', { class: 'mem-box' }, memory.era === 'legacy' ? 'A legacy server: the session starts with initialize.' : 'The era is not known yet.');
    fill(
      this.element,
      title,
      h('div', { class: 'mem-row' }, ours, memory.report !== undefined ? this.report(memory.report, scope === 'live') : scope === 'live' && this.noReport()),
    );
  }

  private session(session: SessionMemory, transport: 'stdio' | 'http'): HTMLElement {
    const client = session.clientInfo;
    return h(
      'div',
      { class: `mem-box session ${session.ended ? 'ended' : ''}`, testid: 'memory-client' },
      h('strong', null, session.ended ? 'A legacy session, now ended' : 'A legacy session'),
      h('span', { class: 'muted' }, ' — what this client told the server to keep'),
      facts([
        [
          'session',
          session.id !== undefined
            ? h('code', { testid: 'memory-session-id' }, session.id)
            : transport === 'stdio'
              ? 'the stdio connection itself (no id)'
              : '(no Mcp-Session-Id minted)',
        ],
        ['protocol', session.protocolVersion ?? '(negotiating)'],
        ['client', `${String(client.name ?? '?')} ${String(client.version ?? '')}`],
        ['capabilities', h('code', { class: 'wrap' }, JSON.stringify(session.clientCapabilities))],
        ['initialized', session.initialized ? 'yes (notifications/initialized sent)' : 'not yet'],
        ['log level', session.logLevel ?? '(server default)'],
        ['subscriptions', session.subscriptions.length > 0 ? session.subscriptions.join(', ') : 'none'],
        session.ended !== undefined && [
          'ended',
          session.ended === 'deleted' ? 'DELETE: the server forgot it' : 'the connection closed: it lived in the process',
        ],
      ]),
    );
  }

  private report(report: MemoryReport, live: boolean): HTMLElement {
    return h(
      'div',
      { class: 'mem-box report', testid: 'memory-report' },
      h('strong', null, live ? 'The server says' : 'The example server says'),
      report.after !== undefined && h('span', { class: 'muted' }, ` (after request ${JSON.stringify(report.after)})`),
      report.sessions.length === 0
        ? h('p', { testid: 'memory-report-count' }, `nothing: 0 sessions${report.note ? `; ${report.note}` : ''}`)
        : h(
            'div',
            null,
            h('p', { testid: 'memory-report-count' }, `${report.sessions.length} session(s)${report.note ? `; ${report.note}` : ''}:`),
            h(
              'ul',
              null,
              report.sessions.map((s) => {
                const client = (s.clientInfo ?? {}) as Record<string, unknown>;
                return h(
                  'li',
                  null,
                  h('code', null, String(s.id)),
                  ` protocol ${String(s.protocolVersion)}, client ${String(client.name ?? '?')} ${String(client.version ?? '')}`,
                  s.clientCapabilities !== undefined && h('span', { class: 'muted' }, `, capabilities ${pretty(s.clientCapabilities).replace(/\s+/g, ' ')}`),
                );
              }),
            ),
          ),
    );
  }

  private noReport(): HTMLElement {
    return h(
      'div',
      { class: 'mem-box muted' },
      'This server does not report its own memory. (mcpkit serve-example --transport stdio --report-memory does, after each request.)',
    );
  }
}
