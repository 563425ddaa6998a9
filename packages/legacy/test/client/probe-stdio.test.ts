import { ModernClient, UnsupportedVersionError } from '@mcpkit/client';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { connect, LegacyClient, LegacyHandshakeError, MemoryEraCache, stdioCacheKey, type DualEraClient, type EraVerdict } from '../../src/index.js';
import { node, recorder, sentMeta, SERVERS, tempFile, text } from './helpers.js';

/**
 * The era probe over stdio against every answer shape a legacy server gives an unknown first
 * request, and against modern servers.
 * spec: 2026-07-28/pages/basic/versioning.mdx ("Backward Compatibility with Initialization-Based Versions")
 * spec: 2026-07-28/pages/basic/transports/stdio.mdx ("Backward Compatibility")
 */

/**
 * A probe timeout beyond any test's own: here the verdict comes from the server's answer alone, however
 * long a loaded machine takes to start it (the timeout itself is tested on a fake clock below).
 */
const SLOW_START = 600_000;

const clients: DualEraClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function open(mode: string, options: Parameters<typeof connect>[1] = {}, env?: NodeJS.ProcessEnv): Promise<DualEraClient> {
  const client = await connect(node(SERVERS.legacyStdio, [mode], env), { eraCache: false, probeTimeoutMs: SLOW_START, onWarning: () => undefined, ...options });
  clients.push(client);
  return client;
}

async function seen(client: DualEraClient): Promise<string[]> {
  return JSON.parse(text(await client.callTool({ name: 'received' }))) as string[];
}

describe('a legacy server answering the probe with an error', () => {
  // The fallback never depends on one code: legacy servers answer -32601, -32600, -32602 or an id-less error.
  it.each([
    ['method-not-found', '-32601'],
    ['invalid-request', '-32600'],
    ['invalid-params', '-32602'],
    ['null-id', 'without id'],
  ])('%s: falls back to initialize on the same process', async (mode, said) => {
    const wire = recorder();
    const client = await open(mode, { trace: wire.trace });
    expect(client.era).toBe('legacy');
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(client.verdict).toMatchObject({ era: 'legacy', source: 'probe', protocolVersion: '2025-11-25' });
    expect(client.verdict.reason).toContain(said);
    // One process saw the probe and then the whole handshake: it was reused, not respawned.
    expect(await seen(client)).toEqual(['server/discover', 'initialize', 'notifications/initialized', 'tools/call']);
    // The probe carries the full modern _meta (basic/index.mdx "_meta").
    expect(sentMeta(wire.events, 'server/discover')[0]).toMatchObject({
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: '@mcpkit/legacy' },
    });
  });
});

describe('a legacy server that never answers the probe', () => {
  it('times out, cancels the probe, and initializes the same process', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let client: DualEraClient;
    try {
      const wire = recorder();
      let decided = false;
      const opening = open('silent', { probeTimeoutMs: 300, trace: wire.trace, onVerdict: () => (decided = true) });
      // The probe's clock starts before it is sent: once it is out, let 300 ms pass.
      while (!wire.sent().includes('server/discover')) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(299);
      expect(decided).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      client = await opening;
    } finally {
      vi.useRealTimers();
    }
    expect(client.era).toBe('legacy');
    expect(client.verdict.reason).toContain('no answer within 300 ms');
    expect(await seen(client)).toEqual(['server/discover', 'notifications/cancelled', 'initialize', 'notifications/initialized', 'tools/call']);
  });
});

describe('a legacy server that exits on an unknown first message', () => {
  it('is spawned again and the handshake goes on', async () => {
    const spawns = tempFile('spawns.log');
    try {
      const client = await open('exit', {}, { SPAWN_LOG: spawns.path });
      expect(client.era).toBe('legacy');
      expect(client.verdict.reason).toContain('closed the connection');
      const pids = spawns.read().trim().split('\n');
      expect(pids).toHaveLength(2);
      expect(text(await client.callTool({ name: 'whoami' }))).toBe(pids[1]);
      expect(await seen(client)).toEqual(['initialize', 'notifications/initialized', 'tools/call', 'tools/call']);
    } finally {
      spawns.cleanup();
    }
  });
});

describe('modern errors settle the era as modern', () => {
  it('-32021 is modern: no initialize is sent', async () => {
    const wire = recorder();
    const client = await open('modern-32021', { trace: wire.trace });
    expect(client.era).toBe('modern');
    expect(client.verdict.reason).toContain('-32021');
    expect(wire.sent()).toEqual(['server/discover']);
  });

  it('-32022 naming only a legacy version is answered with initialize at that version', async () => {
    const client = await open('legacy-only-32022');
    expect(client.era).toBe('legacy');
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(client.verdict.reason).toContain('-32022');
  });

  it('-32022 naming no version this client speaks fails with UnsupportedVersionError', async () => {
    await expect(open('no-common-32022')).rejects.toBeInstanceOf(UnsupportedVersionError);
  });
});

describe('the legacy handshake', () => {
  it('disconnects from a server that settles on a version the client does not speak', async () => {
    // 2025-11-25 lifecycle.mdx "Version Negotiation": the client SHOULD disconnect.
    const failure = open('old-version').catch((error: unknown) => error);
    await expect(failure).resolves.toBeInstanceOf(LegacyHandshakeError);
    expect(((await failure) as LegacyHandshakeError).message).toContain('2024-10-07');
  });
});

describe('modern servers', () => {
  it('a DiscoverResult means modern', async () => {
    const wire = recorder();
    const client = await connect(node(SERVERS.everythingStdio), { eraCache: false, trace: wire.trace, probeTimeoutMs: SLOW_START });
    clients.push(client);
    expect(client.era).toBe('modern');
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(client.verdict.reason).toContain('DiscoverResult');
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    expect(wire.sent()).not.toContain('initialize');
  });

  it('-32022 is retried with a supported version and never falls back', async () => {
    const wire = recorder();
    const client = await connect(node(SERVERS.everythingStdio), {
      eraCache: false,
      trace: wire.trace,
      probeTimeoutMs: SLOW_START,
      protocolVersions: ['2027-01-01', '2026-07-28'],
    });
    clients.push(client);
    expect(client.era).toBe('modern');
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(client.verdict.reason).toContain('-32022');
    const versions = sentMeta(wire.events, 'server/discover').map((meta) => meta['io.modelcontextprotocol/protocolVersion']);
    expect(versions).toEqual(['2027-01-01', '2026-07-28']);
    expect(wire.sent()).not.toContain('initialize');
  });
});

describe('what connect() resolves to', () => {
  it('is the modern or the legacy client, narrowed by era: each era has its own methods and no method only to throw', async () => {
    const wire = recorder();
    const modern = await connect(node(SERVERS.everythingStdio), { eraCache: false, probeTimeoutMs: SLOW_START });
    clients.push(modern);
    const legacy = await open('method-not-found', { trace: wire.trace });
    expectTypeOf(modern).toEqualTypeOf<DualEraClient>();
    expectTypeOf<DualEraClient['era']>().toEqualTypeOf<'modern' | 'legacy'>();
    expectTypeOf<DualEraClient>().not.toHaveProperty('ping');
    expectTypeOf<DualEraClient>().not.toHaveProperty('step');
    expectTypeOf<DualEraClient['verdict']>().toEqualTypeOf<EraVerdict>();

    expect(modern.era).toBe('modern');
    if (modern.era !== 'modern') throw new Error('expected modern');
    expectTypeOf(modern).toMatchTypeOf<ModernClient>();
    expectTypeOf(modern).not.toHaveProperty('ping');
    expect(modern).toBeInstanceOf(ModernClient);
    expect('ping' in modern || 'setLoggingLevel' in modern).toBe(false);
    const step = await modern.step('tools/call', { name: 'test_simple_text' });
    expect(step.kind).toBe('complete');

    expect(legacy.era).toBe('legacy');
    if (legacy.era !== 'legacy') throw new Error('expected legacy');
    expectTypeOf(legacy).toMatchTypeOf<LegacyClient>();
    expectTypeOf(legacy).not.toHaveProperty('step');
    expect(legacy).toBeInstanceOf(LegacyClient);
    expect('step' in legacy).toBe(false);
    expect(typeof legacy.setLoggingLevel).toBe('function');
    await legacy.ping();
    expect(wire.sent()).toContain('ping');
    // Both keep the verdict that chose them, read-only.
    expect(modern.verdict).toMatchObject({ era: 'modern', source: 'probe' });
    expect(legacy.verdict).toMatchObject({ era: 'legacy', source: 'probe' });
    expect(() => Object.assign(legacy, { verdict: { era: 'modern' } })).toThrow(TypeError);
  });
});

describe('the era cache', () => {
  it('keeps the verdict per command line and skips the probe next time', async () => {
    const cache = new MemoryEraCache();
    const first = await open('method-not-found', { eraCache: cache });
    expect(first.verdict.source).toBe('probe');
    const wire = recorder();
    const second = await open('method-not-found', { eraCache: cache, trace: wire.trace });
    expect(second.verdict).toMatchObject({ era: 'legacy', source: 'cache', key: stdioCacheKey(process.execPath, [SERVERS.legacyStdio, 'method-not-found']) });
    expect(wire.sent()[0]).toBe('initialize');
    expect(await seen(second)).toEqual(['initialize', 'notifications/initialized', 'tools/call']);
  });

  it('probes again when a cached legacy verdict is disproved by initialize', async () => {
    const cache = new MemoryEraCache();
    const spawn = node(SERVERS.everythingStdio);
    const key = stdioCacheKey(spawn.command, spawn.args);
    cache.set(key, { era: 'legacy', reason: 'an old verdict' });
    const client = await connect(spawn, { eraCache: cache, probeTimeoutMs: SLOW_START, onWarning: () => undefined });
    clients.push(client);
    expect(client.era).toBe('modern');
    expect(cache.get(key)?.era).toBe('modern');
  });

  it('a verdict passed in skips the probe', async () => {
    const wire = recorder();
    const client = await open('method-not-found', { era: 'legacy', trace: wire.trace });
    expect(client.verdict.source).toBe('option');
    expect(wire.sent()[0]).toBe('initialize');
  });
});
