import type { JsonRpcMessage } from '@mcpkit/jsonrpc';
import { facts, fill, h, jsonBlock, pretty } from './dom.js';
import type { Store, WireEntry } from './store.js';

/**
 * The overview: the era verdict as the lesson's decision (the probe sent, what came back, which
 * rule applied and why), then who the server is: versions, capabilities, extensions,
 * instructions, and what this client declared.
 */

type Message = WireEntry & { kind: 'message' };

const RULES = [
  { id: 'discover', text: 'A DiscoverResult came back: a modern server. No handshake; version and capabilities travel on every request.' },
  { id: '-32022', text: 'Error -32022: a modern server that wants another version. Pick one from supported and retry; never fall back to initialize.' },
  {
    id: 'legacy',
    text: 'Anything else (another error code, an error with id null, HTTP 400/404/405, or no answer in time): a legacy server. Fall back to initialize.',
  },
] as const;

function liveMessages(store: Store): Message[] {
  return store.wire.filter((e): e is Message => e.kind === 'message' && e.scope === 'live');
}

function sentWith(messages: Message[], method: string): Message | undefined {
  return messages.find((e) => e.item.dir === 'send' && 'method' in e.item.message && e.item.message.method === method);
}

function answerTo(messages: Message[], request: Message | undefined): Message | undefined {
  if (request === undefined || !('id' in request.item.message)) return undefined;
  const id = request.item.message.id;
  return messages.find(
    (e) =>
      e.seq > request.seq &&
      e.item.dir === 'receive' &&
      !('method' in e.item.message) &&
      'id' in e.item.message &&
      (e.item.message.id === id || e.item.message.id === null),
  );
}

function describeAnswer(message: JsonRpcMessage | undefined, request: Message | undefined): string {
  const status = request?.exchange ? `HTTP ${request.exchange.status}${request.exchange.statusText ? ` ${request.exchange.statusText}` : ''}` : undefined;
  if (message === undefined) return status ? `${status}, no JSON-RPC answer` : 'no answer (yet, or within the probe’s wait)';
  if ('error' in message)
    return `${status ? `${status}, ` : ''}error ${message.error.code} “${message.error.message}”${message.id === null ? ' with id null' : ''}`;
  if ('result' in message) {
    const result = message.result as { supportedVersions?: unknown; protocolVersion?: unknown };
    if (Array.isArray(result.supportedVersions))
      return `${status ? `${status}, ` : ''}a DiscoverResult: supportedVersions ${result.supportedVersions.join(', ')}`;
    if (typeof result.protocolVersion === 'string') return `${status ? `${status}, ` : ''}an InitializeResult: protocolVersion ${result.protocolVersion}`;
    return `${status ? `${status}, ` : ''}a result`;
  }
  return '?';
}

function ruleOf(answer: JsonRpcMessage | undefined, era: string | undefined): string {
  if (answer !== undefined && 'result' in answer && Array.isArray((answer.result as { supportedVersions?: unknown }).supportedVersions)) return 'discover';
  if (answer !== undefined && 'error' in answer && answer.error.code === -32022) return '-32022';
  return era === 'modern' ? 'discover' : 'legacy';
}

function step(n: number, title: string, ...body: Parameters<typeof h>[2][]): HTMLElement {
  return h('li', { class: 'step' }, h('span', { class: 'step-n' }, String(n)), h('div', null, h('h4', null, title), ...body));
}

export class OverviewView {
  readonly element = h('div', { class: 'view overview', testid: 'view-overview' });

  constructor(private readonly store: Store) {
    store.on('verdict', () => this.draw());
    store.on('server', () => this.draw());
    store.on('status', () => this.draw());
    store.on('stderr', () => this.draw());
    this.draw();
  }

  private draw(): void {
    fill(this.element, this.decision(), this.serverCard(), this.capabilitiesCard(), this.clientCard(), this.stderrCard());
  }

  private decision(): HTMLElement {
    const store = this.store;
    const verdict = store.verdicts.at(-1);
    const messages = liveMessages(store);
    const probe = sentWith(messages, 'server/discover');
    const answer = answerTo(messages, probe);
    const initialize = sentWith(messages, 'initialize');
    const initialized = sentWith(messages, 'notifications/initialized');
    const steps: HTMLElement[] = [];
    if (verdict?.source === 'option') {
      steps.push(step(1, 'No probe', h('p', null, `--era ${verdict.era} on the command line chose the era; the client did not ask the server.`)));
    } else {
      const meta =
        probe && 'params' in probe.item.message
          ? ((probe.item.message.params as Record<string, unknown> | undefined)?._meta as Record<string, unknown> | undefined)
          : undefined;
      steps.push(
        step(
          1,
          'Probe sent',
          probe
            ? h(
                'p',
                null,
                `server/discover (id ${JSON.stringify((probe.item.message as { id: unknown }).id)}) as a modern request, declaring ${String(meta?.['io.modelcontextprotocol/protocolVersion'] ?? '?')} in _meta.`,
              )
            : h('p', { class: 'muted' }, 'Not sent yet.'),
        ),
        step(2, 'What came back', h('p', { testid: 'probe-answer' }, probe ? describeAnswer(answer?.item.message, probe) : '—')),
      );
      const applied = verdict ? ruleOf(answer?.item.message, verdict.era) : undefined;
      steps.push(
        step(
          3,
          'The rule that applied',
          h(
            'ul',
            { class: 'rules' },
            RULES.map((rule) => h('li', { class: rule.id === applied ? 'rule applied' : 'rule' }, rule.id === applied ? '▶ ' : '', rule.text)),
          ),
        ),
      );
    }
    if (verdict?.era === 'legacy') {
      const init = answerTo(messages, initialize);
      steps.push(
        step(
          steps.length + 1,
          'Then the legacy handshake',
          h(
            'p',
            null,
            initialize ? `initialize → ${describeAnswer(init?.item.message, initialize)}` : 'initialize not sent yet',
            initialized ? '; then notifications/initialized (a notification: no id, no reply).' : '.',
          ),
        ),
      );
    } else if (verdict?.era === 'modern') {
      steps.push(
        step(steps.length + 1, 'Then', h('p', null, 'No handshake and no session: every request carries its version, capabilities and client info in _meta.')),
      );
    }
    const badge = verdict
      ? h(
          'span',
          { class: `era-badge ${verdict.era}`, testid: 'verdict-era' },
          `${verdict.era} ${store.server?.protocolVersion ?? verdict.protocolVersion ?? ''}`.trim(),
        )
      : h('span', { class: 'era-badge pending' }, 'deciding…');
    return h(
      'section',
      { class: 'card decision', testid: 'verdict' },
      h('header', null, h('h3', null, 'Which era is the server?'), badge),
      h('ol', { class: 'steps' }, steps),
      verdict &&
        h(
          'p',
          { class: 'why', testid: 'verdict-reason' },
          h('strong', null, 'Why: '),
          verdict.reason,
          verdict.transport ? ` (over ${verdict.transport}, the 2024-11-05 transport)` : '',
        ),
      store.verdicts.length > 1 &&
        h('p', { class: 'muted' }, `The verdict changed ${store.verdicts.length - 1} time(s) (a cached or disproved one was probed again).`),
    );
  }

  private serverCard(): HTMLElement {
    const server = this.store.server;
    const status = this.store.status;
    if (server === undefined) {
      return h(
        'section',
        { class: 'card' },
        h('h3', null, 'Server'),
        status.state === 'failed'
          ? h(
              'div',
              { class: 'error-box', testid: 'connect-error' },
              h('p', null, status.message ?? 'could not connect'),
              status.hint && h('p', { class: 'muted' }, status.hint),
            )
          : h('p', { class: 'muted' }, status.state === 'closed' ? (status.message ?? 'the connection closed') : 'connecting…'),
      );
    }
    const info = server.serverInfo;
    return h(
      'section',
      { class: 'card', testid: 'server-card' },
      h('h3', null, 'Server'),
      facts([
        ['name', `${String(info.title ?? info.name ?? '?')}${info.title && info.name ? ` (${String(info.name)})` : ''}`],
        ['version', String(info.version ?? '?')],
        ['era', server.era],
        ['protocol version', h('code', { testid: 'protocol-version' }, server.protocolVersion)],
        ['supported versions', server.supportedVersions.join(', ')],
      ]),
      server.instructions !== undefined
        ? h('div', { class: 'instructions' }, h('h4', null, 'Instructions'), h('pre', { class: 'prose', testid: 'instructions' }, server.instructions))
        : h('p', { class: 'muted' }, 'No instructions.'),
    );
  }

  private capabilitiesCard(): HTMLElement | null {
    const server = this.store.server;
    if (server === undefined) return null;
    const caps = server.capabilities as Record<string, unknown>;
    const extensions = (caps.extensions ?? {}) as Record<string, unknown>;
    const names = Object.keys(caps).filter((k) => k !== 'extensions' && k !== 'experimental');
    return h(
      'section',
      { class: 'card', testid: 'capabilities' },
      h('h3', null, 'Capabilities'),
      h(
        'ul',
        { class: 'cap-list' },
        names.map((name) => {
          const value = caps[name];
          const flags = typeof value === 'object' && value !== null ? Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] === true) : [];
          return h('li', null, h('code', null, name), flags.length > 0 && h('span', { class: 'muted' }, ` ${flags.join(', ')}`));
        }),
      ),
      h('h4', null, 'Extensions'),
      Object.keys(extensions).length === 0
        ? h('p', { class: 'muted' }, 'none')
        : h(
            'ul',
            { class: 'cap-list', testid: 'extensions' },
            Object.entries(extensions).map(([id, settings]) => h('li', null, h('code', null, id), ' ', h('span', { class: 'muted' }, pretty(settings)))),
          ),
      jsonBlock(caps, 'all capabilities as sent'),
    );
  }

  private clientCard(): HTMLElement | null {
    const server = this.store.server;
    if (server === undefined) return null;
    return h(
      'section',
      { class: 'card' },
      h('h3', null, 'This client'),
      h('p', { class: 'muted' }, 'What the inspector told the server it can do (every input request is answered in this page).'),
      facts([['client', `${String(server.clientInfo.name)} ${String(server.clientInfo.version)}`]]),
      jsonBlock(server.clientCapabilities, 'capabilities declared'),
    );
  }

  private stderrCard(): HTMLElement | null {
    const { stderr, warnings } = this.store;
    if (stderr === '' && warnings.length === 0) return null;
    return h(
      'section',
      { class: 'card' },
      h('h3', null, 'Notes'),
      warnings.length > 0 &&
        h(
          'ul',
          { class: 'warnings' },
          warnings.slice(-20).map((w) => h('li', null, w)),
        ),
      stderr !== '' && h('details', null, h('summary', null, 'the server’s stderr'), h('pre', { class: 'code', testid: 'stderr' }, stderr.slice(-8000))),
    );
  }
}
