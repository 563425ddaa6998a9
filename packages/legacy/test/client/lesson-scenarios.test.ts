import type { WireEvent } from '@mcpkit/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectTarget } from '../../src/index.js';
import type { HttpExchangeInfo } from '@mcpkit/http';
import { node, SERVERS, startHttpServer, type HttpServerProcess } from './helpers.js';
import { fallbackScenario, legacyScenario, modernScenario, versionRetryScenario } from './scenarios/lesson.js';

/**
 * The four scenarios of the lesson end to end, over stdio and over HTTP, against
 * examples/everything made dual-era with `dualEra` (and made legacy-only for the fallback), each
 * server in its own process. The assertions read the wire the way the lesson tells the reader to.
 */

const DUAL = SERVERS.dualEverything;
/** A probe timeout beyond the test's own: the verdict comes from the server's answer alone, however slow its start. */
const SLOW_START = 600_000;

type Sent = { method: string; id?: unknown; params?: Record<string, unknown> };
const requests = (wire: WireEvent[], direction: 'send' | 'receive') =>
  wire.filter((e) => e.direction === direction && 'method' in e.message).map((e) => e.message as unknown as Sent);
const methods = (wire: WireEvent[]) => wire.filter((e) => e.direction === 'send').map((e) => ('method' in e.message ? e.message.method : 'response'));
const meta = (message: Sent | undefined) => message?.params?._meta as Record<string, unknown> | undefined;

describe.each(['stdio', 'http'] as const)('the lesson over %s', (kind) => {
  const servers: HttpServerProcess[] = [];
  let dual: ConnectTarget;
  let legacyOnly: ConnectTarget;

  beforeAll(async () => {
    if (kind === 'stdio') {
      dual = node(DUAL, ['stdio']);
      legacyOnly = node(DUAL, ['stdio', '--legacy-only']);
    } else {
      const [a, b] = await Promise.all([startHttpServer(DUAL, ['http']), startHttpServer(DUAL, ['http', '--legacy-only'])]);
      servers.push(a, b);
      dual = a.endpoint;
      legacyOnly = b.endpoint;
    }
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('modern: discover, call, input required, retry with a new id and the same requestState, shutdown', async () => {
    const wire: WireEvent[] = [];
    const exchanges: HttpExchangeInfo[] = [];
    const outcome = await modernScenario(dual, { probeTimeoutMs: SLOW_START, trace: (e) => wire.push(e), onExchange: (e) => exchanges.push(e) });
    expect(outcome).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', answer: expect.stringContaining('ada') });
    // The probe's DiscoverResult answers discover(): one server/discover, then the call and its retry.
    expect(methods(wire)).toEqual(['server/discover', 'tools/call', 'tools/call']);
    const [call, retry] = requests(wire, 'send').filter((m) => m.method === 'tools/call');
    expect(retry?.id).not.toBe(call?.id);
    const inputRequired = wire.find(
      (e) => e.direction === 'receive' && 'result' in e.message && (e.message.result as { resultType?: string }).resultType === 'input_required',
    );
    const state = (inputRequired?.message as { result: { requestState?: string } } | undefined)?.result.requestState;
    expect(retry?.params?.inputResponses).toMatchObject({ user_info: { action: 'accept' } });
    expect(retry?.params?.requestState).toBe(state);
    // Every modern request carries its own _meta; HTTP carries Mcp-Method and never a session id.
    for (const message of requests(wire, 'send')) expect(meta(message)?.['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
    if (kind === 'http') {
      expect(exchanges.every((e) => e.requestHeaders['mcp-session-id'] === undefined && e.responseHeaders.get('mcp-session-id') === null)).toBe(true);
      expect(exchanges.map((e) => e.requestHeaders['mcp-method'])).toEqual(['server/discover', 'tools/call', 'tools/call']);
    }
  });

  it('legacy: initialize, initialized, a server-initiated elicitation answered mid-call, shutdown', async () => {
    const wire: WireEvent[] = [];
    const exchanges: HttpExchangeInfo[] = [];
    const outcome = await legacyScenario(dual, { trace: (e) => wire.push(e), onExchange: (e) => exchanges.push(e) });
    expect(outcome).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25', answer: expect.stringContaining('ada') });
    expect(methods(wire)).toEqual(['initialize', 'notifications/initialized', 'tools/call', 'response']);
    // The arrow points from server to client: a request the modern protocol forbids.
    const asked = requests(wire, 'receive').find((m) => m.method === 'elicitation/create');
    expect(asked?.id).toBeDefined();
    const answer = wire.find((e) => e.direction === 'send' && !('method' in e.message));
    expect((answer?.message as { id?: unknown } | undefined)?.id).toBe(asked?.id);
    if (kind === 'http') {
      const session = exchanges.find((e) => e.responseHeaders.get('mcp-session-id') !== null)?.responseHeaders.get('mcp-session-id');
      expect(session).toBeTruthy();
      expect(exchanges.at(-1)).toMatchObject({ method: 'DELETE', requestHeaders: { 'mcp-session-id': session } });
    }
  });

  it('version mismatch: -32022, pick a supported version, retry', async () => {
    const wire: WireEvent[] = [];
    const outcome = await versionRetryScenario(dual, { trace: (e) => wire.push(e) });
    expect(outcome).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', answer: 'one extra round trip' });
    const calls = requests(wire, 'send').filter((m) => m.method === 'tools/call');
    expect(calls.map((m) => meta(m)?.['io.modelcontextprotocol/protocolVersion'])).toEqual(['2027-01-01', '2026-07-28']);
    const refusal = wire.find((e) => e.direction === 'receive' && 'error' in e.message);
    expect((refusal?.message as { error: { code: number; data: { supported: string[] } } } | undefined)?.error).toMatchObject({
      code: -32022,
      data: { supported: expect.arrayContaining(['2026-07-28']) },
    });
    expect(methods(wire)).not.toContain('initialize');
  });

  it('the dual-era probe falls back to initialize when the server speaks only the session era', async () => {
    const wire: WireEvent[] = [];
    const outcome = await fallbackScenario(legacyOnly, { probeTimeoutMs: SLOW_START, trace: (e) => wire.push(e) });
    expect(outcome).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25', answer: expect.stringContaining('ada') });
    expect(outcome.verdict.reason).toContain(kind === 'stdio' ? '-32600' : 'HTTP 400');
    expect(methods(wire)).toEqual(['server/discover', 'initialize', 'notifications/initialized', 'tools/call', 'response']);
  });

  it('the same probe against the dual-era server stays modern', async () => {
    const wire: WireEvent[] = [];
    const outcome = await fallbackScenario(dual, { probeTimeoutMs: SLOW_START, trace: (e) => wire.push(e) });
    expect(outcome.era).toBe('modern');
    expect(methods(wire)).toEqual(['server/discover', 'tools/call', 'tools/call']);
  });
});
