import { ResponseError } from '@mcpkit/jsonrpc';
import { afterEach, describe, expect, it } from 'vitest';
import { pickVersion, RemoteError, UnsupportedVersionError, type ModernClient } from '../src/index.js';
import { connect, done, FakeServer, text } from './helpers/fake-server.js';

// spec: 2026-07-28/pages/basic/versioning.mdx ("Protocol Version Negotiation": retry with a mutually
// supported version from `supported`, or surface an error if there is none)

const PV = 'io.modelcontextprotocol/protocolVersion';
let client: ModernClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

/** A server that serves only `served`, answering anything else with -32022. */
function serving(served: string[], also: string[] = []): FakeServer {
  const server = new FakeServer();
  server.on('tools/call', (params) => {
    const requested = params._meta[PV];
    if (!served.includes(requested)) {
      throw new ResponseError(-32022, 'Unsupported protocol version', { supported: [...served, ...also], requested });
    }
    return text(`spoke ${requested}`);
  });
  return server;
}

describe('-32022 renegotiation', () => {
  it('retries once with the best common version and keeps using it', async () => {
    const server = serving(['2027-01-01']);
    ({ client } = connect(server, { protocolVersions: ['2028-01-01', '2027-01-01', '2026-07-28'] }));
    await expect(client.callTool({ name: 'x' })).resolves.toMatchObject({ content: [{ text: 'spoke 2027-01-01' }] });
    expect(client.protocolVersion).toBe('2027-01-01');
    await client.callTool({ name: 'x' });
    expect(server.received('tools/call').map((r) => r.params?._meta?.[PV])).toEqual(['2028-01-01', '2027-01-01', '2027-01-01']);
    expect(new Set(server.received('tools/call').map((r) => r.id)).size).toBe(3);
  });

  it('prefers the client’s order among the versions both speak', () => {
    expect(pickVersion(['2027-01-01', '2026-07-28'], ['2026-07-28', '2027-01-01'])).toBe('2027-01-01');
    expect(pickVersion(['2026-07-28'], ['2025-11-25'])).toBeUndefined();
  });

  it('fails with both sides’ versions when there is none in common, and stays usable', async () => {
    const server = serving(['2025-11-25', '2025-06-18']);
    server.on('completion/complete', () => done({ completion: { values: [] } }));
    ({ client } = connect(server));
    const error = await client.callTool({ name: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedVersionError);
    expect(error).toMatchObject({ remote: false, clientVersions: ['2026-07-28'], serverVersions: ['2025-11-25', '2025-06-18'] });
    expect((error as Error).message).toBe('No protocol version in common: the server supports 2025-11-25, 2025-06-18; this client speaks 2026-07-28');
    expect((error as Error).cause).toBeInstanceOf(RemoteError);
    expect(server.received('tools/call')).toHaveLength(1);
    await expect(client.complete({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } })).resolves.toBeDefined();
  });

  it('retries only once, even if the server rejects the version it just listed', async () => {
    const server = new FakeServer({
      'tools/call': (params) => {
        throw new ResponseError(-32022, 'nope', { supported: ['2027-01-01'], requested: params._meta[PV] });
      },
    });
    ({ client } = connect(server, { protocolVersions: ['2026-07-28', '2027-01-01'] }));
    const error = await client.callTool({ name: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RemoteError', code: -32022 });
    expect(server.received('tools/call')).toHaveLength(2);
  });

  it('retries once even when the refusal lists the version that was sent', async () => {
    // The official conformance suite's request-metadata scenario answers the first request with a
    // -32022 listing the client's own version, and expects the retry.
    let refused = false;
    const server = new FakeServer({
      'tools/call': (params) => {
        if (!refused) {
          refused = true;
          throw new ResponseError(-32022, 'try again', { supported: ['2026-07-28'], requested: params._meta[PV] });
        }
        return text(`spoke ${params._meta[PV]}`);
      },
    });
    ({ client } = connect(server));
    await expect(client.callTool({ name: 'x' })).resolves.toMatchObject({ content: [{ text: 'spoke 2026-07-28' }] });
    const calls = server.received('tools/call');
    expect(calls.map((r) => r.params?._meta?.[PV])).toEqual(['2026-07-28', '2026-07-28']);
    expect(calls[0]!.id).not.toBe(calls[1]!.id);
  });

  it('surfaces a -32022 without a readable supported list as the server’s error', async () => {
    const server = new FakeServer({
      'tools/call': () => {
        throw new ResponseError(-32022, 'Unsupported protocol version', { supported: 'all of them' });
      },
    });
    ({ client } = connect(server));
    await expect(client.callTool({ name: 'x' })).rejects.toMatchObject({ name: 'RemoteError', code: -32022, remote: true });
    expect(server.received('tools/call')).toHaveLength(1);
  });

  it('moves to a better common version that discover lists', async () => {
    const server = new FakeServer({
      'server/discover': () => done({ supportedVersions: ['2027-01-01', '2026-07-28'], capabilities: {}, ttlMs: 0, cacheScope: 'public' }),
    });
    ({ client } = connect(server, { protocolVersions: ['2027-01-01', '2026-07-28'] }));
    expect(client.protocolVersion).toBe('2027-01-01');
    await client.discover();
    expect(client.protocolVersion).toBe('2027-01-01');
    ({ client } = connect(
      new FakeServer({ 'server/discover': () => done({ supportedVersions: ['2026-07-28'], capabilities: {}, ttlMs: 0, cacheScope: 'public' }) }),
      { protocolVersions: ['2027-01-01', '2026-07-28'] },
    ));
    await client.discover();
    expect(client.protocolVersion).toBe('2026-07-28');
  });

  it('renegotiates a listen stream too', async () => {
    const server = new FakeServer({
      'subscriptions/listen': async (params, ctx, request) => {
        const requested = params._meta[PV];
        if (requested !== '2026-07-28') throw new ResponseError(-32022, 'Unsupported protocol version', { supported: ['2026-07-28'], requested });
        const tag = { 'io.modelcontextprotocol/subscriptionId': request.id };
        await ctx.notify({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { _meta: tag, notifications: params.notifications } });
        return new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve(null)));
      },
    });
    ({ client } = connect(server, { protocolVersions: ['2099-01-01', '2026-07-28'] }));
    const stream = client.listen({ toolsListChanged: true });
    await expect(stream.acknowledged).resolves.toEqual({ granted: { toolsListChanged: true }, denied: {} });
    expect(server.received('subscriptions/listen').map((r) => r.params._meta[PV])).toEqual(['2099-01-01', '2026-07-28']);
    expect(client.protocolVersion).toBe('2026-07-28');
  });
});
