import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalError } from '@mcpkit/jsonrpc';
import { connect, EraProbeError, httpCacheKey, MemoryEraCache, type DualEraClient } from '../../src/index.js';
import { startLegacyHttpFixture, type LegacyHttpFixture } from './fixtures/legacy-http-fixture.js';
import { text } from './helpers.js';

/**
 * The era probe over Streamable HTTP against every answer shape.
 * spec: 2026-07-28/pages/basic/transports/streamable-http.mdx ("Backward Compatibility")
 * spec: 2026-07-28/pages/basic/versioning.mdx (the compatibility matrix)
 */

let fixture: LegacyHttpFixture;
const clients: DualEraClient[] = [];
beforeAll(async () => {
  fixture = await startLegacyHttpFixture();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(async () => {
  await fixture.close();
});

async function open(path: string, options: Parameters<typeof connect>[1] = {}): Promise<DualEraClient> {
  const client = await connect(fixture.url(path), { eraCache: false, onWarning: () => undefined, ...options });
  clients.push(client);
  return client;
}

const posts = (path: string) => fixture.exchanges.filter((e) => e.path === path && e.method === 'POST');

describe('a legacy server answering the probe', () => {
  it.each([
    ['/status-400', 'HTTP 400'],
    ['/status-404', 'HTTP 404'],
    ['/status-405', 'HTTP 405'],
    ['/v1-400', '-32000'],
    ['/legacy-200', '-32601'],
  ])('%s: falls back to initialize', async (path, said) => {
    const client = await open(path);
    expect(client.era).toBe('legacy');
    expect(client.verdict.reason).toContain(said);
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe('hi');
    const [probe, initialize, initialized, call] = posts(path);
    // The probe is a complete modern request: version header, Mcp-Method, full _meta.
    expect(probe?.headers['mcp-protocol-version']).toBe('2026-07-28');
    expect(probe?.headers['mcp-method']).toBe('server/discover');
    expect(probe?.body?.params?._meta).toHaveProperty(['io.modelcontextprotocol/clientCapabilities']);
    // Then the legacy session: initialize without a session id, the id on everything after it.
    expect(initialize?.body?.method).toBe('initialize');
    expect(initialize?.headers['mcp-session-id']).toBeUndefined();
    expect(initialized?.body?.method).toBe('notifications/initialized');
    const session = initialized?.headers['mcp-session-id'];
    expect(session).toMatch(/^session-\d+$/);
    expect(call?.headers).toMatchObject({ 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' });
  });

  it('a server that never answers is legacy after the probe timeout (the exchange is aborted)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let decided = false;
      const opening = open('/hang', { probeTimeoutMs: 300, onVerdict: () => (decided = true) });
      // The probe's clock runs from before its POST: once the fixture has it, let 300 ms pass.
      while (posts('/hang').length === 0) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(299);
      expect(decided).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const client = await opening;
      expect(client.era).toBe('legacy');
      expect(client.verdict.reason).toContain('no answer within 300 ms');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('statuses that decide nothing', () => {
  it.each([
    ['/status-401', 401],
    ['/status-403', 403],
    ['/status-500', 500],
  ])('%s: the probe fails with EraProbeError and nothing is cached', async (path, status) => {
    const cache = new MemoryEraCache();
    const failure = await open(path, { eraCache: cache }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EraProbeError);
    expect((failure as EraProbeError).status).toBe(status);
    expect(cache.size).toBe(0);
    expect(posts(path).map((e) => e.body?.method)).not.toContain('initialize');
  });

  it('a local error of the injected fetch (e.g. a refused sign-in) reaches the caller as it is', async () => {
    class SignInRefused extends LocalError {}
    const refusing = async (): Promise<Response> => {
      throw new SignInRefused('the user closed the sign-in page');
    };
    const failure = await connect(fixture.url('/modern-sse'), { eraCache: false, http: { fetch: refusing } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SignInRefused);
  });

  it('an unreachable server fails with EraProbeError', async () => {
    await expect(connect('http://127.0.0.1:1/mcp', { eraCache: false })).rejects.toBeInstanceOf(EraProbeError);
  });
});

describe('modern answers', () => {
  it("time an injected fetch spends before sending (a user signing in) is not a legacy server's silence", async () => {
    // The default HTTP probe timeout is the request timeout, not stdio's 5 s: this sign-in takes 5.5 s
    // of a fake clock, which runs every timer the probe set meanwhile; then the real fetch goes out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let signedIn!: () => void;
    const signIn = new Promise<void>((resolve) => (signedIn = resolve));
    let signingInStarted = false;
    const signingIn = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      signingInStarted = true;
      await signIn;
      return fetch(url, init);
    };
    try {
      let decided = false;
      const opening = open('/modern-sse', { http: { fetch: signingIn }, onVerdict: () => (decided = true) });
      while (!signingInStarted) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(5_500);
      expect(decided).toBe(false);
      vi.useRealTimers();
      signedIn();
      const client = await opening;
      expect(client.era).toBe('modern');
    } finally {
      vi.useRealTimers();
    }
  });

  it('404 with a -32601 body is the modern "not found": modern', async () => {
    const client = await open('/modern-404');
    expect(client.era).toBe('modern');
    expect(posts('/modern-404').map((e) => e.body?.method)).toEqual(['server/discover']);
  });

  it('-32022 is retried with the supported version, without falling back', async () => {
    const client = await open('/modern-32022', { protocolVersions: ['2027-01-01', '2026-07-28'] });
    expect(client.era).toBe('modern');
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(posts('/modern-32022').map((e) => e.headers['mcp-protocol-version'])).toEqual(['2027-01-01', '2026-07-28']);
  });

  it('a DiscoverResult on an SSE reply is modern', async () => {
    const client = await open('/modern-sse');
    expect(client.era).toBe('modern');
    expect(client.verdict.reason).toContain('DiscoverResult');
  });
});

describe('the era cache on HTTP', () => {
  it('is keyed by origin: a second endpoint of the same origin reuses the verdict', async () => {
    const cache = new MemoryEraCache();
    const first = await open('/status-400', { eraCache: cache });
    expect(first.verdict).toMatchObject({ source: 'probe', key: httpCacheKey(fixture.url('/')) });
    const before = posts('/status-405').length;
    const second = await open('/status-405', { eraCache: cache });
    expect(second.verdict).toMatchObject({ era: 'legacy', source: 'cache' });
    expect(
      posts('/status-405')
        .slice(before)
        .map((e) => e.body?.method)[0],
    ).toBe('initialize');
  });
});
