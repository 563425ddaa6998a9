import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiscoverResult } from '@mcpkit/schema';
import type { McpClient, ModernClient } from '../src/index.js';
import { cacheable, connect, FakeServer } from './helpers/fake-server.js';

// spec: 2026-07-28/pages/server/utilities/caching.mdx ("Time-to-Live": a result is fresh while now < t_received + ttlMs)

let client: ModernClient | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await client?.close();
  client = undefined;
});

const probed = (ttlMs: number, supportedVersions = ['2026-07-28']): DiscoverResult =>
  ({
    resultType: 'complete',
    supportedVersions,
    capabilities: { tools: {} },
    serverInfo: { name: 'probed', version: '1' },
    ttlMs,
    cacheScope: 'public',
  }) as DiscoverResult;

function server(): FakeServer {
  return new FakeServer({
    'server/discover': () => cacheable({ supportedVersions: ['2026-07-28'], capabilities: {}, serverInfo: { name: 'asked', version: '1' } }, 0),
  });
}

describe('ModernClientOptions.discovered (a DiscoverResult already in hand)', () => {
  it('serves it while its ttlMs keeps it fresh, then asks the server', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const fake = server();
    const given = probed(1_000);
    ({ client } = connect(fake, { discovered: given }));
    vi.advanceTimersByTime(999);
    await expect(client.discover()).resolves.toBe(given);
    expect(fake.received('server/discover')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    await expect(client.discover()).resolves.toMatchObject({ serverInfo: { name: 'asked' } });
    expect(fake.received('server/discover')).toHaveLength(1);
  });

  it('asks the server for cache "reload" and "no-store", and serves the given result no more after that', async () => {
    const fake = server();
    ({ client } = connect(fake, { discovered: probed(60_000) }));
    await expect(client.discover({ cache: 'reload' })).resolves.toMatchObject({ serverInfo: { name: 'asked' } });
    await expect(client.discover()).resolves.toMatchObject({ serverInfo: { name: 'asked' } });
    expect(fake.received('server/discover')).toHaveLength(2);
    ({ client } = connect(fake, { discovered: probed(60_000) }));
    await expect(client.discover({ cache: 'no-store' })).resolves.toMatchObject({ serverInfo: { name: 'asked' } });
  });

  it('is not served at all when its ttlMs is 0', async () => {
    const fake = server();
    ({ client } = connect(fake, { discovered: probed(0) }));
    await expect(client.discover()).resolves.toMatchObject({ serverInfo: { name: 'asked' } });
  });

  // spec: 2026-07-28/pages/basic/versioning.mdx (the client uses a version both sides support)
  it('moves to the best common version it lists, as discover() would', () => {
    ({ client } = connect(server(), { protocolVersions: ['2027-01-01', '2026-07-28'], discovered: probed(60_000, ['2026-07-28']) }));
    expect(client.protocolVersion).toBe('2026-07-28');
  });
});

describe('rootsChanged in the modern era', () => {
  // spec: 2026-07-28/pages/client/roots.mdx (roots are asked for with an input request inside the request that needs them)
  it('sends nothing: the next request carries the question', async () => {
    const fake = server();
    ({ client } = connect(fake, { handlers: { roots: () => ({ roots: [] }) } }));
    const common: McpClient = client;
    await expect(common.rootsChanged()).resolves.toBeUndefined();
    expect(fake.requests).toEqual([]);
  });
});
